/* A local declared at the top of the function (C89's style) and given a fresh value in both
 * branches of an if, each iteration, before it is worked on holds no state from the iteration
 * before: `v = v * v + 0.25f` is data, as it is with `v` declared in the loop. One given a value in
 * one branch only may carry the last iteration's, and is state. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
void proc(const float *x, float *y, int n) {
  int i;
  float v, w = 0.0f;
  for (i = 0; i < n; i++) {
    if (x[i] > 0.0f)
      v = x[i] * 1.5f;
    else
      v = x[i] * -0.5f;
    v = v * v + 0.25f;
    // REPORT: input.c:[[@LINE-1]]:11: {"action":"cast",{{.*}}"op":"mul",{{.*}}"variable":"v"}
    if (x[i] > 1.0f)
      w = x[i];
    w = w * 0.5f + x[i];
    // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"w"}
    y[i] = v + w;
  }
}
