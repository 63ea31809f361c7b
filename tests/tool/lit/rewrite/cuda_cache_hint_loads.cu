// CUDA's cache-hint loads (__ldcs, __ldcg, ...) read and write nothing else: an add of two of them
// (llm.c's residual_forward_kernel) is an add, rewritten as the rules say, not skipped as operands
// with side effects. The rewrite compiles with nvcc.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -arch=sm_90 -c -I %runtime-include out/input.cu -o out/input.o
__global__ void residual(float *out, const float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __ldcs(&a[i]) + __ldcg(&b[i]);
  // REPORT: input.cu:[[@LINE-1]]:28: {"action":"cast","class":"infer",{{.*}}"op":"add"
}
