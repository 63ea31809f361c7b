/* An innermost loop whose only statement adds a dot_mul product to an element that moves with
 * the counter, one factor fixed in the loop (attention's weighted sum of values), is one call of
 * the runtime's axpy kernel; alpha_slot says which operand the fixed factor is. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
void alpha_left(float *out, const float *att, const float *v, int t0, int t, int hs) {
  for (int t2 = t0; t2 <= t && att[t2] != 0.0f; t2++) {
  // CHECK: for (int t2 = t0; t2 <= t && att[t2] != 0.0f; t2++) {
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"skipped","class":"allow","function":"alpha_left","op":"matmul","reason":"not substituted as a GEMM: the loop at line 12 is not bounded as `t2 < n` or, n signed and of t2's type, `t2 <= n`","spelling":"matmul","type":"float","variable":"out"}
    float w = att[t2];
    for (int i = 0; i < hs; i++)
    // CHECK: autoscale_axpy_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], hs > 0 ? AUTOSCALE_CAST(size_t, hs) : 0, w, 0, &v[t2 * hs + 0], 1, &out[0], 1, att, v);
      out[i] += w * v[t2 * hs + i];
      // REPORT: input.c:[[@LINE-1]]:14: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:19"],"function":"alpha_left","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"out"}
      // REPORT: input.c:[[@LINE-2]]:19: {"action":"scale","class":"allow","format":"e4m3","function":"alpha_left","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"out"}
  }
}

void alpha_right(double *restrict dv, const double *att, const double *dout, int T, int hs) {
  for (int t = 0; t < T; t++)
    for (int t2 = 0; t2 <= t; t2++)
    // CHECK: for (int t2 = 0; t2 <= t; t2++)
    // REPORT: input.c:[[@LINE-2]]:5: {"action":"keep","class":"deny","function":"alpha_right","gemm":"loops","note":"the loop at line 25 is not folded in: the bound of the loop at line 26: 't' changes with the loops","op":"outer_product","rule":"class:deny","spelling":"matmul","type":"double","variable":"dv"}
      for (int i = 1; i < hs; i++) {
      // CHECK: autoscale_axpy_d(&[[SITES]][1], hs > 1 ? AUTOSCALE_CAST(size_t, hs - 1) : 0, att[t * T + t2], 1, &dout[t * hs + 1], 1, &dv[t2 * hs + 1], 1, att, dout);
        dv[t2 * hs + i] += dout[t * hs + i] * att[t * T + t2];
        // REPORT: input.c:[[@LINE-1]]:25: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:45"],"function":"alpha_right","op":"accumulate","rule":"class:deny","spelling":"+=","type":"double","variable":"dv"}
        // REPORT: input.c:[[@LINE-2]]:45: {"action":"scale","class":"allow","format":"e4m3","function":"alpha_right","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":1,"spelling":"*","strategy":"delayed","type":"double","variable":"dv"}
      }
}

/* Attention's backward pass through the weighted sum: two independent statements in one loop are
 * two loops, a dot then an axpy, in the order written. */
void weighted_back(float *restrict datt, float *restrict dv, const float *att, const float *v, const float *dout,
                   int T, int hs) {
  for (int t = 0; t < T; t++)
  // CHECK: for (int t = 0; t < T; t++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"skipped","class":"allow","function":"weighted_back","op":"matmul","reason":"not substituted as a GEMM: the bound of the loop at line 45: 't' changes with the loops; the loop at line 45 and the loop inside it alone: the loops also do other work (line 51) and are not in braces: the call could not follow them","spelling":"matmul","type":"float","variable":"datt"}
  // REPORT: input.c:[[@LINE-3]]:3: {"action":"skipped","class":"allow","function":"weighted_back","op":"matmul","reason":"not substituted as a GEMM: the bound of the loop at line 45: 't' changes with the loops; the loop at line 45 and the loop inside it alone: the loops also do other work (line 48) and are not in braces: the call could not follow them","spelling":"matmul#2","type":"float","variable":"dv"}
    for (int t2 = 0; t2 <= t; t2++)
      for (int i = 0; i < hs; i++) {
      // CHECK: { datt[t * T + t2] = autoscale_dot_f(&[[SITES]][2], datt[t * T + t2], hs > 0 ? AUTOSCALE_CAST(size_t, hs) : 0, &v[t2 * hs + 0], 1, &dout[t * hs + 0], 1, v, dout);
        datt[t * T + t2] += v[t2 * hs + i] * dout[t * hs + i];
        // REPORT: input.c:[[@LINE-1]]:26: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:44"],"function":"weighted_back","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"datt"}
        // REPORT: input.c:[[@LINE-2]]:44: {"action":"scale","class":"allow","format":"e4m3","function":"weighted_back","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"datt"}
        dv[t2 * hs + i] += att[t * T + t2] * dout[t * hs + i];
        // CHECK: autoscale_axpy_f(&[[SITES]][3], hs > 0 ? AUTOSCALE_CAST(size_t, hs) : 0, att[t * T + t2], 0, &dout[t * hs + 0], 1, &dv[t2 * hs + 0], 1, att, dout); }
        // REPORT: input.c:[[@LINE-2]]:25: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:44"],"function":"weighted_back","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"dv"}
        // REPORT: input.c:[[@LINE-3]]:44: {"action":"scale","class":"allow","format":"e4m3","function":"weighted_back","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":"dv"}
      }
}
// REPORT: file: {"changed":true,"path":"input.c","sites":4,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"alpha_left":{"conversions":1,"converted":1,"line":"converted 1 of 3 operations using 1 conversions","operations":3},"alpha_right":{"conversions":1,"converted":1,"line":"converted 1 of 3 operations using 1 conversions","operations":3},"weighted_back":{"conversions":2,"converted":2,"line":"converted 2 of 6 operations using 2 conversions","operations":6}},"total":{"conversions":4,"converted":4,"line":"converted 4 of 12 operations using 4 conversions","operations":12}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 8 float operations in 1 file: 4 scaled e4m3, 4 kept, 0 skipped; no step found: each site rolls its history every 1024 executions; 3 matmuls not substituted (the report says why); 1 matmul left as written by the rules
