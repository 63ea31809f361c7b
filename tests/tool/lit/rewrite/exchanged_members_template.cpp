// A class template's members exchanged by its method (`std::swap(t, u)` of `std::vector<T>`s,
// which resolves only in an instantiation) are exchanged in the template's own code too, where
// its operations are found: `t[i] = ... u[i] ...` is the update of u written out of place (kept
// FP32 by the default rules), as in a plain class. bf16 had stopped a Jacobi sweep at 0.25 of
// 0.4978.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
#include <cstddef>
#include <utility>
#include <vector>
template <typename T> struct Jacobi {
  std::vector<T> u, t, f;
  explicit Jacobi(int n) : u(n + 2, T(0)), t(n + 2, T(0)), f(n + 2, T(1e-3)) {}
  void sweep() {
    for (std::size_t i = 1; i + 1 < u.size(); ++i)
      t[i] = T(0.5) * (u[i - 1] + u[i + 1] + f[i]);
      // REPORT: input.cpp:[[@LINE-1]]:21: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:44"],"function":"Jacobi::sweep","op":"update","rule":"class:deny","spelling":"*","type":"dependent","variable":"t"}
      // REPORT: input.cpp:[[@LINE-2]]:33: {"action":"keep","class":"deny","function":"Jacobi::sweep","op":"update","rule":"class:deny","spelling":"+","type":"dependent","variable":"t"}
      // REPORT: input.cpp:[[@LINE-3]]:44: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-3]]:33"],"function":"Jacobi::sweep","op":"update","rule":"class:deny","spelling":"+","type":"dependent","variable":"t"}
    std::swap(t, u);
  }
};
float solve() {
  Jacobi<float> j(63);
  for (int it = 0; it < 3000; ++it)
    j.sweep();
  return j.u[32];
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":0,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"Jacobi::sweep":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[{"file":"input.cpp","function":"solve","line":27}],"source":"found"}
// REPORT: summary: 3 float operations in 1 file: 3 kept, 0 skipped
