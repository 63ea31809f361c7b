// A reference declared outside a loop names the same object in every iteration: `acc += a[i] *
// b[i]` into a `float &` parameter, or into a member of an object passed by reference, is a
// reduction (an accumulate of a dot_mul) as into a local, not an update of state. The reference
// may name an element of a factor, which the loop as written reads part-summed: the loop is a
// loop program (whose runtime reads such a sum every iteration), not the dot kernel.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.cpp -- -std=c++17
// RUN: diff -u input.cpp ../again/input.cpp
void dot(float &acc, const float *a, const float *b, int n) {
  for (int i = 0; i < n; i++)
  // CHECK: { const size_t autoscale_n_ = n > 0 ? AUTOSCALE_CAST(size_t, n) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN) { static const autoscale_loop_op autoscale_ops_[] = {{[{][{]}}AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_LOAD, 1, 1, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_LOAD, 2, 2, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 3, 1, 2, 0, 0, 1, -1}, {AUTOSCALE_LOOP_ADD, 4, 0, 3, -1, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 0, 4, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {&acc, &a[0], &b[0]}; const ptrdiff_t autoscale_strides_[] = {0, 1, 1}; autoscale_site *const autoscale_sites_[] = {&[[SITES:autoscale_sites_[0-9a-f]+]][0]}; const void *const autoscale_keys_[] = {a, b}; autoscale_loop_f(autoscale_ops_, 6, 5, autoscale_n_, autoscale_arrays_, autoscale_strides_, 3, AUTOSCALE_NULL, autoscale_sites_, autoscale_keys_, AUTOSCALE_NULL); } else for (int i = 0; i < n; i++)
    acc += a[i] * b[i];
    // CHECK: acc += autoscale_mul_tensors_f(&[[SITES]][0], a[i], b[i], a, b); }
    // REPORT: input.cpp:[[@LINE-2]]:9: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:17"],"function":"dot","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
    // REPORT: input.cpp:[[@LINE-3]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"dot","loop":"one call per product: the sum may lie inside a factor (memory other names reach)","op":"dot_mul","program":"runs with its loop (line 14) as one loop program (short runs: one call per operation)","rounding":"inputs","rule":"class:allow","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
}

struct Stats {
  float sum;
};

void into_member(Stats &s, const float *a, const float *b, int n) {
  for (int i = 0; i < n; i++)
    s.sum += a[i] * b[i];
    // CHECK: s.sum += autoscale_mul_tensors_f(&[[SITES]][1], a[i], b[i], a, b);
    // REPORT: input.cpp:[[@LINE-2]]:11: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:19"],"function":"into_member","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
    // REPORT: input.cpp:[[@LINE-3]]:19: {"action":"scale","class":"allow","format":"e4m3","function":"into_member","loop":"one call per product: the sum is neither a variable nor an element at an affine address: 's.sum' is not an element of an array","op":"dot_mul","program":"one call per operation: the loop computes something other than float arithmetic on elements","rounding":"inputs","rule":"class:allow","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":2,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"dot":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"into_member":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2}},"total":{"conversions":2,"converted":2,"line":"converted 2 of 4 operations using 2 conversions","operations":4}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 4 float operations in 1 file: 2 scaled e4m3, 2 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
