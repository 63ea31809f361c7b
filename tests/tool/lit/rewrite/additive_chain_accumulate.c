// `s = s + a - b`: the additive operators from the top of the right-hand side down to s, where s
// is added, carry the running sum; each adds its other side (an accumulate, as `s += a`).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: diff -u input.c out/input.c
float net(const float *in, const float *out, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s = s + in[i] - out[i];
  // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+"
  // REPORT: input.c:[[@LINE-2]]:19: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"-"
  return s;
}
