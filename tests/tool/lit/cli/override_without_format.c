// An override that sets a rounding action but no format (`set: {action: scale}`) takes the format
// of the operation's class; on an operation its class keeps there is none, and rounding at fp32
// changes nothing: the operation stays kept, and the run warns once per override, naming the
// first. It became a "scaled fp32" site. Where the class has a format, the override takes it.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: cp %rules/default.yaml rules.yaml
// RUN: printf '  - name: scale-all\n    match: {function: sum*}\n    set: {action: scale}\n' >> rules.yaml
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.c -- 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// WARN: rules.yaml:{{[0-9]+}}:5: warning: 'scale-all' sets action 'scale' without a format on 1 operation(s) their class keeps (the first at input.c:[[#@LINE+4]]): they stay kept; give it a format
float sum_of_products(const float *a, const float *b, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  // REPORT: input.c:[[@LINE-1]]:7: {"action":"keep","class":"deny",{{.*}}"op":"accumulate","rule":"scale-all"
  // REPORT: input.c:[[@LINE-2]]:15: {"action":"scale",{{.*}}"format":"e4m3",{{.*}}"rule":"scale-all"
  return s;
}
