// A warp's tree reduction written out step by step adds another lane's partial sum of the same
// variable: `v += __shfl_down_sync(mask, v, 1, 4)` (llm.c's matmul_backward_bias kernels) is an
// accumulate (kept FP32 by the shipped rules), as it is in a loop; so in a template, where the
// shuffle's callee waits for the instantiation, and through a local given the shuffle. A shuffled
// value used otherwise is plain arithmetic.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -arch=sm_90 -c -I %runtime-include out/input.cu -o out/input.o
__global__ void quad_sums(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  v += __shfl_down_sync(0xffffffffu, v, 1, 4);
  // REPORT: input.cu:[[@LINE-1]]:5: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
  v = v + __shfl_xor_sync(0xffffffffu, v, 2, 4);
  // REPORT: input.cu:[[@LINE-1]]:9: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+"
  float next = __shfl_down_sync(0xffffffffu, in[i], 1) * 0.5f;
  // REPORT: input.cu:[[@LINE-1]]:56: {"action":"cast","class":"infer",{{.*}}"op":"mul"
  if ((threadIdx.x & 3) == 0) out[i / 4] = v;
  out[i] = next;
}
template <typename T> __device__ T quad_sum(T v) {
  v = v + __shfl_xor_sync(0xffffffffu, v, 1);
  // REPORT: input.cu:[[@LINE-1]]:9: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+"
  float o = __shfl_xor_sync(0xffffffffu, v, 2);
  v += o;
  // REPORT: input.cu:[[@LINE-1]]:5: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
  return v;
}
__global__ void quads(float *out, const float *in) { out[threadIdx.x] = quad_sum<float>(in[threadIdx.x]); }
