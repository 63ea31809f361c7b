// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %S/gemm_only.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
/* An index clamped by a macro (a convolution's border) is not affine; the reason names the macro
 * call it comes from, since part of a macro's expansion has no text of its own. */
#define CLAMP(v, lo, hi) ((v) < (lo) ? (lo) : ((v) > (hi) ? (hi) : (v)))
void clamped(float *out, const float *in, const float *w, int n) {
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int k = 0; k < 3; k++)
      acc += in[CLAMP(i + k - 1, 0, n - 1)] * w[k];
    out[i] = acc;
  }
}
// REPORT: "reason":"not substituted as a GEMM: index 'CLAMP(i + k - 1, 0, n - 1)' is not affine in the loop variables
