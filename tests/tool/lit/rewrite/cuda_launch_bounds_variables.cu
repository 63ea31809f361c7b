// Block sizes a launch reads from variables: a local int given 1024 and never written again, a
// dim3 built from it, and the device's limit read from its properties (`prop.maxThreadsPerBlock`,
// 1024 on every GPU since sm_20) are launches with 1024 threads: the kernel gets the bound (a
// third-party RK4 ensemble went from 52 to 76 registers and would not launch). A block size from
// the occupancy API fits the rewritten kernel as compiled, and one from a parameter is unknown:
// no bound.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out input.cu --
// RUN: %code out/input.cu | FileCheck %s --match-full-lines
// RUN: %nvcc -c -arch=sm_90 -I %runtime-include out/input.cu -o input.o
#include <cuda_runtime.h>

__global__ void from_local(float *y, const float *x, float a) {
  // CHECK: __global__ void __launch_bounds__(1024, 1) from_local(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + 1.0f;
}
__global__ void from_dim3(float *y, const float *x, float a) {
  // CHECK: __global__ void __launch_bounds__(1024, 1) from_dim3(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + 2.0f;
}
__global__ void from_properties(float *y, const float *x, float a) {
  // CHECK: __global__ void __launch_bounds__(1024, 1) from_properties(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + 3.0f;
}
__global__ void from_occupancy(float *y, const float *x, float a) {
  // CHECK: __global__ void from_occupancy(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + 4.0f;
}
__global__ void from_parameter(float *y, const float *x, float a) {
  // CHECK: __global__ void from_parameter(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + 5.0f;
}

void run(float *y, const float *x, float a, int n, int given) {
  int threads = 1024;
  from_local<<<(n + threads - 1) / threads, threads>>>(y, x, a);
  dim3 block(threads);
  from_dim3<<<n / 1024, block>>>(y, x, a);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int most = prop.maxThreadsPerBlock;
  from_properties<<<n / most, most>>>(y, x, a);
  int grid = 0, fitting = 0;
  cudaOccupancyMaxPotentialBlockSize(&grid, &fitting, from_occupancy);
  from_occupancy<<<n / fitting, fitting>>>(y, x, a);
  from_parameter<<<n / given, given>>>(y, x, a);
}

// A global constant is a constant.
const int kThreads = 1024;
__global__ void from_global(float *y, const float *x, float a) {
  // CHECK: __global__ void __launch_bounds__(1024, 1) from_global(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + 6.0f;
}
void run_global(float *y, const float *x, float a, int n) { from_global<<<n / kThreads, kThreads>>>(y, x, a); }
