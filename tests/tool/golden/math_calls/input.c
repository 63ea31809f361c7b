#include <math.h>
/* Math calls: each floating argument is an operand slot, the result is the site's output. */
float f(float x, double d, int n) {
  float a = expf(x);
  double b = sqrt(n);        /* int argument converted to double */
  float c = fmaf(x, a, 1.0f);
  double e = pow(d, 2);
  float g = ldexpf(x, n);    /* not float-in float-out: not a math operation */
  return a + (float)b + c + (float)e + g;
}
