// A binary std::transform that writes back into one of its input ranges (an SGD step,
// `std::transform(w.begin(), w.end(), g.begin(), w.begin(), [lr](float a, float b) { return a - lr
// * b; })`) updates that range's elements: the lambda's value combining the element it overwrites
// with the other range's is an update, kept FP32 by the default rules (bf16 and fp16 had left the
// weights at exactly 1.0). Into another range it is data; a unary one in place (an activation)
// transforms the old value alone.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
#include <algorithm>
#include <vector>

void sgd(std::vector<float> &w, const std::vector<float> &g, float lr) {
  std::transform(w.begin(), w.end(), g.begin(), w.begin(), [lr](float a, float b) { return a - lr * b; });
  // REPORT: input.cpp:[[@LINE-1]]:94: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:99"],"function":"sgd","op":"update","rule":"class:deny","spelling":"-","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-2]]:99: {"action":"keep","class":"deny","function":"sgd","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":null}
}

void momentum(std::vector<float> &v, const std::vector<float> &g) {
  std::transform(g.begin(), g.end(), v.begin(), v.begin(), [](float grad, float vel) { return 0.9f * vel + grad; });
  // REPORT: input.cpp:[[@LINE-1]]:100: {"action":"keep","class":"deny","function":"momentum","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-2]]:106: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:100"],"function":"momentum","op":"update","rule":"class:deny","spelling":"+","type":"float","variable":null}
}

void axpy_into(std::vector<float> &y, const std::vector<float> &x, const std::vector<float> &z, float a) {
  std::transform(x.begin(), x.end(), z.begin(), y.begin(), [a](float u, float v) { return a * u + v; });
  // REPORT: input.cpp:[[@LINE-1]]:93: {"action":"cast","class":"infer","format":"fp16","function":"axpy_into","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-2]]:97: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-2]]:93"],"format":"fp16","function":"axpy_into","op":"add","rounding":"output","rule":"class:infer","site":1,"spelling":"+","strategy":"delayed","type":"float","variable":null}
}

void scale_in_place(std::vector<float> &h, float s) {
  std::transform(h.begin(), h.end(), h.begin(), [s](float v) { return v * s; });
  // REPORT: input.cpp:[[@LINE-1]]:73: {"action":"cast","class":"infer","format":"fp16","function":"scale_in_place","op":"mul","rounding":"output","rule":"class:infer","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":3,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"axpy_into":{"conversions":0,"converted":2,"line":"converted 2 of 2 operations using 0 conversions","operations":2},"momentum":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"scale_in_place":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"sgd":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2}},"total":{"conversions":0,"converted":3,"line":"converted 3 of 7 operations using 0 conversions","operations":7}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 7 float operations in 1 file: 3 cast fp16, 4 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
