/* Before the loop it finds ending the steps, the rewriter tells the runtime that the program ends
 * its steps from then on (the runtime's begin_steps: no window rolls before the first step, which
 * fall wherever threads interleave). The call and the loop go in braces, as the steps inserted
 * before a return do, so an if's body without braces stays one statement. Before a loop with
 * #pragma lines (one continued over two lines too), the call goes at the end of the code line
 * above them, so every line keeps its number; where that line is not plain code (a directive, a
 * comment after code, a macro's continued body) or a _Pragma operator comes before the loop, the
 * loop gets no call, and the report says so. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
static void layer(float *y, const float *x, int n) { y[n - 1] = x[0] * 0.5f; }
// CHECK: static void layer(float *y, const float *x, int n) { y[n - 1] = autoscale_mul_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], x[0], 0.5f); }
// REPORT: input.c:[[@LINE-2]]:70: {"action":"cast","class":"infer","format":"fp16","function":"layer","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"y"}

void train(float *y, const float *x, int n, int epochs) {
  for (int e = 0; e < epochs; e++) {
  // CHECK: { autoscale_begin_steps(); for (int e = 0; e < epochs; autoscale_step(), e++) {
    layer(y, x, n);
  }
  // CHECK: } }
}

void maybe(float *y, const float *x, int n, int epochs, int enabled) {
  if (enabled)
    for (int e = 0; e < epochs; e++)
    // CHECK: { autoscale_begin_steps(); for (int e = 0; e < epochs; autoscale_step(), e++)
      layer(y, x, n);
      // CHECK: layer(y, x, n); }
  else
    layer(y, x, n);
}

void sweeps(float *y, const float *x, int n, int epochs) {
  int e = 0;
  while (e < epochs) {
  // CHECK: { autoscale_begin_steps(); while (e < epochs) {
    layer(y, x, n);
    e++;
  }
  // CHECK: autoscale_step(); } }
  do
  // CHECK: { autoscale_begin_steps(); do
    layer(y, x, n);
  while (--e > 0);
  // CHECK: while (autoscale_step(), --e > 0); }
}

void unrolled(float *y, const float *x, int n, int epochs) {
// CHECK: void unrolled(float *y, const float *x, int n, int epochs) { { autoscale_begin_steps();

#pragma GCC unroll 2
  for (int e = 0; e < epochs; e++)
  // CHECK: for (int e = 0; e < epochs; autoscale_step(), e++)
    layer(y, x, n);
    // CHECK: layer(y, x, n); }
}

void after_directive(float *y, const float *x, int n, int epochs) {
  layer(y, x, n);
#ifdef SCOP
#endif
#pragma GCC unroll 2
  for (int e = 0; e < epochs; e++)
  // CHECK: for (int e = 0; e < epochs; autoscale_step(), e++)
    layer(y, x, n);
}
void column_zero(float *y, const float *x, int n, int epochs) {
  float keep = 0.5f;
  // CHECK: float keep = 0.5f; { autoscale_begin_steps();
#pragma GCC unroll 2
for (int e = 0; e < epochs; e++)
// CHECK: for (int e = 0; e < epochs; autoscale_step(), e++)
  layer(y, x, n);
  // CHECK: layer(y, x, n); }
  y[0] = keep;
}

void continued_pragma(float *y, const float *x, int n, int epochs) {
  float keep = 0.5f;
  // CHECK: float keep = 0.5f; { autoscale_begin_steps();
#pragma GCC \
  unroll 2
  for (int e = 0; e < epochs; e++)
  // CHECK: for (int e = 0; e < epochs; autoscale_step(), e++)
    layer(y, x, n);
    // CHECK: layer(y, x, n); }
  y[0] = keep;
}

void after_macro(float *y, const float *x, int n, int epochs) {
#define CHECKED(v) \
  if (!(v)) return
#pragma GCC unroll 2
  for (int e = 0; e < epochs; e++)
  // CHECK: for (int e = 0; e < epochs; autoscale_step(), e++)
    layer(y, x, n);
#undef CHECKED
}

void pragma_operator(float *y, const float *x, int n, int epochs) {
  float keep = 0.5f;
  _Pragma("GCC unroll 2")
  for (int e = 0; e < epochs; e++)
  // CHECK: for (int e = 0; e < epochs; autoscale_step(), e++)
    layer(y, x, n);
  y[0] = keep;
}
// REPORT: file: {"changed":true,"path":"input.c","sites":1,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"layer":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[{"file":"input.c","function":"after_directive","line":68,"note":"no autoscale_begin_steps() before its #pragma lines (the line above them is not plain code): until its first step ends, each site rolls its history every AUTOSCALE_WINDOW executions"},{"file":"input.c","function":"after_macro","line":99,"note":"no autoscale_begin_steps() before its #pragma lines (the line above them is not plain code): until its first step ends, each site rolls its history every AUTOSCALE_WINDOW executions"},{"file":"input.c","function":"column_zero","line":76},{"file":"input.c","function":"continued_pragma","line":88},{"file":"input.c","function":"maybe","line":30},{"file":"input.c","function":"pragma_operator","line":108,"note":"no autoscale_begin_steps() before its #pragma lines (the line above them is not plain code): until its first step ends, each site rolls its history every AUTOSCALE_WINDOW executions"},{"file":"input.c","function":"sweeps","line":40},{"file":"input.c","function":"sweeps","line":46},{"file":"input.c","function":"train","line":21},{"file":"input.c","function":"unrolled","line":57}],"source":"found"}
// REPORT: summary: 1 float operation in 1 file: 1 cast fp16, 0 kept, 0 skipped; steps end at input.c:68, input.c:99, input.c:76, input.c:88, input.c:30, input.c:108, input.c:40, input.c:46, input.c:21, input.c:57 (found)
