// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.cpp --
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules ../rules.yaml --out-dir ../again input.cpp --
// RUN: diff -u input.cpp ../again/input.cpp

//--- rules.yaml
version: 1
step: {function: [train::step_auto, train::step_ref, train::step_lref, train::step_rref, train::step_local, train::step_stats, train::step_owned, train::step_generic]}
treatment:
  infer: {action: cast, format: fp16}

//--- input.cpp
// Step functions in C++: the returned value is computed before the runtime step call, whatever the
// return type is spelled as: deduced (auto), a list-initialised aggregate. A type the local might
// only copy (move-only, or a template's type parameter) keeps the step before its return; so do a
// reference and decltype(auto), which a local would turn into a dangling or unbindable reference
// (decltype(auto) of (local) is a reference to it; float&& cannot bind the local by name).
#include <memory>

struct Stats {
  float loss, norm;
};

namespace train {
auto step_auto(float a, float b) { return a * b + 1.0f; }
// CHECK: auto step_auto(float a, float b) { autoscale_begin_steps(); { auto autoscale_ret_ = (autoscale_add_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][1], autoscale_mul_f_compact(&[[SITES]][0], a, b), 1.0f)); autoscale_step(); return autoscale_ret_; } }
// REPORT: input.cpp:[[@LINE-2]]:45: {"action":"cast","class":"infer","format":"fp16","function":"train::step_auto","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
// REPORT: input.cpp:[[@LINE-3]]:49: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-3]]:45"],"format":"fp16","function":"train::step_auto","op":"add","rounding":"output","rule":"class:infer","site":1,"spelling":"+","strategy":"delayed","type":"float","variable":null}

decltype(auto) step_ref(float &acc, float g) {
// CHECK: decltype(auto) step_ref(float &acc, float g) { autoscale_begin_steps();
  acc += g * 0.5f;
  // CHECK: acc += g * 0.5f;
  // REPORT: input.cpp:[[@LINE-2]]:7: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:12"],"function":"train::step_ref","op":"update","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
  // REPORT: input.cpp:[[@LINE-3]]:12: {"action":"keep","class":"deny","function":"train::step_ref","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"acc"}
  return (acc);
  // CHECK: { autoscale_step(); return (acc); }
}

float &step_lref(float &acc, float g) {
// CHECK: float &step_lref(float &acc, float g) { autoscale_begin_steps();
  acc += g * 0.5f;
  // CHECK: acc += g * 0.5f;
  // REPORT: input.cpp:[[@LINE-2]]:7: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:12"],"function":"train::step_lref","op":"update","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
  // REPORT: input.cpp:[[@LINE-3]]:12: {"action":"keep","class":"deny","function":"train::step_lref","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"acc"}
  return acc;
  // CHECK: { autoscale_step(); return acc; }
}

float &&step_rref(float &acc, float g) { return static_cast<float &&>(acc += g); }
// CHECK: float &&step_rref(float &acc, float g) { autoscale_begin_steps(); { autoscale_step(); return static_cast<float &&>(acc += g); } }
// REPORT: input.cpp:[[@LINE-2]]:75: {"action":"keep","class":"deny","function":"train::step_rref","op":"update","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}

decltype(auto) step_local(float a, float b) {
// CHECK: decltype(auto) step_local(float a, float b) { autoscale_begin_steps();
  float loss = a * b;
  // CHECK: float loss = autoscale_mul_f_compact(&[[SITES]][2], a, b);
  // REPORT: input.cpp:[[@LINE-2]]:18: {"action":"cast","class":"infer","format":"fp16","function":"train::step_local","op":"mul","rounding":"output","rule":"class:infer","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"loss"}
  return loss;
  // CHECK: { autoscale_step(); return loss; }
}

Stats step_stats(float a, float b) { return {a * b, a - b}; }
// CHECK: Stats step_stats(float a, float b) { autoscale_begin_steps(); { Stats autoscale_ret_ = {autoscale_mul_f_compact(&[[SITES]][3], a, b), autoscale_sub_f_compact(&[[SITES]][4], a, b)}; autoscale_step(); return autoscale_ret_; } }
// REPORT: input.cpp:[[@LINE-2]]:48: {"action":"cast","class":"infer","format":"fp16","function":"train::step_stats","op":"mul","rounding":"output","rule":"class:infer","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":null}
// REPORT: input.cpp:[[@LINE-3]]:55: {"action":"cast","class":"infer","format":"fp16","function":"train::step_stats","op":"sub","rounding":"output","rule":"class:infer","site":4,"spelling":"-","strategy":"delayed","type":"float","variable":null}

std::unique_ptr<float> step_owned(float a) {
// CHECK: std::unique_ptr<float> step_owned(float a) { autoscale_begin_steps();
  auto p = std::make_unique<float>(a * 2.0f);
  // CHECK: auto p = std::make_unique<float>(autoscale_mul_f_compact(&[[SITES]][5], a, 2.0f));
  // REPORT: input.cpp:[[@LINE-2]]:38: {"action":"cast","class":"infer","format":"fp16","function":"train::step_owned","op":"mul","rounding":"output","rule":"class:infer","site":5,"spelling":"*","strategy":"delayed","type":"float","variable":"p"}
  return p;
  // CHECK: { autoscale_step(); return p; }
}

template <typename T> T step_generic(T a, T b) { return a * b; }
// CHECK: template <typename T> T step_generic(T a, T b) { autoscale_begin_steps(); { autoscale_step(); return ::__autoscale::mul(&[[SITES]][6], a, b); } }
// REPORT: input.cpp:[[@LINE-2]]:59: {"action":"cast","class":"infer","format":"fp16","function":"train::step_generic","op":"mul","rounding":"output","rule":"class:infer","site":6,"spelling":"*","strategy":"delayed","type":"dependent","variable":null}
template float step_generic<float>(float, float);
} // namespace train
// REPORT: file: {"changed":true,"path":"input.cpp","sites":7,"written_to":"out/input.cpp"}
// REPORT: rules: "rules.yaml"
// REPORT: steps: {"loops":[],"source":"rules"}
// REPORT: summary: 12 float operations in 1 file: 7 cast fp16, 5 kept, 0 skipped; steps end in the rules' step functions
