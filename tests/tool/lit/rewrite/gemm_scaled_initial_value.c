/* A sum that starts from an element times a factor (BLAS's beta written as loops, `float s = beta
 * * c[i][j]`, a bias doubled) is no GEMM: the runtime's C = A.B + D adds D as it is, and the call
 * had dropped the factor (C = 108 for 58 under pass-through rules). The loops stay, their product
 * a dot product; an element alone still starts the GEMM's sum. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
void gemm_beta(int m, int n, int k, const float *a, const float *b, float *c, float beta) {
  for (int i = 0; i < m; i++)
    // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow",{{.*}}"op":"matmul","reason":"not substituted as a GEMM: the initial value `beta * c[i * n + j]` is an element times a factor, which the GEMM does not scale"
    for (int j = 0; j < n; j++) {
      float s = beta * c[i * n + j];
      for (int p = 0; p < k; p++)
        s += a[i * k + p] * b[j * k + p];
      // REPORT: input.c:[[@LINE-1]]:27: {"action":"scale","class":"allow",{{.*}}"op":"dot_mul",{{.*}}"spelling":"*"
      c[i * n + j] = s;
    }
}

void linear_doubled_bias(int m, int n, int k, const float *x, const float *w, const float *bias, float *y) {
  for (int i = 0; i < m; i++)
    // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow",{{.*}}"op":"matmul","reason":"not substituted as a GEMM: the initial value `bias[j] * 2.0f` is an element times a factor
    for (int j = 0; j < n; j++) {
      float s = bias[j] * 2.0f;
      for (int p = 0; p < k; p++)
        s += x[i * k + p] * w[j * k + p];
      y[i * n + j] = s;
    }
}

void linear_bias(int m, int n, int k, const float *x, const float *w, const float *bias, float *y) {
  for (int i = 0; i < m; i++)
    // REPORT: input.c:[[@LINE-1]]:3: {"action":"scale","class":"allow",{{.*}}"gemm":"loops","op":"matmul"
    for (int j = 0; j < n; j++) {
      float s = bias[j];
      for (int p = 0; p < k; p++)
        s += x[i * k + p] * w[j * k + p];
      y[i * n + j] = s;
    }
}
