// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %S/gemm_only.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
/* Float arrays summed in double: the runtime's GEMM computes in one type (float products, FP32
 * sums); the loops are left as written, with the reason. */
void widened(float *c, const float *a, const float *b, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"widened","op":"matmul","reason":"not substituted as a GEMM: the products or the sum are computed in another type than the arrays hold","spelling":"matmul","type":"double","variable":"s"}
    for (int j = 0; j < N; j++) {
      double s = 0.0;
      for (int k = 0; k < K; k++)
        s += a[i * K + k] * b[k * N + j];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"widened","op":"accumulate","rule":"class:deny","spelling":"+=","type":"double","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"widened","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      c[i * N + j] = s;
    }
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"widened":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}}
// REPORT: rules: "gemm_only.yaml"
// REPORT: steps: {"loops":[],"source":"none"}
// REPORT: summary: 2 float operations in 1 file: 2 kept, 0 skipped; 1 matmul not substituted (the report says why)
