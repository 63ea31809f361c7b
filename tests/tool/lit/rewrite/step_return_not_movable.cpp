// A step function returning a class that deletes its copy and move (returned by C++17's guaranteed
// elision only) ends its step before the return: the value cannot be held in a local. Held there,
// the rewritten file did not compile and was kept as written whole.
// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp

//--- rules.yaml
version: 1
step: {function: step_fn}

//--- input.cpp
struct Pinned {
  float v;
  Pinned(float x) : v(x) {}
  Pinned(Pinned &&) = delete;
};

float w = 1.5f;

Pinned step_fn(float x) {
// CHECK: Pinned step_fn(float x) { autoscale_begin_steps();
  w = w * 0.5f + x;
  // CHECK: w = w * 0.5f + x;
  // REPORT: input.cpp:[[@LINE-2]]:9: {"action":"keep","class":"deny","function":"step_fn","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"w"}
  // REPORT: input.cpp:[[@LINE-3]]:16: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-3]]:9"],"function":"step_fn","op":"update","rule":"class:deny","spelling":"+","type":"float","variable":"w"}
  return Pinned{w};
  // CHECK: { autoscale_step(); return Pinned{w}; }
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":0,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"step_fn":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2}}
// REPORT: rules: "rules.yaml"
// REPORT: steps: {"loops":[],"source":"rules"}
// REPORT: summary: 2 float operations in 1 file: 2 kept, 0 skipped
