// An element a class returns by reference (`y(j)`, `m(i, j)`, `v.at(i)`) is an element as `v[i]`
// is: a sum into it over a loop is an accumulate (kept FP32 by the default rules), a product of
// two such reads varying along the sum is a dot_mul, and one of an object the function keeps (a
// reference parameter) or a loop carries, changed from its old value, is an update. `y(j) += a[i]
// * s` had been an fp16 add, stuck at 512, and the count `v(k) += 1.0f` stuck at 2048.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
#include <vector>
struct Vec {
  std::vector<float> d;
  explicit Vec(int n) : d(n, 0.0f) {}
  float &operator()(int i) { return d[i]; }
  float &at(int i) { return d.at(i); }
};
struct Mat {
  int cols;
  std::vector<float> d;
  float &operator()(int i, int j) { return d[i * cols + j]; }
};
void column_sums(Vec &y, Vec &z, const float *a, int n, float s) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 2; ++j) {
      y(j) += a[i * 2 + j] * s;
      // REPORT: input.cpp:[[@LINE-1]]:12: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
      z.at(j) += a[i * 2 + j];
      // REPORT: input.cpp:[[@LINE-1]]:15: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
    }
}
void matvec(Mat &m, Vec &x, Vec &out, int rows) {
  for (int i = 0; i < rows; ++i) {
    float acc = 0.0f;
    for (int k = 0; k < m.cols; ++k)
      acc += m(i, k) * x(k);
    // REPORT: input.cpp:[[@LINE-1]]:11: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
    // REPORT: input.cpp:[[@LINE-2]]:22: {"action":"scale","class":"allow",{{.*}}"op":"dot_mul",{{.*}}"spelling":"*"
    out(i) = acc;
  }
}
void bump(Vec &v, int k) { v(k) += 1.0f; }
// REPORT: input.cpp:[[@LINE-1]]:33: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+="
void bump_at(Vec *v, int k) { v->at(k) = v->at(k) + 1.0f; }
// REPORT: input.cpp:[[@LINE-1]]:51: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
// An accessor that returns the element by value, given integer indices, reads it as well: a
// convolution's products through it are dot_muls (they had been fp16 muls, and a CNN had no e4m3).
struct Image {
  int w;
  std::vector<float> d;
  float operator()(int y, int x) const { return d[y * w + x]; }
};
float conv_at(const Image &in, const Image &k, int y, int x, int n) {
  float s = 0.0f;
  for (int ky = 0; ky < n; ky++)
    for (int kx = 0; kx < n; kx++)
      s += k(ky, kx) * in(y + ky, x + kx);
  // REPORT: input.cpp:[[@LINE-1]]:22: {"action":"scale","class":"allow",{{.*}}"op":"dot_mul",{{.*}}"spelling":"*"
  return s;
}
