#include <math.h>
/* Colouring: an infer op fed by an allow op becomes allow; deny flows forward through infer
 * (and wins over allow). */
float colour(float a, float b, float x, float y) {
  float p = fmaf(a, b, x) * y + x; /* * fed by the allowed fmaf: allow; + fed by that *: allow */
  float q = (x / y) * x + y;       /* * fed by the denied /: deny; + fed by that *: deny */
  float r = -(float)(x * y);       /* a cast is clear: colour flows through it */
  return p + q + r;                /* p (allow) + q (deny) is deny, and so the + after it */
}
