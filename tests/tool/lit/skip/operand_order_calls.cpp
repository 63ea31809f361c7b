// An operator keeps its operator when both operands may have side effects (run/operand_order.c).
// A call may write unless the tool sees it does not: a function whose body this unit holds and
// which writes only its own locals, calling only such functions, writes nothing; one writing a
// global two calls down does, and so does a virtual function (an override may) or one declared
// without a body.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
static float square(float x) {
  float s[1];
  s[0] = x * x;
  return s[0];
}
static float norm(float x, float y) { return square(x) + square(y); }
// REPORT: input.cpp:[[@LINE-1]]:56: {"action":"cast",{{.*}}"op":"add",{{.*}}"spelling":"+"
static int calls;
static float counted(float x) {
  ++calls;
  return x;
}
static float through(float x) { return counted(x); }
static float twice(float x, float y) { return through(x) * through(y); }
// REPORT: input.cpp:[[@LINE-1]]:58: {"action":"skipped",{{.*}}"reason":"both operands have side effects, which the runtime call could evaluate in the other order"
struct Shape {
  virtual float area() const { return 1.0f; }
};
float sum(const Shape &a, const Shape &b) { return a.area() + b.area(); }
// REPORT: input.cpp:[[@LINE-1]]:61: {"action":"skipped",{{.*}}"reason":"both operands have side effects
float external(float);
float ends(float x) { return external(x) - external(-x); }
// REPORT: input.cpp:[[@LINE-1]]:42: {"action":"skipped",{{.*}}"reason":"both operands have side effects
