// A member function's product of the object's own arrays (`w[j][k]`, `this->out`; `this` never
// changes in it) is a GEMM site like a struct's through a pointer (`g->w`); pass-through prints
// the original's bits, the product into a member array of the same object included.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir same input.cpp -- -std=c++17
// RUN: %code same/input.cpp | FileCheck %s
// RUN: %cxx -std=c++17 -O2 -ffp-contract=off input.cpp -o orig && ./orig > orig.txt
// RUN: %cxx -std=c++17 -O2 -ffp-contract=off -I %runtime-include same/input.cpp %runtime-link -o same.out
// RUN: env AUTOSCALE_SUMMARY=0 ./same.out > same.txt && diff -u orig.txt same.txt
#include <cstdio>

struct Layer {
  static constexpr int In = 12, Out = 10, Batch = 6;
  float w[Out][In];
  float b[Out];
  float out[Batch][Out];

  // CHECK-LABEL: void forward(const float *x, float *y, int rows) const {
  // CHECK-NEXT: if (!autoscale_matmul_nest_f({{.*}}, &w[0][0], 1, 12, &b[0], 0, 1, y, 10, 1)) for (int i = 0; i < rows; ++i)
  void forward(const float *x, float *y, int rows) const {
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < Out; ++j) {
        float acc = b[j];
        for (int k = 0; k < In; ++k)
          acc += x[i * In + k] * w[j][k];
        y[i * Out + j] = acc;
      }
  }

  // CHECK-LABEL: void forward_into_member(const float (*x)[In]) {
  // CHECK-NEXT: if (!autoscale_matmul_nest_f({{.*}}, &this->w[0][0], 1, 12, AUTOSCALE_NULL, 0, 0, &this->out[0][0], 10, 1)) for (int i = 0; i < Batch; ++i)
  void forward_into_member(const float (*x)[In]) {
    for (int i = 0; i < Batch; ++i)
      for (int j = 0; j < Out; ++j) {
        float acc = 0.0f;
        for (int k = 0; k < In; ++k)
          acc += x[i][k] * this->w[j][k];
        this->out[i][j] = acc;
      }
  }
};

int main() {
  static Layer layer;
  static float x[Layer::Batch][Layer::In], y[Layer::Batch * Layer::Out];
  for (int j = 0; j < Layer::Out; ++j) {
    layer.b[j] = 0.1f * (float)j - 0.4f;
    for (int k = 0; k < Layer::In; ++k)
      layer.w[j][k] = (float)((j * 7 + k * 3) % 11) * 0.173f - 0.9f;
  }
  for (int i = 0; i < Layer::Batch; ++i)
    for (int k = 0; k < Layer::In; ++k)
      x[i][k] = (float)((i * 5 + k) % 13) * 0.311f - 1.7f;
  layer.forward(&x[0][0], y, Layer::Batch);
  layer.forward_into_member(x);
  for (int i = 0; i < Layer::Batch * Layer::Out; ++i)
    std::printf("%a %a\n", y[i], layer.out[i / Layer::Out][i % Layer::Out]);
  return 0;
}
