/* sizeof, _Alignof, typeof and _Generic's controlling expression are never evaluated. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
unsigned long sizes(float x, double y) {
  __typeof__(x * y) z = 0;
  // REPORT: input.c:[[@LINE-1]]:16: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"part of a type (array bound, typeof, decltype)","spelling":"*","type":"double","variable":null}
  unsigned long n = sizeof(x * y) + _Alignof(__typeof__(x + y));
  // REPORT: input.c:[[@LINE-1]]:30: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"unevaluated operand (sizeof)","spelling":"*","type":"double","variable":null}
  // REPORT: input.c:[[@LINE-2]]:59: {"action":"skipped","class":"infer","function":null,"op":"add","reason":"part of a type (array bound, typeof, decltype)","spelling":"+","type":"double","variable":null}
  n += _Generic(x * x, float: 1, default: 2);
  // REPORT: input.c:[[@LINE-1]]:19: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"unevaluated operand (_Generic)","spelling":"*","type":"float","variable":null}
  return n + (unsigned long)z;
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 4 float operations in 1 file: 0 kept, 4 skipped
