// In C++ the result of x op= y and of ++x is the lvalue x; a function may return it by reference
// (`float &`, or `decltype(auto)` with parentheses), and its caller may assign through it. The
// rewrite then uses the generic call, which returns that lvalue, as it does wherever an expression
// uses the result as one. Both compilers, under pass-through: the same output as the original.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.cpp -- -std=c++17 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: %cxx -std=c++17 -O2 -ffp-contract=off input.cpp -o orig
// RUN: %cxx -std=c++17 -O2 -ffp-contract=off -I %runtime-include out/input.cpp %runtime-link -o rewritten
// RUN: ./orig > orig.txt && ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
// RUN: %host-cxx -std=c++17 -O2 -ffp-contract=off input.cpp -o orig-host
// RUN: %host-cxx -std=c++17 -O2 -ffp-contract=off -I %runtime-include out/input.cpp %runtime-link -o rewritten-host
// RUN: ./orig-host > orig-host.txt && ./rewritten-host > rewritten-host.txt && diff -u orig-host.txt rewritten-host.txt
// RUN: %code out/input.cpp | FileCheck %s --check-prefix=CONTROL
// TOOL: 9 float operations in 1 file: 9 cast fp32, 0 kept, 0 skipped; {{.*}}
#include <cstdio>

float &twice(float &a) { return a *= 2.0f; }
// CONTROL: float &twice(float &a) { return ::__autoscale::mul_assign({{.*}}, a, 2.0f); }
float &next(float &a) { return ++a; }
// CONTROL: float &next(float &a) { return ::__autoscale::preinc({{.*}}, a); }
decltype(auto) bump(float &a) { return (a += 1.0f); }
struct Acc {
  float s = 0;
  Acc &add(float v) {
    s += v;
    return *this;
  }
  float &at() { return s -= 0.5f; }
};

int main() {
  float b = 2.25f, c = 1.0f, d = 1.5f;
  twice(b) -= 1.0f;
  next(c) *= 3.0f;
  bump(d) += 100.0f;
  Acc acc;
  acc.add(1.5f).add(2.0f);
  acc.at() *= 2.0f;
  std::printf("%a %a %a %a\n", b, c, d, acc.s);
  return 0;
}
