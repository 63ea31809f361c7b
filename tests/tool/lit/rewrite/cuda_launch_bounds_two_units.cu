// A kernel one unit defines and another launches with blocks of 1024 threads gets the bound in the
// definition's file: every unit's launches count, not only those of the unit defining it (the
// rewritten 4x4-tiled SGEMM took 72 registers, too many for 1024 threads, and had no bound).
// Launched only where its block size is not seen (its address given to cudaLaunchKernel), it
// gets none, and the report and a note name it.
// REQUIRES: cuda
// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json kern.cu main.cu -- 2> notes.txt
// RUN: FileCheck %s --input-file out/kern.cu
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s --check-prefix=NOTE --input-file notes.txt
// RUN: %nvcc -arch=sm_90 -c -I %runtime-include -I . out/kern.cu -o out/kern.o
//--- kern.cuh
__global__ void tiled(const float *a, const float *b, float *c, int n);
__global__ void pointed(float *y, const float *x, float s);
//--- kern.cu
#include "kern.cuh"
__global__ void tiled(const float *a, const float *b, float *c, int n) {
  // CHECK: __global__ void __launch_bounds__(1024, 1) tiled(const float *a, const float *b, float *c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] * b[i] + c[i];
}
__global__ void pointed(float *y, const float *x, float s) {
  // CHECK: __global__ void pointed(float *y, const float *x, float s) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = s * x[i] + 1.0f;
}
//--- main.cu
#include "kern.cuh"
void run(const float *a, const float *b, float *c, float *y, int n) {
  dim3 block(32, 32);
  tiled<<<n / 1024, block>>>(a, b, c, n);
  void (*k)(float *, const float *, float) = pointed;
  float s = 2.0f;
  void *args[] = {&y, &a, &s};
  cudaLaunchKernel((const void *)k, dim3(n / 512), dim3(512), args, 0, 0);
}
// REPORT: file: {"changed":true,"kernels_without_launch_bounds":{"pointed":"its address is taken (cudaLaunchKernel, a pointer): launched where its block size is not seen"},"launch_bounds":{"tiled":1024},"path":"kern.cu",{{.*}}
// NOTE: note: kern.cu: kernel pointed rounds values and gets no __launch_bounds__ (its address is taken
