/* x op= y needs &x: bit-fields, volatiles and register variables have no usable address; an
 * integer left-hand side does not compute in its own type. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
struct Bits { unsigned n : 4; };
void lvalues(struct Bits *b, volatile float *v, float x) {
  register float r = 1.0f;
  int i = 3;
  b->n += x;
  // REPORT: input.c:[[@LINE-1]]:8: {"action":"skipped","class":"infer","function":"lvalues","op":"add","reason":"bit-field operand","spelling":"+=","type":"float","variable":"b"}
  *v *= x;
  // REPORT: input.c:[[@LINE-1]]:6: {"action":"skipped","class":"deny","function":"lvalues","op":"update","reason":"volatile operand","spelling":"*=","type":"float","variable":"v"}
  r -= x;
  // REPORT: input.c:[[@LINE-1]]:5: {"action":"skipped","class":"infer","function":"lvalues","op":"sub","reason":"register variable (no address)","spelling":"-=","type":"float","variable":"r"}
  i *= x;
  // REPORT: input.c:[[@LINE-1]]:5: {"action":"skipped","class":"infer","function":"lvalues","op":"mul","reason":"left-hand side is not float or double","spelling":"*=","type":"float","variable":"i"}
  (void)r;
  (void)i;
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 4 float operations in 1 file: 0 kept, 4 skipped
