// Loop programs over C++ containers are their loops of rewritten statements: the program
// rewritten with its loops run by autoscale_loop_f, their elements read and written through the
// containers' data(), prints the same bits as the same rewrite with one call per operation
// (loop_programs: false), and its sites count the same. Built with the library's checks on
// (_GLIBCXX_ASSERTIONS): a loop that runs no iteration, starting at the size, checks nothing.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: cp %rules/default.yaml scalar.yaml
// RUN: printf '  - name: no-programs\n    set: {loop_programs: false}\n' >> scalar.yaml
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir program input.cpp -- -std=c++20
// RUN: %autoscale-rewrite --rules scalar.yaml --out-dir scalar input.cpp -- -std=c++20
// RUN: %code program/input.cpp | FileCheck %s --check-prefix=PROGRAM
// RUN: %code scalar/input.cpp | FileCheck %s --check-prefix=SCALAR
// PROGRAM-COUNT-4: {{autoscale_loop_f}}(
// SCALAR-NOT: {{autoscale_loop_f}}(
// RUN: %cxx -std=c++20 -O2 -ffp-contract=off -D_GLIBCXX_ASSERTIONS -I %runtime-include program/input.cpp %runtime-link -lm -o program.out
// RUN: %cxx -std=c++20 -O2 -ffp-contract=off -D_GLIBCXX_ASSERTIONS -I %runtime-include scalar/input.cpp %runtime-link -lm -o scalar.out
// RUN: env AUTOSCALE_REPORT=program.json AUTOSCALE_SUMMARY=0 ./program.out > program.txt
// RUN: env AUTOSCALE_REPORT=scalar.json AUTOSCALE_SUMMARY=0 ./scalar.out > scalar.txt
// RUN: diff -u scalar.txt program.txt
// RUN: %site-counters scalar.json > scalar.counters && %site-counters program.json > program.counters
// RUN: diff -u scalar.counters program.counters
// RUN: FileCheck %s --check-prefix=COUNTED --input-file program.counters
// COUNTED: input.cpp:{{[0-9]+}}:{{[0-9]+}} mul executions={{[1-9][0-9]*}} output={{[1-9][0-9]*}}/0/{{[0-9]+}}/{{[0-9]+}}
#include <array>
#include <cstdio>
#include <span>
#include <vector>

enum { N = 301, STEPS = 4 };

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
  std::vector<float> w, b;
};

// Members through a reference, the bound a container's size.
static void bias(std::vector<float> &y, const Layer &l, const std::vector<float> &x, float k) {
  for (std::size_t i = 0; i < y.size(); i++)
    y[i] = l.w[i] * x[i] * k + l.b[i];
}

// From lo: lo may be the size, the loop then running no iteration.
static void tail(std::vector<float> &z, const std::vector<float> &y, const std::vector<float> &x,
                 std::size_t lo) {
  for (std::size_t i = lo; i < x.size(); i++)
    z[i] = y[i] - x[i] * 0.25f;
}

// A std::array, a std::span and a row of a vector of vectors.
static void mixed(std::array<float, N> &out, std::span<const float> a,
                  const std::vector<std::vector<float>> &rows, int r) {
  for (int i = 0; i < N; i++) {
    float t = a[i] * rows[r][i];
    out[i] = t - a[i];
  }
}

// data() and &v[0] as pointers.
static void pointers(std::vector<float> &y, const std::vector<float> &x) {
  float *py = y.data();
  const float *px = &x[0];
  for (int i = 0; i < N; i++)
    py[i] = px[i] * px[i] + 1.0f;
}

int main() {
  Layer l{std::vector<float>(N), std::vector<float>(N)};
  std::vector<float> x(N), y(N), z(N);
  std::array<float, N> out{};
  std::vector<std::vector<float>> rows(2, std::vector<float>(N));
  for (int step = 0; step < STEPS; step++) {
    for (int i = 0; i < N; i++) {
      l.w[i] = value();
      l.b[i] = value();
      x[i] = value();
      rows[0][i] = value();
      rows[1][i] = value();
    }
    bias(y, l, x, 0.5f);
    tail(z, y, x, N - 7);
    tail(z, y, x, N);
    for (int i = 0; i < N; i += 10)
      std::printf("y %d %a z %a\n", i, y[i], z[i]);
    mixed(out, x, rows, step % 2);
    for (int i = 0; i < N; i += 10)
      std::printf("out %d %a\n", i, out[i]);
    pointers(y, x);
    for (int i = 0; i < N; i += 10)
      std::printf("pointers %d %a\n", i, y[i]);
  }
  return 0;
}
