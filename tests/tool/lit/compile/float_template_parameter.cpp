// C++20 allows float non-type template parameters; their arguments are constant expressions.
// XFAIL: *
// Bug: the tool rewrites 0.5f * 3.0f in scaled<0.5f * 3.0f>. Today Clang says: "no matching
// function for call to 'scaled'" (the body's x * Scale is rightly rewritten).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %cxx -fsyntax-only -std=c++20 input.cpp
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.cpp -- -std=c++20
// RUN: %cxx -fsyntax-only -std=c++20 -I %runtime-include default/input.cpp
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough input.cpp -- -std=c++20
// RUN: %cxx -fsyntax-only -std=c++20 -I %runtime-include passthrough/input.cpp
template <float Scale> float scaled(float x) { return x * Scale; }

float use(float x) { return scaled<0.5f * 3.0f>(x) + scaled<2.0f>(x); }
