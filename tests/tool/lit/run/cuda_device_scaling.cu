// A device site scales with its own state: a delayed-scaled e4m3 multiply in a kernel calibrates
// in its first step (values pass unrounded, its amax is measured), takes its scale from that amax
// at autoscale_step() (inserted at the return of the declared step function), and from then on
// rounds every product to e4m3 at that scale, as the host would: checked bit for bit against
// CUDA's own host-side conversion (cuda_fp8.h), over products that underflow, saturate and span
// e4m3's range. Host code is kept (the rules scale only the kernel). Without a GPU the program
// says so and exits 0; tests/gpu/run.sh runs it where a GPU is and reads its report.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: printf 'version: 1\ntreatment:\n  allow: {action: keep}\n  infer: {action: keep}\n  deny: {action: keep}\n  clear: {action: keep}\noverrides:\n  - name: the-kernel\n    match: {function: scale_kernel}\n    set: {action: scale, format: e4m3, strategy: delayed, history: 1, margin: 0, saturate: true}\nstep: {function: run_step}\n' > rules.yaml
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -O2 -arch=sm_89 -I %runtime-include out/input.cu %link-for-nvcc -o device_scaling_sm89
// RUN: %nvcc -O2 -arch=sm_90 -I %runtime-include out/input.cu %link-for-nvcc -o device_scaling
// RUN: ./device_scaling | FileCheck %s --match-full-lines
// CHECK: {{step 1: 4096 products passed unrounded|skipped: no CUDA device.*}}
// CHECK-NOT: MISMATCH
// REPORT: input.cu:[[@LINE+8]]:26: {"action":"scale"{{.*}}"format":"e4m3","function":"scale_kernel","op":"mul"{{.*}}"strategy":"delayed"
// REPORT: summary: 22 float operations in 1 file: 1 scaled e4m3, 14 kept, 7 skipped{{.*}}
#include <cuda_fp8.h>
#include <cstdio>
#include <cstring>

__global__ void scale_kernel(float *y, const float *x, float w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] * w;
}

// One training step's work: the products of x and w, back on the host.
static bool run_step(float *y, const float *dx, float *dy, float w, int n) {
  scale_kernel<<<(n + 255) / 256, 256>>>(dy, dx, w, n);
  return cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost) == cudaSuccess;
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
  float *x = new float[n], *y = new float[n];
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
  int passed = 0;
  if (!run_step(y, dx, dy, w, n)) return std::printf("kernel failed\n"), 1;
  for (int i = 0; i < n; ++i) {
    passed += bits(y[i]) == bits(x[i] * w);
    amax = amax > static_cast<double>(x[i] * w) ? amax : static_cast<double>(x[i] * w);
    amax = amax > -static_cast<double>(x[i] * w) ? amax : -static_cast<double>(x[i] * w);
  }
  std::printf("step 1: %d products passed unrounded\n", passed);
  float scale = 1.0f;  // the power of two at or above amax / 448 (margin 0)
  while (amax / 448.0 > scale) scale *= 2.0f;
  while (amax / 448.0 <= scale / 2.0f) scale /= 2.0f;
  for (int step = 2; step <= 3; ++step) {
    if (!run_step(y, dx, dy, w, n)) return std::printf("kernel failed\n"), 1;
    int rounded = 0, zeros = 0, differ = 0;
    for (int i = 0; i < n; ++i) {
      const float want = e4m3_at(x[i] * w, scale);
      if (bits(y[i]) != bits(want) && differ++ < 5)
        std::printf("MISMATCH step %d: x %a: device %a, e4m3 at scale %g: %a\n", step, x[i], y[i], scale, want);
      rounded += bits(y[i]) != bits(x[i] * w);
      zeros += y[i] == 0.0f;
    }
    std::printf("step %d: scale %g: %d of %d products rounded to e4m3 (%d to zero), %d mismatches\n", step, scale,
                rounded, n, zeros, differ);
  }
  return 0;
}
