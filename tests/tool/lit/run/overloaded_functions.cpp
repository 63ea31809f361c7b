// Functions of one name, each with its loops: two overloads, and two templates of one type that
// differ only in a constraint (a default template argument, as xtensor's arange_assign_to). The
// step planner keyed functions by their qualified name, then by name and type, so one's loops
// replaced the other's and the planner looked up a loop that was not there (std::out_of_range:
// the tool aborted). Each is its own function now: the step loop is found in main, and
// pass-through prints the original's bits.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out input.cpp -- -std=c++17 2> rewrite.err
// RUN: FileCheck --check-prefix=STEPS --input-file rewrite.err %s
// RUN: %cxx -O1 -ffp-contract=off -std=c++17 input.cpp -o orig && ./orig > orig.txt
// RUN: %cxx -O1 -ffp-contract=off -std=c++17 -I %runtime-include out/input.cpp %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
// STEPS: steps end at input.cpp:[[#@LINE+32]] (found)
#include <cstdio>
#include <type_traits>
static float total(const float *x, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; ++i) s += x[i] * 0.5f;
  return s;
}
static double total(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < 2; ++k) s += x[i] * 0.25;
  }
  return s;
}
template <class T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
float fill(float *x, int n, T step) {
  float v = 0.0f;
  for (int i = 0; i < n; ++i) x[i] = v += (float)step;
  return v;
}
template <class T, typename std::enable_if<!std::is_integral<T>::value, int>::type = 0>
float fill(float *x, int n, T step) {
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < 1; ++k) x[i] = (float)step * (float)i + 0.5f;
  }
  return x[n - 1];
}
int main() {
  float a[8];
  double b[8];
  for (int i = 0; i < 8; ++i) a[i] = 0.5f * (float)i, b[i] = 0.25 * (double)i;
  for (int step = 0; step < 3; ++step)
    std::printf("%a %a %a %a\n", (double)total(a, 8), total(b, 8), (double)fill(a, 8, 2), (double)fill(a, 8, 0.75));
  return 0;
}
