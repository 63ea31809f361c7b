// The elements of std::vector, std::array and std::span are one array, the container's data():
// an innermost loop of their products is one call of the runtime's dot kernel. Its addresses are
// data() plus the first index (not &v[i], which a checked library tests against the size where
// the loop may run no iteration), and each operand's tensor is the container's data pointer, as
// at the scalar calls (tests/tool/lit/run/container_loops.cpp).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++20
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++20 -D_GLIBCXX_ASSERTIONS -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.cpp -- -std=c++20
// RUN: diff -u input.cpp ../again/input.cpp
#include <array>
#include <span>
#include <vector>

struct Layer {
  int in, out;
  std::vector<float> w;
};

// A member container through a const reference: examples/mlp's forward product.
float row(const Layer &l, const float *x, int o) {
  float acc = 0.0f;
  for (int i = 0; i < l.in; ++i)
  // CHECK: acc = autoscale_dot_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], acc, l.in > 0 ? AUTOSCALE_CAST(size_t, l.in) : 0, l.w.data() + (o * l.in + 0), 1, &x[0], 1, l.w.data(), x);
    acc += l.w[o * l.in + i] * x[i];
    // REPORT: input.cpp:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:30"],"function":"row","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
    // REPORT: input.cpp:[[@LINE-2]]:30: {"action":"scale","class":"allow","format":"e4m3","function":"row","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
  return acc;
}

// Both factors containers, the bound one's size.
double sizes(const std::vector<double> &a, const std::vector<double> &b) {
  double s = 0.0;
  for (std::size_t i = 0; i < a.size(); i++)
  // CHECK: s = autoscale_dot_d(&[[SITES]][1], s, (a.size()) > 0 ? AUTOSCALE_CAST(size_t, (a.size())) : 0, a.data(), 1, b.data(), 1, a.data(), b.data());
    s += a[i] * b[i];
    // REPORT: input.cpp:[[@LINE-1]]:7: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:15"],"function":"sizes","op":"accumulate","rule":"class:deny","spelling":"+=","type":"double","variable":"s"}
    // REPORT: input.cpp:[[@LINE-2]]:15: {"action":"scale","class":"allow","format":"e4m3","function":"sizes","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":1,"spelling":"*","strategy":"delayed","type":"double","variable":"s"}
  return s;
}

// A column of a std::array (a stride), against a std::span.
float column(const std::array<float, 12> &m, std::span<const float> x, int j) {
  float s = 0.0f;
  for (int i = 0; i < 4; i++)
  // CHECK: s = autoscale_dot_f(&[[SITES]][2], s, 4 > 0 ? AUTOSCALE_CAST(size_t, 4) : 0, m.data() + (0 * 3 + j), 3, x.data(), 1, m.data(), x.data());
    s += m[i * 3 + j] * x[i];
    // REPORT: input.cpp:[[@LINE-1]]:7: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:23"],"function":"column","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
    // REPORT: input.cpp:[[@LINE-2]]:23: {"action":"scale","class":"allow","format":"e4m3","function":"column","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
  return s;
}

// A member of the object a method runs on.
struct Model {
  std::vector<float> w;
  float dot(const std::vector<float> &x, int n) const {
    float s = 0.0f;
    for (int i = 0; i < n; i++)
    // CHECK: s = autoscale_dot_f(&[[SITES]][3], s, n > 0 ? AUTOSCALE_CAST(size_t, n) : 0, w.data(), 1, x.data(), 1, this->w.data(), x.data());
      s += w[i] * x[i];
      // REPORT: input.cpp:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:17"],"function":"Model::dot","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
      // REPORT: input.cpp:[[@LINE-2]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"Model::dot","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
    return s;
  }
};

// data() and &v[0] as pointers.
float pointers(const std::vector<float> &a, const std::vector<float> &b, int n) {
  const float *pa = a.data();
  float s = 0.0f;
  for (int i = 0; i < n; i++)
  // CHECK: s = autoscale_dot_f(&[[SITES]][4], s, n > 0 ? AUTOSCALE_CAST(size_t, n) : 0, &pa[0], 1, &(&b[0])[0], 1, a.data(), b.data());
    s += pa[i] * (&b[0])[i];
    // REPORT: input.cpp:[[@LINE-1]]:7: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:16"],"function":"pointers","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
    // REPORT: input.cpp:[[@LINE-2]]:16: {"action":"scale","class":"allow","format":"e4m3","function":"pointers","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":4,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
  return s;
}

// A row of a vector of vectors is an array of its own, fixed while the loop runs.
float matrix_row(const std::vector<std::vector<float>> &m, const std::vector<float> &x, int r) {
  float s = 0.0f;
  for (std::size_t k = 0; k < x.size(); k++)
  // CHECK: s = autoscale_dot_f(&[[SITES]][5], s, (x.size()) > 0 ? AUTOSCALE_CAST(size_t, (x.size())) : 0, (m[r]).data(), 1, x.data(), 1, AUTOSCALE_NULL, x.data());
    s += m[r][k] * x[k];
    // REPORT: input.cpp:[[@LINE-1]]:7: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:18"],"function":"matrix_row","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
    // REPORT: input.cpp:[[@LINE-2]]:18: {"action":"scale","class":"allow","format":"e4m3","function":"matrix_row","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":5,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
  return s;
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":6,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"Model::dot":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"column":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"matrix_row":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"pointers":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"row":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"sizes":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2}},"total":{"conversions":6,"converted":6,"line":"converted 6 of 12 operations using 6 conversions","operations":12}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 12 float operations in 1 file: 6 scaled e4m3, 6 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
