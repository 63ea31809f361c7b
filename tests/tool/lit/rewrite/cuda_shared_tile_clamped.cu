// A stencil's tile copied with its index clamped into the grid (`int cx = gx < nx ? gx : nx - 1;
// t[ly][lx] = in[gy * nx + cx]`, through min(), or in the subscript) copies the element the thread writes wherever
// that is in range: the update into the buffer the host swaps with `in` stays FP32 under the
// default rules, as with the plain copy (rounded to fp16, a heat stencil's field stopped changing
// after 100 steps). So is a padded copy (`s[l] = i < n ? in[i] : 0.0f`). An index clamped from
// another element's is no copy of this one.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -c -arch=sm_90 -I %runtime-include out/input.cu -o input.o
#define T 16
__global__ void heat(float *out, const float *in, int nx, float c0, float c1) {
  __shared__ float t[T + 2][T + 2];
  int gx = blockIdx.x * T + threadIdx.x, gy = blockIdx.y * T + threadIdx.y;
  int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
  int cx = gx < nx ? gx : nx - 1;
  t[ly][lx] = in[gy * nx + cx];
  __syncthreads();
  out[gy * nx + gx] = c0 * t[ly][lx] + c1 * (t[ly][lx - 1] + t[ly][lx + 1] + t[ly - 1][lx] + t[ly + 1][lx]);
  // REPORT: input.cu:[[@LINE-1]]:26: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
}
__global__ void heat_min(float *out, const float *in, int n, float c) {
  __shared__ float s[258];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + 1;
  int ci = min(i, n - 1);
  s[l] = in[ci];
  __syncthreads();
  out[i] = s[l] + c * (s[l - 1] - 2.0f * s[l] + s[l + 1]);
  // REPORT: input.cu:[[@LINE-1]]:17: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
}
__global__ void heat_inline(float *out, const float *in, int n, float c) {
  __shared__ float s[258];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + 1;
  s[l] = in[i < n ? i : n - 1];
  __syncthreads();
  out[i] = s[l] + c * (s[l - 1] - 2.0f * s[l] + s[l + 1]);
  // REPORT: input.cu:[[@LINE-1]]:17: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
}
__global__ void heat_padded(float *out, const float *in, int n, float c) {
  __shared__ float s[258];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + 1;
  s[l] = i < n ? in[i] : 0.0f;
  __syncthreads();
  out[i] = s[l] + c * (s[l - 1] - 2.0f * s[l] + s[l + 1]);
  // REPORT: input.cu:[[@LINE-1]]:17: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
}
__global__ void shifted(float *out, const float *in, int n, float c) {
  __shared__ float s[258];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + 1;
  int ci = min(i + 1, n - 1);
  s[l] = in[ci];
  __syncthreads();
  out[i] = s[l] + c * (s[l - 1] + s[l + 1]);
  // REPORT: input.cu:[[@LINE-1]]:17: {"action":"cast","class":"infer",{{.*}}"op":"add",{{.*}}"spelling":"+"
}
void swap(float **a, float **b) {
  float *p = *a;
  *a = *b;
  *b = p;
}
void solve(float *a, float *b, int nx, int steps) {
  for (int it = 0; it < steps; ++it) {
    heat<<<dim3(8, 8), dim3(T, T)>>>(b, a, nx, 0.6f, 0.1f);
    swap(&a, &b);
  }
}
void solve_min(float *a, float *b, int n, int steps) {
  for (int it = 0; it < steps; ++it) {
    heat_min<<<n / 256, 256>>>(b, a, n, 0.1f);
    swap(&a, &b);
  }
}
void solve_inline(float *a, float *b, int n, int steps) {
  for (int it = 0; it < steps; ++it) {
    heat_inline<<<n / 256, 256>>>(b, a, n, 0.1f);
    swap(&a, &b);
  }
}
void solve_padded(float *a, float *b, int n, int steps) {
  for (int it = 0; it < steps; ++it) {
    heat_padded<<<n / 256, 256>>>(b, a, n, 0.1f);
    swap(&a, &b);
  }
}
void solve_shifted(float *a, float *b, int n, int steps) {
  for (int it = 0; it < steps; ++it) {
    shifted<<<n / 256, 256>>>(b, a, n, 0.1f);
    swap(&a, &b);
  }
}
