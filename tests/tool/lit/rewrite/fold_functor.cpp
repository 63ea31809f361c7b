// A function object a fold is given (std::accumulate's op, thrust's reduce's) sums as a lambda
// there does: its returned sum into its first parameter accumulates, and its product of the
// element squares, both kept FP32. Cast to fp16 as plain adds, four such sums of 200000 values
// stalled at 2048 where the lambda's gave 149999.75.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
#include <numeric>
#include <vector>

struct plus_f {
  float operator()(float a, float b) const { return a + b; }
  // CHECK: float operator()(float a, float b) const { return a + b; }
  // REPORT: input.cpp:[[@LINE-2]]:55: {"action":"keep","class":"deny","function":"plus_f::operator()","op":"accumulate","rule":"class:deny","spelling":"+","type":"float","variable":null}
};

struct add_square {
  float operator()(float sum, float x) const { return sum + x * x; }
  // CHECK: float operator()(float sum, float x) const { return sum + x * x; }
  // REPORT: input.cpp:[[@LINE-2]]:59: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:63"],"function":"add_square::operator()","op":"accumulate","rule":"class:deny","spelling":"+","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-3]]:63: {"action":"keep","class":"deny","function":"add_square::operator()","op":"square_sum","rule":"class:deny","spelling":"*","type":"float","variable":null}
};

// Not given to a fold: its sum is a plain add.
struct halve_sum {
  float operator()(float a, float b) const { return (a + b) * 0.5f; }
  // CHECK: float operator()(float a, float b) const { return autoscale_mul_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][1], (autoscale_add_f_compact(&[[SITES]][0], a, b)), 0.5f); }
  // REPORT: input.cpp:[[@LINE-2]]:56: {"action":"cast","class":"infer","format":"fp16","function":"halve_sum::operator()","op":"add","rounding":"output","rule":"class:infer","site":0,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-3]]:61: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-3]]:56"],"format":"fp16","function":"halve_sum::operator()","op":"mul","rounding":"output","rule":"class:infer","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":null}
};

float total(const std::vector<float> &v) { return std::accumulate(v.begin(), v.end(), 0.0f, plus_f()); }
float energy(const std::vector<float> &v) { return std::accumulate(v.begin(), v.end(), 0.0f, add_square()); }
float middle(float a, float b) { return halve_sum()(a, b); }
// REPORT: file: {"changed":true,"path":"input.cpp","sites":2,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"add_square::operator()":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"halve_sum::operator()":{"conversions":0,"converted":2,"line":"converted 2 of 2 operations using 0 conversions","operations":2},"plus_f::operator()":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":2,"line":"converted 2 of 5 operations using 0 conversions","operations":5}}
// REPORT: rules: "fp16.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 5 float operations in 1 file: 2 cast fp16, 3 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
