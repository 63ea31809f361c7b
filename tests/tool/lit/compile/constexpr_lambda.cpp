// A lambda whose body is a constant expression is implicitly constexpr (C++17) and may be used in
// constant expressions: its body must stay constant.
// XFAIL: *
// Bug: the tool rewrites the lambda's body (a lambda's body runs when called), which makes it
// non-constexpr. Today Clang says: "static assertion expression is not an integral constant
// expression" and "constexpr variable 'half' must be initialized by a constant expression".
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %cxx -fsyntax-only -std=c++17 input.cpp
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.cpp -- -std=c++17
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include default/input.cpp
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough input.cpp -- -std=c++17
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include passthrough/input.cpp
auto scale = [](float v) { return v * 0.5f; };
static_assert(scale(4.0f) == 2.0f, "a lambda is implicitly constexpr");
constexpr float half = scale(3.0f);

float use(float x) { return x * half; }
