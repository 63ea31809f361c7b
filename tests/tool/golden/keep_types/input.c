/* long double, complex and vector arithmetic are not rewritten (reported with the reason). */
#include <complex.h>
typedef float v4sf __attribute__((vector_size(16)));
int types(long double a, float complex z, v4sf v, float x) {
  long double b = a * a;
  float complex w = z * z;
  v4sf u = v * v;
  return (int)b + (int)crealf(w) + (int)u[0] + (x > 0);
}
