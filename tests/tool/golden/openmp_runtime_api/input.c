/* OpenMP code that includes <omp.h> and calls its runtime API: Clang 19 as Debian ships it has no
 * omp.h (and GCC's does not parse with Clang), so the tool parses with a stand-in and leaves the
 * include for the user's compiler. */
#include <omp.h>

double scaled_sum(const float *x, int n, float s) {
  double t0 = omp_get_wtime();
  float total = 0.0f;
#pragma omp parallel
  {
    float part = 0.0f;
    int nt = omp_get_num_threads();
    for (int i = omp_get_thread_num(); i < n; i += nt)
      part += x[i] * s;
#pragma omp atomic
    total += part;
  }
  return total + (omp_get_wtime() - t0) * 0.0;
}

/* Every form of an atomic update keeps its operator; what it adds is rewritten. */
float atomic_forms(float *acc, const float *x, float s) {
  float old;
#pragma omp parallel
  {
#pragma omp atomic update
    acc[0] = acc[0] * (x[0] + s);
#pragma omp atomic
    acc[1]++;
#pragma omp atomic capture
    old = acc[2] -= x[1] * s;
#pragma omp atomic write
    acc[3] = x[2] * s;
  }
  return old;
}
