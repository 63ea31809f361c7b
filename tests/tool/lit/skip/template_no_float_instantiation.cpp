// An operation of a class template that no instantiation computes in float or double (a pointer's
// or an iterator's arithmetic, a size's) is no float operation: it stays as written with the type
// it has, where it was counted as cast (the generic call passed it through). One that some
// instantiation computes in float is rewritten.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
#include <cstddef>
#include <vector>
template <class T> struct Matrix {
  std::vector<T> data_;
  std::size_t cols_;
  T *row(std::size_t i) { return data_.data() + i * cols_; }
  // REPORT: input.cpp:[[@LINE-1]]:47: {"action":"skipped",{{.*}}"reason":"no instantiation computes in float or double here (it is of type float * in Matrix<float>::row)"
  typename std::vector<T>::iterator at(std::size_t i) { return data_.begin() + std::ptrdiff_t(i); }
  // REPORT: input.cpp:[[@LINE-1]]:78: {"action":"skipped",{{.*}}"reason":"no instantiation computes in float or double here (it is of type {{.*}}iterator{{.*}} in Matrix<float>::at)"
  std::size_t last() const { return data_.size() - 1; }
  // REPORT: input.cpp:[[@LINE-1]]:50: {"action":"skipped",{{.*}}"reason":"no instantiation computes in float or double here (it is of type size_type in Matrix<float>::last)"
  T twice(std::size_t i) const { return data_[i] * T(2); }
  // REPORT: input.cpp:[[@LINE-1]]:50: {"action":"cast",{{.*}}"format":"fp16"
};
float use(Matrix<float> &m) { return *m.row(1) + *m.at(2) + m.twice(0) + float(m.last()); }
