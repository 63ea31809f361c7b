// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %S/gemm_only.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
/* The result is also a factor (C = C·C): the runtime's GEMM may not write what it reads, and the
 * loops read elements they already wrote. Left as written, with the reason. */
void square_in_place(float *c, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"square_in_place","op":"matmul","reason":"not substituted as a GEMM: the result is also a factor","spelling":"matmul","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += c[i * K + k] * c[k * N + j];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"square_in_place","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"square_in_place","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      c[i * N + j] = s;
    }
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"square_in_place":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}}
// REPORT: rules: "gemm_only.yaml"
// REPORT: steps: {"loops":[],"source":"none"}
// REPORT: summary: 2 float operations in 1 file: 2 kept, 0 skipped; 1 matmul not substituted (the report says why)
