// Loops over C++ containers substituted by the runtime's loop kernels are their loops of scalar
// calls: the program rewritten with them (autoscale_dot_f/_d, autoscale_axpy_f) prints the same
// bits as the same rewrite with one call per product (vector_loops: false), and its sites count
// the same (both name a container's tensor by its data pointer). Built with the library's checks
// on (_GLIBCXX_ASSERTIONS): the kernels' addresses come from data(), so a loop that runs no
// iteration, starting past the last element, checks nothing.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: cp %rules/default.yaml scalar.yaml
// RUN: printf '  - name: scalar-loops\n    match: {op: dot_mul}\n    set: {vector_loops: false, loop_programs: false}\n' >> scalar.yaml
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir vector input.cpp -- -std=c++20
// RUN: %autoscale-rewrite --rules scalar.yaml --out-dir scalar input.cpp -- -std=c++20
// RUN: %code vector/input.cpp | FileCheck %s --check-prefix=VECTOR
// RUN: %code scalar/input.cpp | FileCheck %s --check-prefix=SCALAR
// VECTOR-COUNT-7: {{autoscale_dot_[fd]|autoscale_axpy_[fd]}}(
// SCALAR-NOT: {{autoscale_dot_[fd]|autoscale_axpy_[fd]}}(
// SCALAR-COUNT-7: autoscale_mul_tensors_{{[fd]}}(
// RUN: %cxx -std=c++20 -O2 -ffp-contract=off -D_GLIBCXX_ASSERTIONS input.cpp -o orig && ./orig > orig.txt
// RUN: %cxx -std=c++20 -O2 -ffp-contract=off -D_GLIBCXX_ASSERTIONS -I %runtime-include vector/input.cpp %runtime-link -lm -o vector.out
// RUN: %cxx -std=c++20 -O2 -ffp-contract=off -D_GLIBCXX_ASSERTIONS -I %runtime-include scalar/input.cpp %runtime-link -lm -o scalar.out
// RUN: env AUTOSCALE_REPORT=vector.json AUTOSCALE_SUMMARY=0 ./vector.out > vector.txt
// RUN: env AUTOSCALE_REPORT=scalar.json AUTOSCALE_SUMMARY=0 ./scalar.out > scalar.txt
// RUN: diff -u scalar.txt vector.txt
// RUN: %site-counters scalar.json > scalar.counters && %site-counters vector.json > vector.counters
// RUN: diff -u scalar.counters vector.counters
// RUN: FileCheck %s --check-prefix=COUNTED --input-file vector.counters
// COUNTED-COUNT-7: input.cpp:{{[0-9]+}}:{{[0-9]+}} mul executions={{[1-9][0-9]*}} a={{[1-9]}}
#include <array>
#include <cstdio>
#include <span>
#include <vector>

enum { N = 37, T = 6, HS = 11 };

static unsigned seed = 12345u;

// A value m * 2^e, m in [1, 2) with a few bits, e in [-30, 10], either sign.
static float value() {
  seed = seed * 1103515245u + 12345u;
  unsigned r = seed >> 8;
  float m = 1.0f + static_cast<float>(r & 7u) / 8.0f;
  int e = static_cast<int>((r >> 3) % 41u) - 30;
  float v = m;
  for (; e > 0; e--)
    v *= 2.0f;
  for (; e < 0; e++)
    v *= 0.5f;
  return (r >> 12) & 1u ? -v : v;
}

struct Layer {
  int in, out;
  std::vector<float> w;
};

// examples/mlp's forward product: a member container through a const reference.
static float row(const Layer &l, const float *x, int o) {
  float acc = 0.0f;
  for (int i = 0; i < l.in; ++i)
    acc += l.w[o * l.in + i] * x[i];
  return acc;
}

// From lo up to hi: lo may be the size, the loop then running no iteration.
static double range(const std::vector<double> &a, const std::vector<double> &b, std::size_t lo,
                    std::size_t hi) {
  double s = 0.5;
  for (std::size_t i = lo; i < hi; i++)
    s += a[i] * b[i];
  return s;
}

// A column of a std::array against a std::span, backwards.
static float column(const std::array<float, N * 4> &m, std::span<const float> x, int j) {
  float s = 0.0f;
  for (int i = 0; i < N; i++)
    s = s + m[i * 4 + j] * x[N - 1 - i];
  return s;
}

// data() and &v[0] as pointers; a row of a vector of vectors.
static float pointers(const std::vector<float> &a, const std::vector<std::vector<float>> &m, int r) {
  const float *pa = a.data();
  float s = 0.0f;
  for (int i = 0; i < N; i++)
    s += pa[i] * (&m[r][0])[i];
  for (std::size_t k = 0; k < m[r].size(); k++)
    s += m[r][k] * a[k];
  return s;
}

// Attention's weighted sum of values (over a window from t0 that stops at a zero weight, which no
// GEMM site takes) and its gradient, into containers.
static void attend(std::vector<float> &out, const std::vector<float> &att,
                   const std::vector<float> &v, int t0, int t) {
  for (int t2 = t0; t2 <= t && att[t2] != 0.0f; t2++) {
    float w = att[t2];
    for (int i = 0; i < HS; i++)
      out[i] += w * v[t2 * HS + i];
  }
}

struct Grads {
  std::vector<float> dv;
};

static void attend_back(Grads &g, const std::vector<float> &att, const std::vector<float> &dout) {
  for (int t = 0; t < T; t++)
    for (int t2 = 0; t2 <= t; t2++)
      for (int i = 1; i < HS; i++)
        g.dv[t2 * HS + i] += att[t * T + t2] * dout[t * HS + i];
}

int main() {
  Layer l{N, 4, std::vector<float>(N * 4)};
  std::array<float, N * 4> m{};
  std::vector<float> x(N), a(N), att(T * T), v(T * HS), o(HS);
  std::vector<std::vector<float>> rows(3, std::vector<float>(N));
  std::vector<double> ad(N), bd(N);
  Grads g{std::vector<float>(T * HS)};
  for (int step = 0; step < 5; step++) {
    for (float &e : l.w)
      e = value();
    for (float &e : m)
      e = value();
    for (int i = 0; i < N; i++) {
      x[i] = value();
      a[i] = value();
      ad[i] = static_cast<double>(value()) * 1e-3;
      bd[i] = static_cast<double>(value());
      for (auto &r : rows)
        r[i] = value();
    }
    for (float &e : att)
      e = value();
    for (float &e : v)
      e = value();
    for (int k = 0; k < 4; k++)
      std::printf("row %d %a\n", k, row(l, x.data(), k));
    std::printf("range %a %a\n", range(ad, bd, 3, N), range(ad, bd, N, N));
    std::printf("column %a\n", column(m, x, step % 4));
    std::printf("pointers %a\n", pointers(a, rows, step % 3));
    for (float &e : o)
      e = 0.0f;
    attend(o, att, v, 1, T - 1);
    for (int i = 0; i < HS; i++)
      std::printf("attend %d %a\n", i, o[i]);
    attend_back(g, att, v);
    for (int i = 0; i < T * HS; i++)
      std::printf("attend_back %d %a\n", i, g.dv[i]);
  }
  return 0;
}
