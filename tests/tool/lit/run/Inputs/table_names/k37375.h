/* Its name and k23222.h's fold to one 32-bit FNV-1a hash. */
static inline float kb(float x) { return x - 0.5f; }
static inline float kc(float x) { return x * x; }
static inline float kd(float x) { return x / 3.0f; }
static inline float ke(float x) { return x + 0.25f; }
