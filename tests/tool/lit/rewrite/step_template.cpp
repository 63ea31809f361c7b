// A call of a template's instantiation is a call of the template, whose body holds the loops: the
// loops of Net<T, N>::forward run within the training loop's steps, not as steps of their own.
// main's one-off nest that fills the weights is no step either, beside a loop that drives the
// work by calls.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
template <class T, int N> struct Net {
  T w[N][N], x[N], y[N];
  void forward() {
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        y[i] = y[i] * w[i][j] + x[j];
  }
};

int main() {
  static Net<float, 8> net;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      net.w[i][j] = net.x[j] * 0.5f;
  for (int step = 0; step < 10; step++)
    net.forward();
  return net.y[0] > 0.0f;
}
// REPORT: steps: {"loops":[{"file":"input.cpp","function":"main","line":[[@LINE-4]]}],"source":"found"}
