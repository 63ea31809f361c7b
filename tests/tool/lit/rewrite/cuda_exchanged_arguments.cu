// A time step written as a kernel that reads one buffer and writes the other, the host swapping
// them between launches (`relax<<<g, b>>>(next, cur, r, n); std::swap(cur, next);`), updates the
// state out of place, as the same step written in one function does: the kernel's parameters are
// exchanged buffers (updates, kept FP32 by the default rules; in fp16 a heat equation ended 13%
// off). Layers ping-ponging activations read the other buffer at other indices: their products
// are no update (a residual `out[i] = in[i] + f` would be: the stream's state, as `x[i] += f` is).
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -c -arch=sm_90 -I %runtime-include out/input.cu -o input.o
#include <utility>
__global__ void relax(float *next, const float *cur, float r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1)
    next[i] = cur[i] + r * (cur[i - 1] - 2.0f * cur[i] + cur[i + 1]);
  // REPORT: input.cu:[[@LINE-1]]:22: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"next"}
}

__global__ void layer(float *out, const float *in, const float *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int j = 0; j < n; j++)
    s += w[i * n + j] * in[j];
  // REPORT: input.cu:[[@LINE-1]]:23: {"action":"scale",{{.*}}"op":"dot_mul",{{.*}}
  out[i] = s;
}

void run(float *a, float *b, const float *w, float r, int n, int steps) {
  for (int it = 0; it < steps; it++) {
    relax<<<(n + 255) / 256, 256>>>(b, a, r, n);
    std::swap(a, b);
  }
  for (int l = 0; l < 4; l++) {
    layer<<<n / 256, 256>>>(b, a, w, n);
    std::swap(a, b);
  }
}
