// A lambda whose body is a constant expression is implicitly constexpr (C++17) and may be used in
// constant expressions: the body of one the unit calls in a constant expression stays as written
// (a static_assert and a constexpr initialiser call scale); other lambdas' bodies run at run
// time and are rewritten (rewrite/lambda.cpp).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %cxx -fsyntax-only -std=c++17 input.cpp
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.cpp -- -std=c++17
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include default/input.cpp
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include passthrough/input.cpp
auto scale = [](float v) { return v * 0.5f; };
// REPORT: input.cpp:[[@LINE-1]]:37: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"constant expression (a lambda called in one)","spelling":"*","type":"float","variable":null}
static_assert(scale(4.0f) == 2.0f, "a lambda is implicitly constexpr");
constexpr float half = scale(3.0f);

float use(float x) { return x * half; }
// REPORT: input.cpp:[[@LINE-1]]:31: {"action":"cast",{{.*}}"function":"use",{{.*}}}
