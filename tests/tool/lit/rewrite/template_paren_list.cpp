// An operation inside the parenthesised initialiser of a variable whose type depends on a template
// parameter: before instantiation Clang keeps `(a * b, a + b)` as a ParenListExpr, the one kind of
// expression with no type at all. The walk up from `a * b` read its type and crashed (SIGSEGV,
// seen on a header-only deep-learning library); now the operations are rewritten and compile.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
template <class T> struct Pair {
  T x, y;
  Pair(T a, T b) : x(a), y(b) {}
};
template <class T> struct Holder {
  T combine(float a, float b) {
    // CHECK: Pair<T> p(autoscale_mul_f_compact({{.*}}, a, b), autoscale_add_f_compact({{.*}}, a, b));
    Pair<T> p(a * b, a + b);
    return p.x + p.y;
  }
};
int main() {
  Holder<float> h;
  return h.combine(1.5f, 2.0f) > 0.0f ? 0 : 1;
}
