// CUDA: host and device code are rewritten; device code reads a __device__ copy of the sites.
// __ldcs/__stcs (nvcc's cache-hint intrinsics) and CCCL headers parse as nvcc sees them.
#include <cuda/std/cmath>

__global__ void scale(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i] * a + expf(-x[i]);
}

__global__ void streamed(float *out, const float *in, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    __stcs(out + i, __ldcs(in + i) * s);
}

__host__ __device__ float twice(float v) { return v * 2.0f; }

float host_sum(const float *x, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; ++i)
    s += x[i] * 0.5f;
  return twice(s);
}

void launch(float *y, const float *x, int n) { scale<<<(n + 255) / 256, 256>>>(y, x, 2.0f, n); }
