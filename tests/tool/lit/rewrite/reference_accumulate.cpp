// A reference declared outside a loop names the same object in every iteration: `acc += a[i] *
// b[i]` into a `float &` parameter, or into a member of an object passed by reference, is a
// reduction (an accumulate of a dot_mul) as into a local, not an update of state.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.cpp -- -std=c++17
// RUN: diff -u input.cpp ../again/input.cpp
void dot(float &acc, const float *a, const float *b, int n) {
  for (int i = 0; i < n; i++)
  // CHECK: acc = autoscale_dot_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], acc, n > 0 ? AUTOSCALE_CAST(size_t, n) : 0, &a[0], 1, &b[0], 1, a, b);
    acc += a[i] * b[i];
    // REPORT: input.cpp:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:17"],"function":"dot","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
    // REPORT: input.cpp:[[@LINE-2]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"dot","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
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
