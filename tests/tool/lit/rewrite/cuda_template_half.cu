// A kernel template instantiated for float and for __half and __nv_bfloat16: the float
// instantiation's operations are rewritten with the generic calls, which pass the half types to
// their own operators. The half instantiations' operators are calls, whose operands are as
// unordered as the builtin operator's: they refused the float instantiation ("the left operand
// calls a function that may write what the other reads").
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %code out/input.cu | FileCheck %s
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -c -arch=sm_90 -I %runtime-include out/input.cu -o input.o
#include <cuda_bf16.h>
#include <cuda_fp16.h>

template <typename T, int BLOCK>
__global__ void __launch_bounds__(BLOCK) scale_bias(T *y, const T *x, T a, T b, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + b;
  // CHECK: y[i] = ::__autoscale::add(&[[SITES:autoscale_sites_[0-9a-f]+]]_here[1], ::__autoscale::mul(&[[SITES]]_here[0], a, x[i]), b);
  // REPORT: input.cu:[[@LINE-2]]:14: {"action":"cast",{{.*}}"op":"mul"
  // REPORT: input.cu:[[@LINE-3]]:21: {"action":"cast",{{.*}}"op":"add"
}
template __global__ void scale_bias<float, 256>(float *, const float *, float, float, int);
template __global__ void scale_bias<__half, 256>(__half *, const __half *, __half, __half, int);
template __global__ void scale_bias<__nv_bfloat16, 256>(__nv_bfloat16 *, const __nv_bfloat16 *, __nv_bfloat16,
                                                        __nv_bfloat16, int);
