// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %S/gemm_only.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
/* Scores over a causal window (t2 <= t, as attention computes them) are a triangle of products:
 * no GEMM computes just those. Left as written, with the reason. */
void causal_scores(float *att, const float *q, const float *k, int T, int hs) {
  for (int t = 0; t < T; t++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"causal_scores","op":"matmul","reason":"not substituted as a GEMM: the loop at line 10 is not bounded as `t2 < n` (a rectangle of products)","spelling":"matmul","type":"float","variable":"s"}
    for (int t2 = 0; t2 <= t; t2++) {
      float s = 0.0f;
      for (int i = 0; i < hs; i++)
        s += q[t * hs + i] * k[t2 * hs + i];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:28"],"function":"causal_scores","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:28: {"action":"keep","class":"allow","function":"causal_scores","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      att[t * T + t2] = s;
    }
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"causal_scores":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}}
// REPORT: rules: "gemm_only.yaml"
// REPORT: steps: {"loops":[],"source":"none"}
// REPORT: summary: 2 float operations in 1 file: 2 kept, 0 skipped; 1 matmul not substituted (the report says why)
