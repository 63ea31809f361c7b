// Device code rounds as the host does: a rewritten __host__ __device__ function, run by a kernel on
// the GPU and by the host over the same operands, gives the same bits (a NaN's payload aside).
// Static scales, so that both sides round with the same scale: e4m3 operands at a power-of-two
// scale (the multiply, rounding its inputs), fp16 results at a scale with no exact inverse (the
// adds: the exact quotient's path), bf16 results at scale 1 (the subtract and the divide).
// Operands span every binade of float, signed zeros, subnormals, values that saturate, inf and
// NaN. Without a GPU the program says so and exits 0; the CUDA tests of tests/runtime skip alike.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: printf 'version: 1\ntreatment:\n  allow: {action: scale, format: e4m3, rounding: inputs, strategy: static, static_scale: 0.0625}\n  infer: {action: scale, format: fp16, strategy: static, static_scale: 0.3}\n  deny: {action: cast, format: bf16}\noverrides:\n  - name: product-in-e4m3\n    match: {op: mul}\n    set: {class: allow}\n' > rules.yaml
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -O2 -fmad=false -Xcompiler -ffp-contract=off -arch=all-major -I %runtime-include out/input.cu %link-for-nvcc -o device_rounding
// RUN: ./device_rounding | FileCheck %s --match-full-lines
// CHECK: {{operands 131072: 0 differences|skipped: no CUDA device.*}}
// REPORT: input.cu:[[@LINE+9]]:62: {{.*}}"format":"e4m3","function":"blend","op":"mul","rounding":"inputs"{{.*}}"strategy":"static"
// REPORT: input.cu:[[@LINE+8]]:66: {{.*}}"format":"fp16","function":"blend","op":"add"{{.*}}"strategy":"static"
// REPORT: input.cu:[[@LINE+7]]:70: {{.*}}"format":"bf16","function":"blend","op":"sub"
// REPORT: input.cu:[[@LINE+6]]:74: {{.*}}"format":"bf16","function":"blend","op":"div"
// REPORT: input.cu:[[@LINE+5]]:79: {{.*}}"format":"fp16","function":"blend","op":"add"{{.*}}"strategy":"static"
// REPORT: summary: 6 float operations in 1 file: 1 scaled e4m3, 2 scaled fp16, 2 cast bf16, 0 kept, 1 skipped{{.*}}
#include <cstdio>
#include <cstring>

__host__ __device__ float blend(float x, float y) { return x * y + x - y / (x + 2.5f); }

__global__ void run(float *out, const float *x, const float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = blend(x[i], y[i]);
}

static unsigned bits(float v) {
  unsigned b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

static float from_bits(unsigned b) {
  float v;
  std::memcpy(&v, &b, sizeof v);
  return v;
}

int main() {
  const int n = 1 << 17;
  // Random bit patterns reach every binade, subnormals, inf and NaN; a xorshift keeps them fixed.
  float *x = new float[n], *y = new float[n], *host = new float[n], *device = new float[n];
  unsigned state = 0x9E3779B9u;
  for (int i = 0; i < n; ++i) {
    state ^= state << 13, state ^= state >> 17, state ^= state << 5;
    x[i] = from_bits(state);
    state ^= state << 13, state ^= state >> 17, state ^= state << 5;
    // Half the second operands in [1, 2), where the products stay in e4m3's range at scale 2^-4.
    y[i] = from_bits(i % 2 ? state : (state & 0x007FFFFFu) | 0x3F800000u);
  }
  x[0] = 0.0f, x[1] = -0.0f, x[2] = 1e-40f, x[3] = 448.0f * 0.0625f, x[4] = 1e30f;
  for (int i = 0; i < n; ++i) host[i] = blend(x[i], y[i]);

  int count = 0;
  cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess || count == 0) {
    std::printf("skipped: no CUDA device (%s)\n", status != cudaSuccess ? cudaGetErrorString(status) : "none found");
    return 0;
  }
  float *dx, *dy, *dout;
  cudaMalloc(&dx, n * sizeof(float)), cudaMalloc(&dy, n * sizeof(float)), cudaMalloc(&dout, n * sizeof(float));
  cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y, n * sizeof(float), cudaMemcpyHostToDevice);
  run<<<(n + 255) / 256, 256>>>(dout, dx, dy, n);
  status = cudaMemcpy(device, dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  if (status != cudaSuccess) {
    std::printf("kernel failed: %s\n", cudaGetErrorString(status));
    return 1;
  }
  int differences = 0;
  for (int i = 0; i < n; ++i)  // a NaN's payload is the hardware's (x86 keeps an operand's, the GPU gives its own)
    if (bits(host[i]) != bits(device[i]) && !(host[i] != host[i] && device[i] != device[i]) && differences++ < 10)
      std::printf("x %a y %a: host %a (%08x), device %a (%08x)\n", x[i], y[i], host[i], bits(host[i]), device[i],
                  bits(device[i]));
  std::printf("operands %d: %d differences\n", n, differences);
  return differences != 0;
}
