// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %S/../skip/gemm_only.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
/* Scores over a causal window (t2 <= t, as attention computes them) are a triangle of products,
 * and each of its rows a rectangle: for a given t, t2 runs to t + 1 (a signed `<=` bound). The
 * rows are one GEMM each, behind the guard (att may share memory with q or k); the triangle as a
 * whole (t within the loops folded in) is refused elsewhere ("'t' changes with the loops"). */
void causal_scores(float *att, const float *q, const float *k, int T, int hs) {
  for (int t = 0; t < T; t++)
    for (int t2 = 0; t2 <= t; t2++) {
    // CHECK: if (!autoscale_matmul_nest_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], 1, AUTOSCALE_CAST(size_t, (1 + t) > 0 ? (1 + t) : 0), AUTOSCALE_CAST(size_t, hs > 0 ? hs : 0), q + t * hs, 0, 1, k, 1, hs, AUTOSCALE_NULL, 0, 0, att + t * T, 0, 1)) for (int t2 = 0; t2 <= t; t2++) {
    // REPORT: input.c:[[@LINE-2]]:5: {"action":"scale","class":"allow","format":"e4m3","function":"causal_scores","gemm":"loops","note":"the loop at line 11 is not folded in: the bound of the loop at line 12: 't' changes with the loops","op":"matmul","rounding":"inputs","rule":"class:allow","site":0,"spelling":"matmul","strategy":"delayed","type":"float","variable":"att"}
      float s = 0.0f;
      for (int i = 0; i < hs; i++)
        s += q[t * hs + i] * k[t2 * hs + i];
        // CHECK: s += q[t * hs + i] * k[t2 * hs + i];
        // REPORT: input.c:[[@LINE-2]]:11: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:28"],"function":"causal_scores","matmul":"input.c:[[@LINE-7]]:5","op":"accumulate","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-3]]:28: {"action":"in_matmul","class":"allow","function":"causal_scores","matmul":"input.c:[[@LINE-8]]:5","op":"dot_mul","spelling":"*","type":"float","variable":"s"}
      att[t * T + t2] = s;
    }
}
// REPORT: file: {"changed":true,"path":"input.c","sites":1,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"causal_scores":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3}}
// REPORT: rules: "gemm_only.yaml"
// REPORT: steps: {"loops":[],"source":"none"}
// REPORT: summary: 3 float operations in 1 file: 1 scaled e4m3, 0 kept, 2 in matmuls, 0 skipped; no steps (rules: step: none)
