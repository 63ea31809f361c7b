// A kernel whose loops round values declares its copy of the file's site table as the first
// statement of its body, on the brace's line (AUTOSCALE_KERNEL_SITES): a thread tallies the loops'
// sites (amax, underflows, absorbed sums) in registers and adds them to their state once, when it
// leaves the kernel, instead of at each value (autoscale/device_sites.h). The loops' sites are
// marked tallied in the device table (the last argument), the others not. No copy: a kernel that
// rounds only outside loops, one whose loops are kept at fp32, one holding a lambda or a local
// class (whose code could not name the kernel's copy), a device function, and a kernel of more
// than 48 sites (nvcc would keep a larger copy in memory). Of a kernel's loop sites the first 8
// are tallied (each tally holds registers for the kernel's life). Compiled by nvcc, the copy
// stays in registers: no kernel keeps a stack frame.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out input.cu --
// RUN: %code out/input.cu | FileCheck %s --match-full-lines
// RUN: grep -o 'AUTOSCALE_DEVICE_SITE(.*' out/input.cu | FileCheck %s --check-prefix=TABLE
// RUN: %nvcc -c -O2 -arch=sm_90 -Xptxas -v -I %runtime-include out/input.cu -o input.o 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir fp32 input.cu --
// RUN: %code fp32/input.cu | FileCheck %s --match-full-lines --check-prefix=FP32
// PTXAS-NOT: {{[1-9][0-9]* bytes stack frame}}
__global__ void column_sums(float *out, const float *x, int rows, int cols) {
  // CHECK: __global__ void column_sums(float *out, const float *x, int rows, int cols) { AUTOSCALE_KERNEL_SITES(autoscale_sites_{{[0-9a-f]+}}_device, 0, 1)
  // FP32: __global__ void column_sums(float *out, const float *x, int rows, int cols) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  // TABLE: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+1]], {{.*}}, 1),
  for (int r = 0; r < rows; ++r) sum += x[r * cols + c] * 0.5f;
  out[c] = sum;
}

__global__ void scale_once(float *y, const float *x, float a, int n) {
  // CHECK: __global__ void scale_once(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // TABLE-NEXT: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+1]], {{.*}}, 0),
  if (i < n) y[i] = x[i] * a;
}

__global__ void with_lambda(float *y, const float *x, int n) {
  // CHECK: __global__ void with_lambda(float *y, const float *x, int n) {
  // TABLE-NEXT: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+1]], {{.*}}, 0),
  auto twice = [](float v) { return v + v; };
  // TABLE-NEXT: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+1]], {{.*}}, 0),
  for (int i = threadIdx.x; i < n; i += blockDim.x) y[i] = twice(x[i]) * x[i];
}

__global__ void with_local_class(float *y, const float *x, int n) {
  // CHECK: __global__ void with_local_class(float *y, const float *x, int n) {
  struct Square {
    // TABLE-NEXT: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+1]], {{.*}}, 0),
    __device__ float operator()(float v) const { return v * v; }
  };
  // TABLE-NEXT: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+1]], {{.*}}, 0),
  for (int i = threadIdx.x; i < n; i += blockDim.x) y[i] = Square()(x[i]) - x[i];
}

__device__ float dot(const float *a, const float *b, int n) {
  // CHECK: __device__ float dot(const float *a, const float *b, int n) {
  float s = 0.0f;
  // TABLE-NEXT: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+1]], {{.*}}, 0),
  for (int i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}

__global__ void dots(float *y, const float *a, const float *b, int n) {
  // CHECK: __global__ void dots(float *y, const float *a, const float *b, int n) {
  y[threadIdx.x] = dot(a + threadIdx.x * n, b + threadIdx.x * n, n);
}

__global__ void nine_products(float *y, const float *x, int n) {
  // CHECK: __global__ void nine_products(float *y, const float *x, int n) { AUTOSCALE_KERNEL_SITES(autoscale_sites_{{[0-9a-f]+}}_device, 7, 16)
  // TABLE-NEXT: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+9]], {{.*}}, 1),
  // TABLE-NEXT: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+8]], {{.*}}, 1),
  // TABLE-NEXT: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+7]], {{.*}}, 1),
  // TABLE-NEXT: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+6]], {{.*}}, 1),
  // TABLE-NEXT: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+5]], {{.*}}, 1),
  // TABLE-NEXT: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+4]], {{.*}}, 1),
  // TABLE-NEXT: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+3]], {{.*}}, 1),
  // TABLE-NEXT: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+2]], {{.*}}, 1),
  // TABLE-NEXT: AUTOSCALE_DEVICE_SITE({{.*}}"input.cu", [[@LINE+1]], {{.*}}, 0),
  for (int i = threadIdx.x; i < n; i += blockDim.x) y[i] = x[i] * 1.0f * 2.0f * 3.0f * 4.0f * 5.0f * 6.0f * 7.0f * 8.0f * 9.0f;
}

__global__ void long_products(float *y, const float *x, int n) {
  // CHECK: __global__ void long_products(float *y, const float *x, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x) y[i] = x[i] * 1.0f * 2.0f * 3.0f * 4.0f * 5.0f * 6.0f * 7.0f * 8.0f * 9.0f * 10.0f * 11.0f * 12.0f * 13.0f * 14.0f * 15.0f * 16.0f * 17.0f * 18.0f * 19.0f * 20.0f * 21.0f * 22.0f * 23.0f * 24.0f * 25.0f * 26.0f * 27.0f * 28.0f * 29.0f * 30.0f * 31.0f * 32.0f * 33.0f * 34.0f * 35.0f * 36.0f * 37.0f * 38.0f * 39.0f * 40.0f * 41.0f * 42.0f * 43.0f * 44.0f * 45.0f * 46.0f * 47.0f * 48.0f * 49.0f;
}

void launch(float *y, const float *x, const float *w, int n) {
  column_sums<<<n / 256, 256>>>(y, x, n, n);
  scale_once<<<n / 256, 256>>>(y, x, 2.0f, n);
  with_lambda<<<1, 256>>>(y, x, n);
  with_local_class<<<1, 256>>>(y, x, n);
  dots<<<1, 256>>>(y, x, w, n);
  nine_products<<<1, 256>>>(y, x, n);
  long_products<<<1, 256>>>(y, x, n);
}
