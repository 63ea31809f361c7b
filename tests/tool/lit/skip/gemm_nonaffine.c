// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %S/gemm_only.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
/* An index read from memory (a gather) is not affine in the loop variables: no strides describe
 * it. Left as written, with the reason. */
void gathered(float *c, const float *a, const float *b, const int *idx, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"gathered","op":"matmul","reason":"not substituted as a GEMM: index 'idx[k]' is not affine in the loop variables","spelling":"matmul","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += a[i * K + idx[k]] * b[k * N + j];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:32"],"function":"gathered","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:32: {"action":"keep","class":"allow","function":"gathered","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      c[i * N + j] = s;
    }
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"gathered":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}}
// REPORT: rules: "gemm_only.yaml"
// REPORT: steps: {"loops":[],"source":"none"}
// REPORT: summary: 2 float operations in 1 file: 2 kept, 0 skipped; 1 matmul not substituted (the report says why)
