// A loop of elementwise float arithmetic over std::vector elements is a loop program like one over
// arrays: the call reads and writes the elements through each container's data(), and the
// bound may be a container's size (the loop stores elements, which moves no container).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.cpp -- -std=c++17
// RUN: diff -u input.cpp ../again/input.cpp
#include <vector>

void scale(std::vector<float> &y, const std::vector<float> &x, float k) {
  for (std::size_t i = 0; i < y.size(); i++)
  // CHECK: { const size_t autoscale_n_ = (y.size()) > 0 ? AUTOSCALE_CAST(size_t, (y.size())) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN) { static const autoscale_loop_op autoscale_ops_[] = {{[{][{]}}AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_PARAM, 1, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 2, 0, 1, 0, -1, -1, -1}, {AUTOSCALE_LOOP_PARAM, 3, 1, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_ADD, 4, 2, 3, 1, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 1, 4, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {x.data(), y.data()}; const ptrdiff_t autoscale_strides_[] = {1, 1}; const float autoscale_params_[] = {static_cast<float>(k), static_cast<float>(1.0f)}; autoscale_site *const autoscale_sites_[] = {&[[SITES:autoscale_sites_[0-9a-f]+]][0], &[[SITES]][1]}; autoscale_loop_f(autoscale_ops_, 6, 5, autoscale_n_, autoscale_arrays_, autoscale_strides_, 2, autoscale_params_, autoscale_sites_, AUTOSCALE_NULL, AUTOSCALE_NULL); } else for (std::size_t i = 0; i < y.size(); i++)
    y[i] = x[i] * k + 1.0f;
    // CHECK: y[i] = autoscale_add_f(&[[SITES]][1], autoscale_mul_f(&[[SITES]][0], x[i], k), 1.0f); }
    // REPORT: input.cpp:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp16","function":"scale","op":"mul","program":"runs with its loop (line 14) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"y"}
    // REPORT: input.cpp:[[@LINE-3]]:21: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-3]]:17"],"format":"fp16","function":"scale","op":"add","program":"runs with its loop (line 14) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":1,"spelling":"+","strategy":"delayed","type":"float","variable":"y"}
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":2,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"scale":{"conversions":0,"converted":2,"line":"converted 2 of 2 operations using 0 conversions","operations":2}},"total":{"conversions":0,"converted":2,"line":"converted 2 of 2 operations using 0 conversions","operations":2}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 2 float operations in 1 file: 2 cast fp16, 0 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
