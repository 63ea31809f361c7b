// Where the steps end in a C++ program: at the loop that runs the work. The work here runs through
// a virtual call (a layer's forward), which counts as a call of every override; a library
// function the program never calls does no work, and its loop is no step; a loop whose counter
// indexes a container's elements walks over one tensor (a set-up), as over an array's. Before, the
// uncalled function's loop was the only step and the training loop was none.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out input.cpp -- -std=c++17 2> rewrite.err
// RUN: %code out/input.cpp | FileCheck %s
// RUN: FileCheck --check-prefix=STEPS --input-file rewrite.err %s
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// STEPS: steps end at input.cpp:[[#@LINE+30]] (found)
#include <cstddef>
#include <vector>

struct Layer {
  virtual ~Layer() {}
  virtual void forward(std::vector<float> &x) = 0;
};
struct Scale : Layer {
  float s = 0.5f;
  void forward(std::vector<float> &x) override {
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = x[i] * s + 0.25f;
  }
};

// CHECK: for (int r = 0; r < rounds; ++r)
void unused_smooth(std::vector<float> &x, int rounds) {
  for (int r = 0; r < rounds; ++r)
    for (std::size_t i = 1; i < x.size(); ++i) x[i] = 0.5f * (x[i] + x[i - 1]);
}

int main() {
  std::vector<float> x(16), y(16);
  // CHECK: for (int i = 0; i < 16; ++i) {
  for (int i = 0; i < 16; ++i) {
    for (int k = 0; k < 2; ++k) y[i] = x[i] * 0.25f + (float)k;
  }
  Scale s;
  Layer *l = &s;
  // CHECK: { autoscale_begin_steps(); for (int epoch = 0; epoch < 3; autoscale_step(), ++epoch)
  for (int epoch = 0; epoch < 3; ++epoch)
    l->forward(x);
  return x[3] + y[2] > 0.0f ? 0 : 1;
}
