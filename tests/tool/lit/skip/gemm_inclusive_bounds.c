// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %S/gemm_only.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
/* A loop bounded `t2 <= n` runs n + 1 times, which the call computes in n's type: refused where n
 * is unsigned (n at its maximum: the loop never ends) or narrower than the counter (n at int's
 * maximum: n + 1 overflows, where a long counter ends). Left as written, with the reason. */
void unsigned_window(float *att, const float *q, const float *k, unsigned n, int hs) {
  for (unsigned t2 = 0; t2 <= n; t2++) {
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"unsigned_window","op":"matmul","reason":"not substituted as a GEMM: the loop at line 9 is not bounded as `t2 < n` or, n signed and of t2's type, `t2 <= n`","spelling":"matmul","type":"float","variable":"s"}
    float s = 0.0f;
    for (int i = 0; i < hs; i++)
      s += q[i] * k[t2 * hs + i];
      // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:17"],"function":"unsigned_window","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
      // REPORT: input.c:[[@LINE-2]]:17: {"action":"keep","class":"allow","function":"unsigned_window","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
    att[t2] = s;
  }
}

void narrower_bound(float *att, const float *q, const float *k, int n, int hs) {
  for (long t2 = 0; t2 <= n; t2++) {
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"narrower_bound","op":"matmul","reason":"not substituted as a GEMM: the loop at line 21 is not bounded as `t2 < n` or, n signed and of t2's type, `t2 <= n`","spelling":"matmul","type":"float","variable":"s"}
    float s = 0.0f;
    for (int i = 0; i < hs; i++)
      s += q[i] * k[t2 * hs + i];
      // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:17"],"function":"narrower_bound","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
      // REPORT: input.c:[[@LINE-2]]:17: {"action":"keep","class":"allow","function":"narrower_bound","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
    att[t2] = s;
  }
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"narrower_bound":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"unsigned_window":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 6 operations using 0 conversions","operations":6}}
// REPORT: rules: "gemm_only.yaml"
// REPORT: steps: {"loops":[],"source":"none"}
// REPORT: summary: 4 float operations in 1 file: 4 kept, 0 skipped; 2 matmuls not substituted (the report says why)
