// A rewritten kernel needs more registers than its original, and a block of 1024 threads has 64
// registers each at most: a kernel launched with such blocks and rewritten to round gets
// `__launch_bounds__(1024, 1)`, so nvcc fits it to them (spilling if it must) and it still
// launches; one block a multiprocessor is the least it promises, so the bound asks no more of the
// registers than the launch does (the bound alone let ptxas aim at two, and a kernel spilled).
// No block is larger, so the bound holds wherever else it is launched. A kernel no other unit can
// launch gets the largest block its launches use, when every launch's is a constant (a launch by
// cudaLaunchKernel is one, its block the third argument); one another
// unit may launch with larger blocks, one launched with a block size known only at run time, one
// bounded already and one whose file rounds nothing get nothing, nor one whose block's dim3 a
// reference may change; the report names those whose launches may need a bound, and why. The
// bound goes before a qualified name's qualifier.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.cu --
// RUN: %code out/input.cu | FileCheck %s --match-full-lines
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -c -arch=sm_90 -I %runtime-include out/input.cu -o input.o
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir fp32 input.cu --
// RUN: %code fp32/input.cu | FileCheck %s --match-full-lines --check-prefix=FP32
__global__ void rows(float *y, const float *x, float a) {
  // CHECK: __global__ void __launch_bounds__(1024, 1) rows(float *y, const float *x, float a) {
  // FP32: __global__ void rows(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + 1.0f;
}

static __global__ void tiles(float *y, const float *x, float a) {
  // CHECK: static __global__ void __launch_bounds__(256, 1) tiles(float *y, const float *x, float a) {
  // FP32: static __global__ void tiles(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + 2.0f;
}

__global__ void shared_kernel(float *y, const float *x, float a) {
  // CHECK: __global__ void shared_kernel(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + 3.0f;
}

static __global__ void sized_at_run_time(float *y, const float *x, float a) {
  // CHECK: static __global__ void sized_at_run_time(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + 4.0f;
}

__global__ void __launch_bounds__(512) bounded(float *y, const float *x, float a) {
  // CHECK: __global__ void __launch_bounds__(512) bounded(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + 5.0f;
}

namespace ns {
__global__ void qualified(float *y, const float *x, float a);
}
__global__ void ns::qualified(float *y, const float *x, float a) {
  // CHECK: __global__ void __launch_bounds__(1024, 1) ns::qualified(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + 6.0f;
}

static __global__ void aliased(float *y, const float *x, float a) {
  // CHECK: static __global__ void aliased(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + 7.0f;
}

__global__ void by_runtime_call(float *y, const float *x, float a) {
  // CHECK: __global__ void __launch_bounds__(1024, 1) by_runtime_call(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + 8.0f;
}

void run(float *y, const float *x, float a, int n, int threads) {
  void *args[] = {&y, &x, &a};
  cudaLaunchKernel((const void *)by_runtime_call, dim3(n / 1024), dim3(32, 32), args, 0, 0);
  dim3 block(32, 32), small(256);
  dim3 &resized = small;
  resized.x = 512;
  aliased<<<n / 512, small>>>(y, x, a);
  ns::qualified<<<n / 1024, 1024>>>(y, x, a);
  rows<<<n / 1024, block>>>(y, x, a);
  tiles<<<n / 128, 128>>>(y, x, a);
  tiles<<<n / 256, dim3(16, 16)>>>(y, x, a);
  shared_kernel<<<n / 256, 256>>>(y, x, a);
  sized_at_run_time<<<n / threads, threads>>>(y, x, a);
  bounded<<<n / 512, 512>>>(y, x, a);
}
// REPORT: file: {"changed":true,"kernels_without_launch_bounds":{"aliased":"a launch's block size is not a constant","sized_at_run_time":"a launch's block size is not a constant"},"launch_bounds":{"by_runtime_call":1024,"ns::qualified":1024,"rows":1024,"tiles":256},"path":"input.cu",{{.*}}
