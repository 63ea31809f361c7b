// A stencil reading its state through a shared-memory tile (`s[l] = u[i]; ... un[i] = s[l] + c *
// (s[l - 1] - 2 * s[l] + s[l + 1])`) into the buffer the host swaps with u: the tile's reads
// beside the copied element are the state's, and the update stays FP32 under the default rules.
// The same tile read into a buffer nobody exchanges (a convolution's output) is data.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -c -arch=sm_90 -I %runtime-include out/input.cu -o input.o
#include <utility>

__global__ void step(const float *u, float *un, int n, float c) {
  __shared__ float s[258];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + 1;
  s[l] = u[i];
  if (threadIdx.x == 0)
    s[0] = u[i > 0 ? i - 1 : 0];
  if (threadIdx.x == blockDim.x - 1)
    s[l + 1] = u[i < n - 1 ? i + 1 : n - 1];
  __syncthreads();
  if (i > 0 && i < n - 1)
    un[i] = s[l] + c * (s[l - 1] - 2.0f * s[l] + s[l + 1]);
  // REPORT: input.cu:[[@LINE-1]]:18: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
}
void solve(float *u, float *un, int n, int steps) {
  for (int it = 0; it < steps; ++it) {
    step<<<n / 256, 256>>>(u, un, n, 0.001f);
    std::swap(u, un);
  }
}

__global__ void blur(const float *in, float *out, int n) {
  __shared__ float s[258];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + 1;
  s[l] = in[i];
  __syncthreads();
  if (i > 0 && i < n - 1)
    out[i] = s[l] + 0.25f * (s[l - 1] + s[l + 1]);
  // REPORT: input.cu:[[@LINE-1]]:19: {"action":"cast","class":"infer",{{.*}}"op":"add",{{.*}}"spelling":"+"
}
