/* An _Atomic float's ++ and op= are atomic read-modify-writes; a runtime call through its
 * address would be a plain load and store. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c -- -std=c11
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c11 -I %runtime-include out/input.c
_Atomic float counter;
void bump(_Atomic float *af, float x) {
  counter++;
  // REPORT: input.c:[[@LINE-1]]:10: {"action":"skipped","class":"deny","function":"bump","op":"update","reason":"atomic operand","spelling":"++","type":"float","variable":"counter"}
  --*af;
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"deny","function":"bump","op":"update","reason":"atomic operand","spelling":"--","type":"float","variable":"af"}
  *af += x;
  // REPORT: input.c:[[@LINE-1]]:7: {"action":"skipped","class":"infer","function":"bump","op":"add","reason":"atomic operand","spelling":"+=","type":"float","variable":"af"}
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"bump":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 3 float operations in 1 file: 0 kept, 3 skipped
