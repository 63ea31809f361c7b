// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %S/gemm_only.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
/* The result is also a factor (C = C·C in place): the loops read elements they already wrote, so
 * each sum takes in earlier ones, an elimination (op update, kept FP32 by the deny class) and no
 * GEMM, which could not write what it reads either. Left as written. */
void square_in_place(float *c, int M, int N, int K) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += c[i * K + k] * c[k * N + j];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"square_in_place","op":"update","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"keep","class":"deny","function":"square_in_place","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"s"}
      c[i * N + j] = s;
    }
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"square_in_place":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2}}
// REPORT: rules: "gemm_only.yaml"
// REPORT: steps: {"loops":[],"source":"none"}
// REPORT: summary: 2 float operations in 1 file: 2 kept, 0 skipped
