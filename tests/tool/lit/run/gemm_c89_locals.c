// A GEMM written as netlib's reference SGEMM writes it, in C89: one `float temp;` at the top for
// every path, given its value by an assignment in the loops (`temp = alpha * b[l + j * ldb];`, a
// factor hoisted out of the inner loop; `temp = 0.0f;`, a dot product's accumulator). Each such
// assignment starts a value no other reaches, as a declaration in its place would, so both paths
// fold into a call (neither had been found: the factor's product was a plain multiply, the sum
// "declared outside the loops"); not where the loop around the product writes it again. Pass-
// through prints the original's bits.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -O2 -ffp-contract=off input.c -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <stdio.h>
#include <stdlib.h>
/* netlib's SGEMM, C89 style: one temp for every path. */
static void sgemm(int transa, int m, int n, int k, float alpha, const float *a, int lda,
                  const float *b, int ldb, float beta, float *c, int ldc) {
  int i, j, l;
  float temp;
  if (!transa) {
    for (j = 0; j < n; j++) {
      if (beta == 0.0f) {
        for (i = 0; i < m; i++) c[i + j * ldc] = 0.0f;
      } else if (beta != 1.0f) {
        for (i = 0; i < m; i++) c[i + j * ldc] = beta * c[i + j * ldc];
        // REPORT: input.c:[[@LINE-1]]:55: {"action":"cast","class":"deny","format":"fp32","function":"sgemm","op":"update","program":"runs with its loop (line 26) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:deny","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"c"}
      }
    }
    for (j = 0; j < n; j++)
    // REPORT: input.c:[[@LINE-1]]:5: {"action":"cast","class":"allow","format":"fp32","function":"sgemm","gemm":"loops","op":"matmul","rounding":"inputs","rule":"class:allow","site":1,"spelling":"matmul","strategy":"delayed","type":"float","variable":"c"}
      for (l = 0; l < k; l++) {
        temp = alpha * b[l + j * ldb];
        // REPORT: input.c:[[@LINE-1]]:22: {"action":"in_matmul","class":"infer","function":"sgemm","matmul":"input.c:[[@LINE-4]]:5","op":"mul","spelling":"*","type":"float","variable":"temp"}
        for (i = 0; i < m; i++) c[i + j * ldc] += temp * a[i + l * lda];
        // REPORT: input.c:[[@LINE-1]]:48: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-1]]:56"],"function":"sgemm","matmul":"input.c:[[@LINE-6]]:5","op":"accumulate","spelling":"+=","type":"float","variable":"c"}
        // REPORT: input.c:[[@LINE-2]]:56: {"action":"in_matmul","class":"allow","fed_by":["input.c:[[@LINE-4]]:22"],"function":"sgemm","matmul":"input.c:[[@LINE-7]]:5","op":"dot_mul","spelling":"*","type":"float","variable":"c"}
      }
  } else {
    for (j = 0; j < n; j++)
    // REPORT: input.c:[[@LINE-1]]:5: {"action":"cast","class":"allow","format":"fp32","function":"sgemm","gemm":"loops","note":"its loops stay to compute the value stored from the sum at line 47, each sum read from the call's buffer","op":"matmul","rounding":"inputs","rule":"class:allow","site":2,"spelling":"matmul","strategy":"delayed","type":"float","variable":"c"}
      for (i = 0; i < m; i++) {
        temp = 0.0f;
        for (l = 0; l < k; l++) temp += a[l + i * lda] * b[l + j * ldb];
        // REPORT: input.c:[[@LINE-1]]:38: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-1]]:56"],"function":"sgemm","matmul":"input.c:[[@LINE-5]]:5","op":"accumulate","spelling":"+=","type":"float","variable":"temp"}
        // REPORT: input.c:[[@LINE-2]]:56: {"action":"in_matmul","class":"allow","function":"sgemm","matmul":"input.c:[[@LINE-6]]:5","op":"dot_mul","spelling":"*","type":"float","variable":"temp"}
        c[i + j * ldc] = alpha * temp + beta * c[i + j * ldc];
        // REPORT: input.c:[[@LINE-1]]:32: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-4]]:38"],"format":"fp32","function":"sgemm","op":"update","program":"one call per operation: a statement of the loop is not an assignment of a float","rounding":"output","rule":"class:deny","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":"c"}
        // REPORT: input.c:[[@LINE-2]]:39: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-2]]:32","input.c:[[@LINE-2]]:46"],"format":"fp32","function":"sgemm","op":"update","program":"one call per operation: a statement of the loop is not an assignment of a float","rounding":"output","rule":"class:deny","site":4,"spelling":"+","strategy":"delayed","type":"float","variable":"c"}
        // REPORT: input.c:[[@LINE-3]]:46: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-3]]:39"],"format":"fp32","function":"sgemm","op":"update","program":"one call per operation: a statement of the loop is not an assignment of a float","rounding":"output","rule":"class:deny","site":5,"spelling":"*","strategy":"delayed","type":"float","variable":"c"}
      }
  }
}
/* A value the loop around the product changes after its start (`temp *= 2`): its next iteration
 * reads that, so no call computes this product. */
static void scaled_rows(int m, int k, const float *a, const float *b, float *c) {
  int i, l;
  float temp;
  for (i = 0; i < m; i++) {
    temp = b[i];
    for (l = 0; l < k; l++) {
      c[i] += temp * a[l + i * k];
      // REPORT: input.c:[[@LINE-1]]:12: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-1]]:20"],"format":"fp32","function":"scaled_rows","op":"accumulate","program":"runs with its loop (line 61) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:deny","site":6,"spelling":"+=","strategy":"delayed","type":"float","variable":"c"}
      // REPORT: input.c:[[@LINE-2]]:20: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE+1]]:12"],"format":"fp32","function":"scaled_rows","op":"mul","program":"runs with its loop (line 61) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:deny","site":7,"spelling":"*","strategy":"delayed","type":"float","variable":"c"}
      temp *= 0.5f;
      // REPORT: input.c:[[@LINE-1]]:12: {"action":"cast","class":"deny","format":"fp32","function":"scaled_rows","op":"update","program":"runs with its loop (line 61) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:deny","site":8,"spelling":"*=","strategy":"delayed","type":"float","variable":"temp"}
    }
  }
}
int main(void) {
  enum { M = 64, N = 48, K = 80 };
  float *a = malloc(sizeof(float) * K * M), *b = malloc(sizeof(float) * K * N), *c = malloc(sizeof(float) * M * N);
  for (int i = 0; i < K * M; i++) a[i] = (float)((i * 37) % 101) / 101.0f - 0.5f;
  // REPORT: input.c:[[@LINE-1]]:66: {"action":"skipped","class":"deny","function":"main","op":"div","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"/","type":"float","variable":"a"}
  // REPORT: input.c:[[@LINE-2]]:75: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE-2]]:66"],"function":"main","op":"sub","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"-","type":"float","variable":"a"}
  for (int i = 0; i < K * N; i++) b[i] = (float)((i * 53) % 97) / 97.0f - 0.5f;
  // REPORT: input.c:[[@LINE-1]]:65: {"action":"skipped","class":"deny","function":"main","op":"div","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"/","type":"float","variable":"b"}
  // REPORT: input.c:[[@LINE-2]]:73: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE-2]]:65"],"function":"main","op":"sub","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"-","type":"float","variable":"b"}
  for (int i = 0; i < M * N; i++) c[i] = (float)(i % 13) / 13.0f;
  // REPORT: input.c:[[@LINE-1]]:58: {"action":"skipped","class":"deny","function":"main","op":"div","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"/","type":"float","variable":"c"}
  for (int it = 0; it < 4; it++) {
    sgemm(0, M, N, K, 0.75f, a, M, b, K, 0.5f, c, M);
    sgemm(1, M, N, K, 0.25f, a, K, b, K, 0.5f, c, M);
  }
  scaled_rows(M, K, a, b, c);
  double s = 0;
  for (int i = 0; i < M * N; i++) s += c[i] * (1 + i % 7);
  // REPORT: input.c:[[@LINE-1]]:37: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-1]]:45"],"format":"fp32","function":"main","op":"accumulate","program":"one call per operation: a statement of the loop is not an assignment of a float","rounding":"output","rule":"class:deny","site":9,"spelling":"+=","strategy":"delayed","type":"double","variable":"s"}
  // REPORT: input.c:[[@LINE-2]]:45: {"action":"cast","class":"infer","format":"fp32","function":"main","op":"mul","program":"one call per operation: a statement of the loop is not an assignment of a float","rounding":"output","rule":"class:infer","site":10,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
  printf("%.9g %.9g %.9g\n", s, c[0], c[M * N - 1]);
  return 0;
}
// REPORT: file: {"changed":true,"path":"input.c","sites":11,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"main":{"conversions":0,"converted":0,"line":"converted 0 of 7 operations using 0 conversions","operations":7},"scaled_rows":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"sgemm":{"conversions":0,"converted":0,"line":"converted 0 of 11 operations using 0 conversions","operations":11}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 21 operations using 0 conversions","operations":21}}
// REPORT: rules: "passthrough.yaml"
// REPORT: steps: {"loops":[{"file":"input.c","function":"main","line":81}],"source":"found"}
// REPORT: summary: 21 float operations in 1 file: 11 cast fp32, 0 kept, 5 in matmuls, 5 skipped; steps end at input.c:81 (found)
