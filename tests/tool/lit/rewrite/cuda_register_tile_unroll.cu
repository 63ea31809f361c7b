// A thread's register tile stays in registers while nvcc unrolls the small counted loops that index
// it, which it does on its own for the original's small bodies but not for rewritten ones: the
// tile moved to local memory (an 80-byte stack frame). Device loops that count a constant of at
// most 32 iterations and index an array of the thread's own get AUTOSCALE_DEVICE_UNROLL (a
// `#pragma unroll` in the device pass); in a template, where every instantiation's count is such a
// constant; in a __host__ __device__ function too (the macro is empty in the host pass). Not a loop
// of 64 iterations, one with a pragma of its own, one that indexes only shared memory, one of
// run-time count, one of a host function, nor one whose file rounds nothing (pass-through). ptxas then gives the tile kernel, scaled to e4m3, no stack frame (80 bytes
// without the unrolling).
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out input.cu --
// RUN: %code out/input.cu | FileCheck %s --match-full-lines
// RUN: %nvcc -c -O2 -arch=sm_90 -Xptxas -v -I %runtime-include out/input.cu -o input.o 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir fp32 input.cu --
// RUN: %code fp32/input.cu | FileCheck %s --match-full-lines --check-prefix=FP32
#define TM 4
#define TN 4

__global__ void __launch_bounds__(256) tile(const float *a, const float *b, float *c, int k) {
  float acc[TM][TN] = {};
  float af[TM], bf[TN];
  for (int p = 0; p < k; ++p) {
    for (int i = 0; i < TM; ++i) af[i] = a[p * 64 + threadIdx.y * TM + i];
    for (int j = 0; j < TN; ++j) bf[j] = b[p * 64 + threadIdx.x * TN + j];
    // CHECK: AUTOSCALE_DEVICE_UNROLL for (int i = 0; i < TM; ++i)
    // CHECK-NEXT: AUTOSCALE_DEVICE_UNROLL for (int j = 0; j < TN; ++j)
    // FP32: for (int i = 0; i < TM; ++i)
    // FP32-NEXT: for (int j = 0; j < TN; ++j)
    for (int i = 0; i < TM; ++i)
      for (int j = 0; j < TN; ++j)
        acc[i][j] += af[i] * bf[j];
  }
  for (int i = 0; i < TM; ++i)
    for (int j = 0; j < TN; ++j) c[(threadIdx.y * TM + i) * 64 + threadIdx.x * TN + j] = acc[i][j];
}
// PTXAS-LABEL: {{.*}}Function properties for _Z4tilePKfS0_Pfi
// PTXAS-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

template <int R>
__global__ void rows(const float *x, float *y, float s) {
  float v[R];
  // CHECK: AUTOSCALE_DEVICE_UNROLL for (int r = 0; r < R; ++r) v[r] = autoscale_mul_f({{.*}}, x[threadIdx.x * R + r], s);
  for (int r = 0; r < R; ++r) v[r] = x[threadIdx.x * R + r] * s;
  for (int r = 0; r < R; ++r) y[threadIdx.x * R + r] = v[r];
}
template __global__ void rows<4>(const float *, float *, float);
template __global__ void rows<8>(const float *, float *, float);

template <int R>
__global__ void wide_rows(const float *x, float *y, float s) {
  float v[R];
  // CHECK: for (int r = 0; r < R; ++r) v[r] = autoscale_mul_f({{.*}}, x[threadIdx.x * R + r], s);
  for (int r = 0; r < R; ++r) v[r] = x[threadIdx.x * R + r] * s;
  for (int r = 0; r < R; ++r) y[threadIdx.x * R + r] = v[r];
}
template __global__ void wide_rows<4>(const float *, float *, float);
template __global__ void wide_rows<64>(const float *, float *, float);

__global__ void long_window(const float *x, float *y, float s) {
  float w[64];
  // CHECK: for (int r = 0; r < 64; ++r) w[r] = autoscale_mul_f({{.*}}, x[threadIdx.x + r], s);
  for (int r = 0; r < 64; ++r) w[r] = x[threadIdx.x + r] * s;
  y[threadIdx.x] = w[threadIdx.x % 64];
}

__global__ void own_pragma(const float *x, float *y, float s) {
  float w[8];
  // CHECK: #pragma unroll 2
  // CHECK-NEXT: for (int r = 0; r < 8; ++r) w[r] = autoscale_mul_f({{.*}}, x[threadIdx.x + r], s);
#pragma unroll 2
  for (int r = 0; r < 8; ++r) w[r] = x[threadIdx.x + r] * s;
  y[threadIdx.x] = w[threadIdx.x % 8];
}

__global__ void shared_only(const float *x, float *y, float s) {
  __shared__ float w[8];
  // CHECK: for (int r = 0; r < 8; ++r) w[r] = autoscale_mul_f({{.*}}, x[r], s);
  for (int r = 0; r < 8; ++r) w[r] = x[r] * s;
  y[threadIdx.x] = w[threadIdx.x % 8];
}

__global__ void counted_at_run_time(const float *x, float *y, float s, int n) {
  float w[8];
  // CHECK: for (int r = 0; r < n; ++r) w[r] = autoscale_mul_f({{.*}}, x[r], s);
  for (int r = 0; r < n; ++r) w[r] = x[r] * s;
  y[threadIdx.x] = w[threadIdx.x % 8];
}

__host__ __device__ float both_sides(const float *x, float s) {
  float w[4];
  // CHECK: AUTOSCALE_DEVICE_UNROLL for (int r = 0; r < 4; ++r) w[r] = autoscale_mul_f({{.*}}, x[r], s);
  for (int r = 0; r < 4; ++r) w[r] = x[r] * s;
  return w[0] + w[3];
}

float host_side(const float *x, float s) {
  float w[4];
  // CHECK: {{.*}} else for (int r = 0; r < 4; ++r) w[r] = autoscale_mul_f({{.*}}, x[r], s); }
  for (int r = 0; r < 4; ++r) w[r] = x[r] * s;
  return w[0] + w[3];
}
