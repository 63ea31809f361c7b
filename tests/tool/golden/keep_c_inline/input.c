/* An inline function with external linkage may not refer to the file's static site table
 * (C11 6.7.4p3), so its operations stay; a static inline function's are rewritten. */
inline float scale_extern(float x, float s) { return x * s; }
static inline float scale_static(float x, float s) { return x * s; }
float use(float x) { return scale_static(x, 2.0f) + scale_extern(x, 3.0f); }
