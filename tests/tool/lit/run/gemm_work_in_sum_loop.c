// A GEMM nest with other work in the loop that sums (a second sum, a count, a running maximum
// beside the product) is no GEMM with its loops kept behind the call: where the call computes the
// sums, that loop does not run, and the work in it would not either (pass-through printed
// C[0][0] = 0.1875 for -0.3125 and a count of 0 for 36). The loops stay, with the reason, and
// pass-through prints the original's bits; work after the store still joins the call's sums.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -O2 -ffp-contract=off input.c -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <stdio.h>

enum { M = 6, N = 5, K = 7 };
static float A[M][K], B[K][N], C[M][N], D[M][N];

// REPORT: input.c:[[#@LINE+4]]:3: {"action":"skipped",{{.*}}"op":"matmul","reason":"not substituted as a GEMM:
static int sums_and_counts(void) {
  int count = 0;
  float top = -1e30f;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0.0f, t = 0.0f;
      for (int k = 0; k < K; k++) {
        s += A[i][k] * B[k][j];
        t += A[i][k];
        count++;
        if (B[k][j] > top)
          top = B[k][j];
      }
      C[i][j] = s + t + top;
    }
  return count;
}

// REPORT: input.c:[[#@LINE+3]]:3: {"action":"cast",{{.*}}"gemm":"loops",{{.*}}"op":"matmul"
static float largest_after_store(void) {
  float top = -1e30f;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += A[i][k] * B[k][j];
      D[i][j] = s;
      if (s > top)
        top = s;
    }
  return top;
}

int main(void) {
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      A[i][k] = 0.25f * (float)(i + k) - 0.5f;
  for (int k = 0; k < K; k++)
    for (int j = 0; j < N; j++)
      B[k][j] = 0.5f * (float)(k - j) + 0.125f;
  const int count = sums_and_counts();
  const float top = largest_after_store();
  printf("%a %a %a %a %d %a\n", C[0][0], C[M - 1][N - 1], D[0][0], D[M - 1][N - 1], count, top);
  return 0;
}
