// A two-dimensional time step written out of place is an update as the one-dimensional one is:
// `un[i][j] = u[i][j] + r * (u[i - 1][j] + ... - 4 * u[i][j])` into rows exchanged by pointers to
// arrays, or copied back element by element (updates, kept FP32 by the default rules; in fp16 a
// 10 K peak stalled 1.5 K too high). A product of other rows (`c[i][j] = a[i][k] * b[k][j]`)
// reads no element beside the one written, and is data.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
#define M 16
static float A[M][M], B[M][M];
void heat(float r, int steps) {
  float (*u)[M] = A, (*un)[M] = B, (*t)[M];
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < M - 1; i++)
      for (int j = 1; j < M - 1; j++)
        un[i][j] = u[i][j] + r * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] - 4.0f * u[i][j]);
    // REPORT: input.c:[[@LINE-1]]:28: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"un"}
    t = u;
    u = un;
    un = t;
  }
}
void heat_copied(float r, int steps) {
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < M - 1; i++)
      for (int j = 1; j < M - 1; j++)
        B[i][j] = A[i][j] + r * (A[i - 1][j] + A[i + 1][j] - 2.0f * A[i][j]);
    // REPORT: input.c:[[@LINE-1]]:27: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"B"}
    for (int i = 1; i < M - 1; i++)
      for (int j = 1; j < M - 1; j++)
        A[i][j] = B[i][j];
  }
}
void product(float c[M][M], float a[M][M], float b[M][M], int steps) {
  for (int s = 0; s < steps; s++)
    for (int i = 0; i < M; i++)
      for (int j = 0; j < M; j++) {
        c[i][j] = 0.0f;
        for (int k = 0; k < M; k++)
          c[i][j] += a[i][k] * b[k][j];
        // REPORT: input.c:[[@LINE-1]]:30: {"action":"in_matmul",{{.*}}"op":"dot_mul",{{.*}}
      }
}
