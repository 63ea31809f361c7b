// A local const int initialised by float arithmetic on constants is an integral constant
// expression: an array bound, a case label and a template argument may use it.
// The initialiser's operands are constants: the multiply is left as written ("constant operands").
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %cxx -fsyntax-only -std=c++17 input.cpp
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.cpp -- -std=c++17
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include default/input.cpp
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough input.cpp -- -std=c++17
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include passthrough/input.cpp
template <int N> struct Fixed { static constexpr int value = N; };

int pick(int k, float x) {
  const int n = (int)(2.5f * 4.0f);
  float table[n] = {};
  table[0] = x;
  switch (k) {
  case n:
    return Fixed<n>::value + (int)table[0];
  default:
    return 0;
  }
}
