// A template argument is a constant expression, also inside a call's explicit template arguments.
// Its operands are constants: the multiply is left as written ("constant operands").
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %cxx -fsyntax-only -std=c++17 input.cpp
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.cpp -- -std=c++17
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include default/input.cpp
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough input.cpp -- -std=c++17
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include passthrough/input.cpp
#include <tuple>

float third(std::tuple<float, float, float> t, float s) {
  return std::get<(int)(0.5 * 4)>(t) * s;
}
