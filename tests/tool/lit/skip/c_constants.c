/* C requires constants in these places: array bounds, case labels, enumerators, static
 * initialisers. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
enum { Count = (int)(2.5 * 2.0) };
// REPORT: input.c:[[@LINE-1]]:26: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"constant expression","spelling":"*","type":"double","variable":null}
static float gain = 2.0f * 0.5f;
// REPORT: input.c:[[@LINE-1]]:26: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"initialiser of a static-storage variable","spelling":"*","type":"float","variable":null}
float table[(int)(1.5 * 4.0)];
// REPORT: input.c:[[@LINE-1]]:23: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"part of a type (array bound, typeof, decltype)","spelling":"*","type":"double","variable":null}

int pick(int k, float x) {
  static float local_gain = 3.0f * 0.5f;
  // REPORT: input.c:[[@LINE-1]]:34: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"initialiser of a static-storage variable","spelling":"*","type":"float","variable":null}
  switch (k) {
  case (int)(2.0 * 2.0):
  // REPORT: input.c:[[@LINE-1]]:18: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"constant expression","spelling":"*","type":"double","variable":null}
    return (int)local_gain;
  default:
    return (int)(gain > 0 ? x : 0.0f);
  }
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 5 float operations in 1 file: 0 kept, 5 skipped
