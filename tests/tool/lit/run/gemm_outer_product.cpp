// A per-sample weight gradient of a layer held in std::vector members, as the MLP example writes
// it: the rank-1 update of `g.w` is one GEMM call (op outer_product) after the loop, which keeps
// the bias gradient of `g.b`, another member of the same object; under the pass-through rules
// the program prints the original's bits. Left as written (no call): a loop whose other work
// writes `g.w` itself, and a method's loop whose other work writes a member of `*this`.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s --check-prefix=CONTROL
// RUN: %cxx -std=c++17 -O2 -ffp-contract=off input.cpp -o orig && ./orig > orig.txt
// RUN: %cxx -std=c++17 -O2 -ffp-contract=off -I %runtime-include out/input.cpp %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <cstdio>
#include <vector>

struct Layer {
  int in, out;
  std::vector<float> w, b;
};

static void backward(Layer &g, const float *x, const float *dy) {
  for (int o = 0; o < g.out; ++o) {
    for (int i = 0; i < g.in; ++i) g.w[o * g.in + i] += dy[o] * x[i];
    g.b[o] += dy[o];
  }
}
// CONTROL: static void backward(Layer &g, const float *x, const float *dy) {
// CONTROL: } autoscale_matmul_f({{.*}}, g.w.data(), g.in, 1, g.w.data(), g.in, 1);
// CONTROL-NOT: autoscale_matmul_f(

static void decayed(Layer &g, const float *x, const float *dy) {
  for (int o = 0; o < g.out; ++o) {
    for (int i = 0; i < g.in; ++i) g.w[o * g.in + i] += dy[o] * x[i];
    g.w[o * g.in] *= 0.5f;
  }
}

struct Net {
  float *w, *d, *x;
  void backward() {
    for (int o = 0; o < 7; ++o) {
      for (int i = 0; i < 11; ++i) w[o * 11 + i] += d[o] * x[i];
      d[o] = 0.5f * d[o];
    }
  }
};

int main() {
  Layer g{11, 7, std::vector<float>(77), std::vector<float>(7)};
  float x[11], dy[7];
  for (int i = 0; i < 11; ++i) x[i] = 0.37f * static_cast<float>(i) - 1.1f;
  for (int o = 0; o < 7; ++o) dy[o] = 0.013f * static_cast<float>(o * o) - 0.05f;
  for (int step = 0; step < 4; ++step) {
    backward(g, x, dy);
    decayed(g, x, dy);
  }
  std::vector<float> nw(77), nd(7), nx(x, x + 11);
  Net net{nw.data(), nd.data(), nx.data()};
  for (int step = 0; step < 3; ++step) {
    for (int o = 0; o < 7; ++o) net.d[o] += dy[o];
    net.backward();
  }
  for (float v : nw) std::printf("%a\n", static_cast<double>(v));
  for (float v : g.w) std::printf("%a\n", static_cast<double>(v));
  for (float v : g.b) std::printf("%a\n", static_cast<double>(v));
  return 0;
}
