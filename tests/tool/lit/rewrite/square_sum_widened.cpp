// In C++ a cast to double is NoOp over an implicit floating conversion, whether written C's way,
// as static_cast or on a container's element: (double)y[i] * y[i] and
// static_cast<double>(v[i]) * v[i] are square_sums (kept FP32 by the default rules), as in C, and
// a product of two floats so widened, summed in double, is computed in double on purpose.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
#include <vector>
double sum_of_squares(const float *y, int n) {
  double sq = 0.0;
  for (int i = 0; i < n; i++) sq += (double)y[i] * y[i];
  // REPORT: input.cpp:[[@LINE-1]]:50: {"action":"keep","class":"deny",{{.*}}"op":"square_sum",{{.*}}"spelling":"*"
  return sq;
}
double vector_sum_of_squares(const std::vector<float> &v) {
  double sq = 0.0;
  for (std::size_t i = 0; i < v.size(); i++) sq += static_cast<double>(v[i]) * v[i];
  // REPORT: input.cpp:[[@LINE-1]]:78: {"action":"keep","class":"deny",{{.*}}"op":"square_sum",{{.*}}"spelling":"*"
  return sq;
}
double dot(const float *x, const float *y, int n) {
  double d = 0.0;
  for (int i = 0; i < n; i++) d += static_cast<double>(x[i]) * y[i];
  // REPORT: input.cpp:[[@LINE-1]]:62: {"action":"skipped",{{.*}}"op":"dot_mul","reason":"computed in double on purpose{{.*}}"
  return d;
}
