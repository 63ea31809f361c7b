/* Operations written in a macro body, or straddling a macro boundary, are not rewritten. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
#define MUL(a, b) ((a) * (b))
// REPORT: input.c:[[@LINE-1]]:24: {"action":"skipped","class":"infer","function":"body","op":"mul","reason":"operation inside a macro body","spelling":"*","type":"float","variable":"a"}
#define PLUS_ONE(v) v + 1.0f
// REPORT: input.c:[[@LINE-1]]:23: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE+5]]:25"],"function":"body","op":"add","reason":"operation inside a macro body","spelling":"+","type":"float","variable":"b"}
#define TIMES * 2.0f
// REPORT: input.c:[[@LINE-1]]:15: {"action":"skipped","class":"infer","function":"body","op":"mul","reason":"operation inside a macro body","spelling":"*","type":"float","variable":"c"}
float body(float x, float y) {
  float a = MUL(x, y);
  float b = PLUS_ONE(x) * y; /* the + is in the body; the * straddles the expansion */
  // REPORT: input.c:[[@LINE-1]]:25: {"action":"skipped","class":"infer","function":"body","op":"mul","reason":"operation inside a macro body","spelling":"*","type":"float","variable":"b"}
  float c = x TIMES;
  return a > b ? a : c;
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 4 float operations in 1 file: 0 kept, 4 skipped
