// Kernels whose host loop exchanges their buffers in the ways CUDA programs write it: a second
// kernel that only reads the two (a residual) does not make a pipeline of them; buffers picked
// from an array by two indices the loop swaps, or by its counter's parity; a position copied into
// a local, moved, and stored into the other buffer (CUDA samples' n-body). Each update stays FP32
// under the default rules (fp16 froze a heat solve and stalled positions). A second kernel writing
// the buffers is a stage of a pipeline (cuda_exchanged_arguments.cu).
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -c -arch=sm_90 -I %runtime-include out/input.cu -o input.o
#include <utility>

__global__ void heat(const float *u, float *un, int n, float c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1)
    un[i] = u[i] + c * (u[i - 1] - 2.0f * u[i] + u[i + 1]);
  // REPORT: input.cu:[[@LINE-1]]:18: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
}
__global__ void residual(const float *a, const float *b, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(out, a[i] - b[i]);
}
void solve(float *u, float *un, float *r, int n, int steps) {
  for (int s = 0; s < steps; ++s) {
    heat<<<n / 256, 256>>>(u, un, n, 0.001f);
    residual<<<n / 256, 256>>>(u, un, r, n);
    std::swap(u, un);
  }
}

__global__ void drift(float *next, const float *pos, const float *vel, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  next[i] = pos[i] + vel[i] * dt;
  // REPORT: input.cu:[[@LINE-1]]:20: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
}
void by_swapped_indices(float *pos[2], const float *vel, int n, int steps) {
  int read = 0, write = 1;
  for (int s = 0; s < steps; ++s) {
    drift<<<n / 256, 256>>>(pos[write], pos[read], vel, n, 0.01f);
    std::swap(read, write);
  }
}

__global__ void drift_parity(float *next, const float *pos, const float *vel, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  next[i] = pos[i] + vel[i] * dt;
  // REPORT: input.cu:[[@LINE-1]]:20: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
}
void by_parity(float *pos[2], const float *vel, int n, int steps) {
  for (int it = 0; it < steps; ++it)
    drift_parity<<<n / 256, 256>>>(pos[(it + 1) % 2], pos[it % 2], vel, n, 0.01f);
}

__global__ void move(float *newPos, const float *oldPos, const float *vel, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float p = oldPos[i];
  p += vel[i] * dt;
  // REPORT: input.cu:[[@LINE-1]]:5: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+="
  newPos[i] = p;
}
void by_local_copy(float *a, float *b, const float *vel, int n, int steps) {
  for (int s = 0; s < steps; ++s) {
    move<<<n / 256, 256>>>(b, a, vel, n, 0.001f);
    std::swap(a, b);
  }
}
