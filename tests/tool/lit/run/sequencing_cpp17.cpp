// C++17 evaluates the right operand of x op= f() before x: when f() moves x's index or pointer,
// the operation lands on the new element. The runtime call's arguments have no such order, so a
// left-hand side a call may move keeps its operator (the call's writes are assumed: its body is
// not looked into); one located only by private locals (j, whose address no call can have) is
// rewritten. Both compilers (Clang evaluates arguments left to right, GCC right to left).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s --check-prefix=CONTROL
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -std=c++17 -O2 -ffp-contract=off input.cpp -o orig
// RUN: %cxx -std=c++17 -O2 -ffp-contract=off -I %runtime-include out/input.cpp %runtime-link -o rewritten
// RUN: ./orig > orig.txt && ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
// RUN: %host-cxx -std=c++17 -O2 -ffp-contract=off input.cpp -o orig-host
// RUN: %host-cxx -std=c++17 -O2 -ffp-contract=off -I %runtime-include out/input.cpp %runtime-link -o rewritten-host
// RUN: ./orig-host > orig-host.txt && ./rewritten-host > rewritten-host.txt && diff -u orig-host.txt rewritten-host.txt
#include <cstdio>

static float a[4] = {1.0f, 2.0f, 3.0f, 4.0f};
static int k = 0;
static float *cursor = a;
static float next() { k = (k + 1) % 4; return 0.5f; }
static float advance() { ++cursor; return 0.25f; }

int main() {
  a[k] += next();       // next() runs first: adds to a[1]
  // REPORT: input.cpp:[[@LINE-1]]:8: {"action":"skipped","class":"deny","function":"main","op":"update","reason":"C++17 sequencing: a call in the right operand may move the left-hand side, which is located after it","spelling":"+=","type":"float","variable":"a"}
  *cursor -= advance(); // advance() runs first: subtracts from a[1]
  // REPORT: input.cpp:[[@LINE-1]]:11: {"action":"skipped","class":"deny","function":"main","op":"update","reason":"C++17 sequencing: a call in the right operand may move the left-hand side, which is located after it","spelling":"-=","type":"float","variable":"cursor"}
  int j = 2;
  a[j] *= next() + 1.5f; // no call can change j
  // CONTROL: autoscale_mul_assign_f_compact({{.*}}, &(a[j]), autoscale_add_f_compact({{.*}}, next(), 1.5f)); // no call can change j
  std::printf("%a %a %a %a\n", a[0], a[1], a[2], a[3]);
  volatile float x = 0.1f;
  std::printf("%a\n", x * 3.0f);
  // CONTROL: std::printf("%a\n", autoscale_mul_f_compact({{.*}}, x, 3.0f));
  return 0;
}
// REPORT: summary: 5 float operations in 1 file: 3 cast fp32, 0 kept, 2 skipped; no step found: each site rolls its history every 1024 executions
