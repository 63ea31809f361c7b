// Launch code using nvcc's host overloads of max/min, mixed types included (unsigned with int,
// size_t with long, float with double): Clang declares them for device code only, so the tool's
// prelude declares the host side; the kernel's arithmetic is rewritten as usual.
#include <cstddef>

__global__ void scale(float *x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] * s;
}

float launch(float *x, int n, size_t bytes, unsigned warps, float lo, double hi) {
  unsigned threads = min(warps * 32u, 1024);
  int blocks = max((n + 255) / 256, 1);
  size_t chunk = max(bytes, 4096L);
  double clamp = max(lo, hi) + min(hi, lo);
  scale<<<blocks, threads>>>(x, lo * 2.0f, n);
  return (float)(chunk + clamp) * lo;
}
