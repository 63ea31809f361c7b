// A local that a steering local is computed from steers too: a residual's term decides whether its
// norm meets the tolerance (rounded to fp16, the norm of a Gauss-Seidel solve stayed at the
// format's noise and the loop ran to its cap: 100000 sweeps where the original needs 3729), as do
// an error estimate's parts in an adaptive step (`sc = tol * (1 + fabs(y))` flushed to zero in
// fp16, and the step was never accepted). One step back only: what the term is computed from in
// turn (the solution's own updates, an integrand, a force) is the bulk of the work, whose rounding
// a tolerance absorbs; nor behind a comparison with zero (a guard), whose sign rounding keeps. The
// rest of a sum into the norm (`r * r`) and a term read from memory (`d[i] - e[i]`) are data.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
#include <math.h>
#define N 64
static float v[N], f[N], d[N], e[N];

static float residual(void) {
  float r2 = 0.0f;
  for (int i = 1; i < N - 1; i++) {
    float r = f[i] - (2.0f * v[i] - v[i - 1] - v[i + 1]);
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"skipped",{{.*}}"reason":"steers control flow: 'r' goes into 'r2', which is read by {{.*}}"
    // REPORT: input.c:[[@LINE-2]]:28: {"action":"skipped",{{.*}}"reason":"steers control flow: 'r' goes into 'r2', which is read by {{.*}}"
    r2 += r * r;
    // REPORT: input.c:[[@LINE-1]]:13: {"action":"keep",{{.*}}"op":"square_sum"
  }
  return sqrtf(r2);
}

int solve(float tol) {
  int sweeps = 0;
  while (residual() > tol && sweeps < 100000) {
    for (int i = 1; i < N - 1; i++)
      v[i] = 0.5f * (v[i - 1] + v[i + 1] + f[i]);
    sweeps++;
  }
  return sweeps;
}

int converged_in_memory(float tol) {
  float s = 0.0f;
  for (int i = 0; i < N; i++)
    s += (d[i] - e[i]) * (d[i] - e[i]);
  // REPORT: input.c:[[@LINE-1]]:16: {"action":"cast",{{.*}}"op":"sub"
  return s < tol;
}

float adaptive(float y, float h, float tol, int *accepted) {
  float t = 0.0f;
  while (t < 1.0f) {
    float lo = y - h * y, hi = y - 0.5f * h * (y + (y - h * y));
    float sc = tol * (1.0f + fabsf(y));
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"skipped",{{.*}}"reason":"steers control flow: 'sc' goes into 'err', which is read by {{.*}}"
    float err = fabsf(hi - lo) / sc;
    if (err <= 1.0f) {
      t += h;
      y = hi;
      ++*accepted;
    }
    h *= 0.9f;
  }
  return y;
}

// A guard compares with zero: rounding keeps the sign, so what the norm is computed from is data.
void normalise(float *out, const float *x, int n) {
  float nrm = 0.0f;
  for (int i = 0; i < n; i++) {
    float v = tanhf(0.5f * x[i]);
    // REPORT: input.c:[[@LINE-1]]:26: {"action":"cast",{{.*}}"op":"mul"
    out[i] = v;
    nrm += v * v;
  }
  nrm = sqrtf(nrm);
  if (nrm > 0.0f)
    for (int i = 0; i < n; i++)
      out[i] /= nrm;
}
