/* Math calls written through function-like macros whose whole body is the call (the PolyBench
 * SQRT_FUN(x) style): the invocation is wrapped and its argument text rewritten, so the call is
 * still rewritten. A macro that uses an argument twice, puts a constant of its own in the call or
 * wraps the call in more than the call stays as it is, with its reason. */
#include <math.h>

#define ROOT_OF(x) sqrtf(x)
#define EXP_OF(x) expf(x)
#define POW_OF(b, e) powf(b, e)
#define SELF_POW(x) powf(x, x)
#define HALF_POW(x) powf(x, 0.5f)
#define ROOT_PAREN(x) (sqrtf(x))

float soft_norm(const float *v, int n, float t) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += EXP_OF(v[i] / t);
  return ROOT_OF(s * 2.0f) + POW_OF(t, (float)n);
}

float refused(float x) {
  return SELF_POW(x) + HALF_POW(x) + ROOT_PAREN(x);
}
