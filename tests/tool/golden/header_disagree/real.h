/* REAL is float in one unit and double in the other: the same text computes in two types, so
 * the units disagree and the operation is left alone. The unconditional one is rewritten. */
#ifndef REAL
#define REAL float
#endif
static inline REAL square(REAL x) { return x * x; }
static inline float half(float x) { return x * 0.5f; }
