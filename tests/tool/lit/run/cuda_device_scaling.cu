// A device site scales with its own state: a delayed-scaled e4m3 multiply in a kernel calibrates
// in its first step (values pass unrounded, its amax is measured), takes its scale from that amax
// at autoscale_step() (inserted at the return of the declared step function), and from then on
// rounds every product to e4m3 at that scale, as the host would: checked bit for bit against
// CUDA's own host-side conversion (cuda_fp8.h), over products that underflow, saturate and span
// e4m3's range. Host code is kept (the rules scale only the kernels). Twice: a kernel of one
// product a thread, whose site goes to its state at each value, and one of a grid-stride loop,
// whose site is tallied in the kernel's copy of the table (registers) and added to its state when
// each thread ends: the same scale, the same bits, and (tests/gpu/run.sh reads the report) the same
// amax and counters. Without a GPU the program says so and exits 0; tests/gpu/run.sh runs it where
// a GPU is.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: printf 'version: 1\ntreatment:\n  allow: {action: keep}\n  infer: {action: keep}\n  deny: {action: keep}\n  clear: {action: keep}\noverrides:\n  - name: the-kernel\n    match: {function: scale_kernel}\n    set: {action: scale, format: e4m3, strategy: delayed, history: 1, margin: 0, saturate: true}\n  - name: the-loop\n    match: {function: scale_loop_kernel}\n    set: {action: scale, format: e4m3, strategy: delayed, history: 1, margin: 0, saturate: true}\nstep: {function: run_step}\n' > rules.yaml
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -O2 -arch=sm_89 -I %runtime-include out/input.cu %link-for-nvcc -o device_scaling_sm89
// RUN: %nvcc -O2 -arch=sm_90 -I %runtime-include out/input.cu %link-for-nvcc -o device_scaling
// RUN: ./device_scaling | FileCheck %s --match-full-lines
// CHECK: {{step 1: 4096 products passed unrounded, 4096 in the loop|skipped: no CUDA device.*}}
// CHECK-NOT: MISMATCH
// REPORT: input.cu:[[@LINE+12]]:26: {"action":"scale"{{.*}}"format":"e4m3","function":"scale_kernel","op":"mul"{{.*}}"strategy":"delayed"
// REPORT: input.cu:[[@LINE+16]]:103: {"action":"scale"{{.*}}"format":"e4m3","function":"scale_loop_kernel","op":"mul"{{.*}}"strategy":"delayed"
// REPORT: summary: {{[0-9]+}} float operations in 1 file: 2 scaled e4m3,{{.*}}
// RUN: %code out/input.cu | FileCheck %s --match-full-lines --check-prefix=CODE
// CODE: __global__ void scale_kernel(float *y, const float *x, float w, int n) {
// CODE: __global__ void scale_loop_kernel(float *y, const float *x, float w, int n) { AUTOSCALE_KERNEL_SITES({{.*}}_device, 1, 2)
#include <cuda_fp8.h>
#include <cstdio>
#include <cstring>

__global__ void scale_kernel(float *y, const float *x, float w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] * w;
}

// Each thread rounds n / (blocks * threads) products.
__global__ void scale_loop_kernel(float *y, const float *x, float w, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) y[i] = x[i] * w;
}

// One training step's work: the products of x and w by both kernels, back on the host.
static bool run_step(float *y, float *y_loop, const float *dx, float *dy, float w, int n) {
  scale_kernel<<<(n + 255) / 256, 256>>>(dy, dx, w, n);
  bool copied = cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost) == cudaSuccess;
  scale_loop_kernel<<<5, 100>>>(dy, dx, w, n);  // partial warps; threads leave after 8 or 9 products
  return copied && cudaMemcpy(y_loop, dy, n * sizeof(float), cudaMemcpyDeviceToHost) == cudaSuccess;
}

static unsigned bits(float v) {
  unsigned b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

// RNE to e4m3 at the scale, saturating, by CUDA's host-side conversion: the oracle.
static float e4m3_at(float v, float scale) {
  __nv_fp8_storage_t code = __nv_cvt_float_to_fp8(v / scale, __NV_SATFINITE, __NV_E4M3);
  return static_cast<float>(__half(__nv_cvt_fp8_to_halfraw(code, __NV_E4M3))) * scale;
}

int main() {
  int count = 0;
  cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess || count == 0) {
    std::printf("skipped: no CUDA device (%s)\n", status != cudaSuccess ? cudaGetErrorString(status) : "none found");
    return 0;
  }
  const int n = 4096;
  const float w = 1.5f;
  float *x = new float[n], *y = new float[n], *y_loop = new float[n];
  // Magnitudes from 2^-20 to about 1000 (products to 1500, so the scale is 4: 1500 / 448 lies in
  // (2, 4]), both signs, with a xorshift picking the mantissas.
  unsigned state = 0x9E3779B9u;
  for (int i = 0; i < n; ++i) {
    state ^= state << 13, state ^= state >> 17, state ^= state << 5;
    float m = 1.0f + static_cast<float>(state & 0xFFFFu) / 65536.0f;
    x[i] = (i % 2 ? -m : m) * static_cast<float>(1 << (i % 10)) / static_cast<float>(1 << (10 * (i % 3)));
  }
  x[7] = 999.0f;
  float *dx, *dy;
  cudaMalloc(&dx, n * sizeof(float)), cudaMalloc(&dy, n * sizeof(float));
  cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);

  double amax = 0;
  int passed = 0, passed_loop = 0;
  if (!run_step(y, y_loop, dx, dy, w, n)) return std::printf("kernel failed\n"), 1;
  for (int i = 0; i < n; ++i) {
    passed += bits(y[i]) == bits(x[i] * w);
    passed_loop += bits(y_loop[i]) == bits(x[i] * w);
    amax = amax > static_cast<double>(x[i] * w) ? amax : static_cast<double>(x[i] * w);
    amax = amax > -static_cast<double>(x[i] * w) ? amax : -static_cast<double>(x[i] * w);
  }
  std::printf("step 1: %d products passed unrounded, %d in the loop\n", passed, passed_loop);
  float scale = 1.0f;  // the power of two at or above amax / 448 (margin 0)
  while (amax / 448.0 > scale) scale *= 2.0f;
  while (amax / 448.0 <= scale / 2.0f) scale /= 2.0f;
  for (int step = 2; step <= 3; ++step) {
    if (!run_step(y, y_loop, dx, dy, w, n)) return std::printf("kernel failed\n"), 1;
    const float *results[] = {y, y_loop};
    for (int kernel = 0; kernel < 2; ++kernel) {
      const float *r = results[kernel];
      const char *name = kernel ? "loop" : "one a thread";
      int rounded = 0, zeros = 0, differ = 0;
      for (int i = 0; i < n; ++i) {
        const float want = e4m3_at(x[i] * w, scale);
        if (bits(r[i]) != bits(want) && differ++ < 5)
          std::printf("MISMATCH step %d (%s): x %a: device %a, e4m3 at scale %g: %a\n", step, name, x[i], r[i], scale,
                      want);
        rounded += bits(r[i]) != bits(x[i] * w);
        zeros += r[i] == 0.0f;
      }
      std::printf("step %d: scale %g: %d of %d products rounded to e4m3 (%d to zero), %d mismatches (%s)\n", step,
                  scale, rounded, n, zeros, differ, name);
    }
  }
  return 0;
}
