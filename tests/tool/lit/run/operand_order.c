// C leaves the order of a binary operator's operands unspecified; gcc and clang evaluate them left
// to right, but a call's arguments in their own order (gcc on x86-64 right to left). An operator
// both of whose operands have side effects (two draws of a generator) keeps its operator, and so
// does one whose call may write what the other operand reads (a global); one with a side effect
// on one side only is rewritten where the other is a value no call can change (a constant, the
// function's own local) or, beside a call writing integers alone (a generator's state), a float
// at a place no call moves (a table's element); and so are pure library calls on both sides.
// Both compilers, under pass-through: the same output as the original.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %cc -O2 -ffp-contract=off input.c -lm -o orig
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: ./orig > orig.txt && ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
// RUN: %host-cc -O2 -ffp-contract=off input.c -lm -o orig-host
// RUN: %host-cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten-host
// RUN: ./orig-host > orig-host.txt && ./rewritten-host > rewritten-host.txt && diff -u orig-host.txt rewritten-host.txt
// RUN: %code out/input.c | FileCheck %s --check-prefix=CONTROL
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
#include <math.h>
#include <stdio.h>

static unsigned state = 7;
static float table[4] = {0.5f, 0.25f, 0.125f, 0.0625f};
static float total;
static float bump(float v) {
  total += v;
  return v;
}
static float draw(void) {
  state = state * 1664525u + 1013904223u;
  return (float)(state >> 8) * (1.0f / 16777216.0f);
}

int main(void) {
  float d = draw() - draw();
  // REPORT: input.c:[[@LINE-1]]:20: {"action":"skipped","class":"infer","function":"main","op":"sub","reason":"both operands have side effects, which the runtime call could evaluate in the other order","spelling":"-","type":"float","variable":"d"}
  float g = sqrtf(-2.0f * logf(draw())) * cosf(6.2831853f * draw());
  // REPORT: input.c:[[@LINE-1]]:41: {"action":"skipped","class":"deny","fed_by":["input.c:[[@LINE-1]]:13","input.c:[[@LINE-1]]:43"],"function":"main","op":"mul","reason":"both operands have side effects, which the runtime call could evaluate in the other order","spelling":"*","type":"float","variable":"g"}
  float h = 2.0f * draw() - 1.0f;
  // CONTROL: float h = autoscale_sub_f_compact({{.*}}, autoscale_mul_f_compact({{.*}}, 2.0f, draw()), 1.0f);
  float seen = draw() + (float)state;
  // REPORT: input.c:[[@LINE-1]]:23: {"action":"skipped","class":"infer","function":"main","op":"add","reason":"the left operand calls a function that may write what the other reads, which the runtime call could evaluate first","spelling":"+","type":"float","variable":"seen"}
  float kept = draw() + h;
  // CONTROL: float kept = autoscale_add_f_compact({{.*}}, draw(), h);
  float tabled = draw() + table[1];
  // CONTROL: float tabled = autoscale_add_f_compact({{.*}}, draw(), table[1]);
  float totalled = bump(h) + total;
  // REPORT: input.c:[[@LINE-1]]:28: {"action":"skipped","class":"infer","function":"main","op":"add","reason":"the left operand calls a function that may write what the other reads, which the runtime call could evaluate first","spelling":"+","type":"float","variable":"totalled"}
  volatile float x = 0.3f, y = 0.7f;
  float p = sqrtf(x) * cosf(y);
  // CONTROL: float p = autoscale_mul_f_compact({{.*}}, autoscale_result_f_compact({{.*}}, sqrtf({{.*}})), autoscale_result_f_compact({{.*}}, cosf({{.*}})));
  printf("%a %a %a %a %a %a %a %a\n", d, g, h, seen, kept, tabled, totalled, p);
  return 0;
}
