// Buffers exchanged by a swap the program writes as a function taking references, a lambda or a
// functor (`swp(u, un)`): the new state is the update, kept FP32 by the default rules. A functor's
// call has the object as its first argument, no parameter.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
void swap_buffers(float *&a, float *&b) {
  float *t = a;
  a = b;
  b = t;
}
void by_reference(float *u, float *un, int n, int steps) {
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i + 1 < n; i++)
      un[i] = u[i] + 0.1f * (u[i - 1] - 2.0f * u[i] + u[i + 1]);
    // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
    swap_buffers(u, un);
  }
}
void by_lambda(float *u, float *un, int n, int steps) {
  auto swp = [](float *&a, float *&b) {
    float *t = a;
    a = b;
    b = t;
  };
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i + 1 < n; i++)
      un[i] = u[i] + 0.1f * (u[i - 1] - 2.0f * u[i] + u[i + 1]);
    // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
    swp(u, un);
  }
}
struct Swapper {
  void operator()(float *&a, float *&b) const {
    float *t = a;
    a = b;
    b = t;
  }
};
void by_functor(float *u, float *un, int n, int steps) {
  Swapper swp;
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i + 1 < n; i++)
      un[i] = u[i] + 0.1f * (u[i - 1] - 2.0f * u[i] + u[i + 1]);
    // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
    swp(u, un);
  }
}
