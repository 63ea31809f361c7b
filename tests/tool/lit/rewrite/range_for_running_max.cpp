// A running maximum over a range-for's elements (`for (float x : v) m = std::fmax(m, std::fabs(x))`)
// combines the old value with new data, as over `v[i]`: an update, kept FP32 by the default
// rules (it had been an fp16 fmax).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
#include <cmath>
#include <vector>

float largest(const std::vector<float> &v) {
  float m = 0.0f;
  for (float x : v)
    m = std::fmax(m, std::fabs(x));
    // REPORT: input.cpp:[[@LINE-1]]:9: {"action":"keep","callee":"fmax","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:22"],"function":"largest","op":"update","rule":"class:deny","spelling":"std::fmax","type":"float","variable":"m"}
    // REPORT: input.cpp:[[@LINE-2]]:22: {"action":"cast","callee":"fabs","class":"infer","format":"fp16","function":"largest","op":"fabs","rounding":"output","rule":"class:infer","site":0,"spelling":"std::fabs","strategy":"delayed","type":"float","variable":"m"}
  return m;
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":1,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"largest":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2}},"total":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 2 float operations in 1 file: 1 cast fp16, 1 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
