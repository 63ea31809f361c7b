#ifndef SHARED_H
#define SHARED_H
/* Included by both units: rewritten once, and the units agree. */
static inline float lerp(float a, float b, float t) { return a + t * (b - a); }
#endif
