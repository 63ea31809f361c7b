// thrust::reduce with a lambda folds as std::reduce does: the lambda's add into its running sum
// is an accumulate (kept FP32 by the shipped rules), not an add cast to fp16, where a sum of 10000
// ones stuck at 2048.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>

float total(const float *v, int n) {
  return thrust::reduce(thrust::host, v, v + n, 0.0f, [] __host__ __device__(float s, float x) { return s + x; });
  // REPORT: input.cu:[[@LINE-1]]:107: {"action":"keep",{{.*}}"op":"accumulate",{{.*}}"spelling":"+"
}
