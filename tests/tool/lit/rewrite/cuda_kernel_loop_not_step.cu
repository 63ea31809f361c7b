// A kernel's loops are device code, which calls no host step: a K-tile loop summing through a
// local offset is no training loop (it was taken for one, and the host step calls the rewrite put
// in the kernel failed to compile, so the whole file was kept). The kernel is rewritten; the
// step is the host loop launching it.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu -- 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -c -arch=sm_90 -I %runtime-include out/input.cu -o input.o
// TOOL-NOT: kept as it was
// TOOL: steps end at input.cu:[[@LINE+14]] (found)
// REPORT: file: {"changed":true,
__global__ void tiles(float *c, const float *a, int K) {
  float acc = 0.0f;
  for (int t = 0; t < K; ++t) {
    int off = t * 32;
    for (int j = 0; j < 32; ++j)
      acc += a[off + j] * a[j];
  }
  c[threadIdx.x] = acc;
}

int main() {
  float *c = 0, *a = 0;
  for (int step = 0; step < 10; ++step)
    tiles<<<1, 32>>>(c, a, 4);
  return 0;
}
