// Loops over C++ containers that look like a dot product but whose factors are no elements of
// one fixed array: their multiplies stay one scalar call per product, the report says why.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
#include <deque>
#include <vector>

// A column of a vector of vectors: each element in another row, another array.
float column(const std::vector<std::vector<float>> &m, const std::vector<float> &x, int c) {
  float s = 0.0f;
  for (std::size_t k = 0; k < x.size(); k++)
    s += m[k][c] * x[k];
    // CHECK: s += autoscale_mul_tensors_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], m[k][c], x[k], AUTOSCALE_NULL, x.data());
    // REPORT: input.cpp:[[@LINE-2]]:7: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:18"],"function":"column","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
    // REPORT: input.cpp:[[@LINE-3]]:18: {"action":"scale","class":"allow","format":"e4m3","function":"column","loop":"one call per product: a factor is not an element at an address affine in the counter: 'm[k]' is a row of a container of containers: each row is an array of its own","op":"dot_mul","program":"one call per operation: an element is not a float at an address affine in the counter: 'm[k]' is a row of a container of containers: each row is an array of its own","rounding":"inputs","rule":"class:allow","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
  return s;
}

float chunks(const std::deque<float> &a, const std::vector<float> &b, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
    // CHECK: s += autoscale_mul_tensors_f(&[[SITES]][1], a[i], b[i], AUTOSCALE_NULL, b.data());
    // REPORT: input.cpp:[[@LINE-2]]:7: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:15"],"function":"chunks","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
    // REPORT: input.cpp:[[@LINE-3]]:15: {"action":"scale","class":"allow","format":"e4m3","function":"chunks","loop":"one call per product: a factor is not an element at an address affine in the counter: 'a[i]' is no element of an array: 'std::deque<float>' is no standard container of one array (std::vector, std::array, std::span): its operator[] may compute anything","op":"dot_mul","program":"one call per operation: an element's address has side effects","rounding":"inputs","rule":"class:allow","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
  return s;
}

struct Strided {
  float *p;
  int step;
  float &operator[](int i) const { return p[i * step]; }
};

float strided(const Strided &a, const std::vector<float> &b, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
    // CHECK: s += autoscale_mul_tensors_f(&[[SITES]][2], a[i], b[i], AUTOSCALE_NULL, b.data());
    // REPORT: input.cpp:[[@LINE-2]]:7: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:15"],"function":"strided","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
    // REPORT: input.cpp:[[@LINE-3]]:15: {"action":"scale","class":"allow","format":"e4m3","function":"strided","loop":"one call per product: a factor is not an element at an address affine in the counter: 'a[i]' is no element of an array: 'Strided' is no standard container of one array (std::vector, std::array, std::span): its operator[] may compute anything","op":"dot_mul","program":"one call per operation: an element's address has side effects","rounding":"inputs","rule":"class:allow","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
  return s;
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":3,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"chunks":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"column":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"strided":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2}},"total":{"conversions":3,"converted":3,"line":"converted 3 of 6 operations using 3 conversions","operations":6}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 6 float operations in 1 file: 3 scaled e4m3, 3 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
