// C++ list-initialisation may narrow double to float only when the value is a constant
// expression: a rewritten constant is a runtime call, and the narrowing becomes an error.
// Constant operations are left as written ("constant operands"), so the narrowing stays allowed.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %cxx -fsyntax-only -std=c++17 input.cpp
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.cpp -- -std=c++17
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include default/input.cpp
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough input.cpp -- -std=c++17
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include passthrough/input.cpp
#include <array>

struct Vec3 { float x, y, z; };

float use(float s) {
  const float w[2] = {1.0 / 6.0, 0.5 * 3.0};
  std::array<float, 2> x{0.5 * 1.0, 1.0};
  Vec3 v = Vec3{0.0, 0.5 * 2.0, 0.0};
  return w[0] * s + x[0] + v.y;
}
