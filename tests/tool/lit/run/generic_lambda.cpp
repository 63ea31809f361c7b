// A generic lambda's call operator is a template inside the function that holds the lambda: its
// operations are that function's, rewritten with the generic calls as a function template's are
// (not taken for a template argument). Both compilers, under pass-through: the original's output.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %cxx -std=c++17 -O2 -ffp-contract=off input.cpp -o orig
// RUN: %cxx -std=c++17 -O2 -ffp-contract=off -I %runtime-include out/input.cpp %runtime-link -o rewritten
// RUN: ./orig > orig.txt && ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
// RUN: %host-cxx -std=c++17 -O2 -ffp-contract=off input.cpp -o orig-host
// RUN: %host-cxx -std=c++17 -O2 -ffp-contract=off -I %runtime-include out/input.cpp %runtime-link -o rewritten-host
// RUN: ./orig-host > orig-host.txt && ./rewritten-host > rewritten-host.txt && diff -u orig-host.txt rewritten-host.txt
// RUN: %code out/input.cpp | FileCheck %s --check-prefix=CONTROL
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
#include <cstdio>

int main() {
  double mean = 0, m2 = 0;
  long n = 0;
  auto add = [&](auto x) { // Welford's running variance
    n++;
    auto delta = x - mean;
    // CONTROL: auto delta = ::__autoscale::sub({{.*}}, x, mean);
    // REPORT: input.cpp:[[@LINE-2]]:20: {"action":"cast","class":"deny","fed_by":["input.cpp:[[@LINE+1]]:10"],"format":"fp32","function":"main","op":"sub","rounding":"output","rule":"class:deny","site":0,"spelling":"-","strategy":"delayed","type":"dependent","variable":"delta"}
    mean += delta / n;
    m2 += delta * (x - mean);
  };
  for (int i = 0; i < 10; ++i)
    add(i * 1.5);
  add(0.25f);
  std::printf("%a %a\n", mean, m2);
  return 0;
}
