/* Steps end in the loop where the float work runs, not in a loop wrapped around it: a loop whose
 * every iteration does all its work inside one driving loop (main running a training function
 * twice) hands the step down to that loop, a do-while included, and a loop in a recursive function
 * (the call of itself repeats the same loop). A thread's start routine is run by the program
 * (pthread_create names it), so its training loop ends steps too. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
#include <pthread.h>

static float w[64], x[64], g[64];

static void forward(int n) {
  for (int i = 0; i < n; ++i)
  // CHECK: { const size_t autoscale_n_ = n > 0 ? AUTOSCALE_CAST(size_t, n) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN_FP32) { static const autoscale_loop_op autoscale_ops_[] = {{[{][{]}}AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_LOAD, 1, 1, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 2, 0, 1, 0, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 2, 2, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {&w[0], &x[0], &g[0]}; const ptrdiff_t autoscale_strides_[] = {1, 1, 1}; autoscale_site *const autoscale_sites_[] = {&[[SITES:autoscale_sites_[0-9a-f]+]][0]}; autoscale_loop_f(autoscale_ops_, 4, 3, autoscale_n_, autoscale_arrays_, autoscale_strides_, 3, AUTOSCALE_NULL, autoscale_sites_, AUTOSCALE_NULL, AUTOSCALE_NULL); } else for (int i = 0; i < n; ++i)
    g[i] = w[i] * x[i];
    // CHECK: g[i] = autoscale_mul_f(&[[SITES]][0], w[i], x[i]); }
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp32","function":"forward","op":"mul","program":"runs with its loop (line 16) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"g"}
}

static void update(int n) {
  for (int i = 0; i < n; ++i)
  // CHECK: { const size_t autoscale_n_ = n > 0 ? AUTOSCALE_CAST(size_t, n) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN_FP32) { static const autoscale_loop_op autoscale_ops_[] = {{[{][{]}}AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_LOAD, 1, 1, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_SUB, 2, 0, 1, 0, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 0, 2, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {&w[0], &g[0]}; const ptrdiff_t autoscale_strides_[] = {1, 1}; autoscale_site *const autoscale_sites_[] = {&[[SITES]][1]}; autoscale_loop_f(autoscale_ops_, 4, 3, autoscale_n_, autoscale_arrays_, autoscale_strides_, 2, AUTOSCALE_NULL, autoscale_sites_, AUTOSCALE_NULL, AUTOSCALE_NULL); } else for (int i = 0; i < n; ++i)
    w[i] -= g[i];
    // CHECK: autoscale_sub_assign_f(&[[SITES]][1], &(w[i]), g[i]); }
    // REPORT: input.c:[[@LINE-2]]:10: {"action":"cast","class":"deny","format":"fp32","function":"update","op":"update","program":"runs with its loop (line 24) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:deny","site":1,"spelling":"-=","strategy":"delayed","type":"float","variable":"w"}
}

static void train_rounds(int steps) {
  int s = 0;
  do {
  // CHECK: { autoscale_begin_steps(); do {
    forward(64);
    update(64);
    ++s;
  } while (s < steps);
  // CHECK: } while (autoscale_step(), s < steps); }
}

static void train_recursive(int rounds, int steps) {
  if (rounds == 0)
    return;
  for (int s = 0; s < steps; ++s) {
  // CHECK: { autoscale_begin_steps(); for (int s = 0; s < steps; autoscale_step(), ++s) {
    forward(64);
    update(64);
  }
  // CHECK: } }
  train_recursive(rounds - 1, steps);
}

static void *worker(void *arg) {
  const int steps = *(const int *)arg;
  for (int s = 0; s < steps; ++s) {
  // CHECK: { autoscale_begin_steps(); for (int s = 0; s < steps; autoscale_step(), ++s) {
    forward(64);
    update(64);
  }
  // CHECK: } }
  return 0;
}

int main(void) {
  for (int r = 0; r < 2; ++r)
    train_rounds(50);
  for (int r = 0; r < 2; ++r)
    train_recursive(3, 20);
  int steps = 100;
  pthread_t thread;
  pthread_create(&thread, 0, worker, &steps);
  pthread_join(thread, 0);
  return 0;
}
// REPORT: file: {"changed":true,"path":"input.c","sites":2,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"forward":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"update":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2}}
// REPORT: rules: "passthrough.yaml"
// REPORT: steps: {"loops":[{"file":"input.c","function":"train_rounds@input.c","line":33},{"file":"input.c","function":"train_recursive@input.c","line":45},{"file":"input.c","function":"worker@input.c","line":56}],"source":"found"}
// REPORT: summary: 2 float operations in 1 file: 2 cast fp32, 0 kept, 0 skipped; steps end at input.c:33, input.c:45, input.c:56 (found)
