// llm.c's CUDA AdamW (adamw_kernel3) updates its moments through a __device__ helper on local
// copies stored back: `float m = m_memory[i]; m = lerp(grad, m, beta1); m_memory[i] = m;`. The
// helper's arithmetic is the update's (kept FP32 by the shipped rules), as in C; fp16 had rounded
// the second moment to zero. The rewrite compiles with nvcc.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -arch=sm_90 -c -I %runtime-include out/input.cu -o out/input.o
__device__ inline float lerp(float start, float end, float weight) {
  return fma(weight, end, fma(-weight, start, start));
  // REPORT: input.cu:[[@LINE-1]]:10: {"action":"keep",{{.*}}"class":"deny",{{.*}}"function":"lerp","op":"fma"
  // REPORT: input.cu:[[@LINE-2]]:27: {"action":"keep",{{.*}}"class":"deny",{{.*}}"function":"lerp","op":"fma"
  // REPORT: input.cu:[[@LINE-3]]:31: {"action":"keep","class":"deny",{{.*}}"function":"lerp","op":"update",{{.*}}"spelling":"-"
}
__global__ void adamw(float *params, const float *grads, float *m_memory, float *v_memory, long n,
                      float lr, float beta1, float beta2, float eps) {
  long i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float grad = grads[i];
  float m = m_memory[i];
  float v = v_memory[i];
  m = lerp(grad, m, beta1);
  m_memory[i] = m;
  v = lerp(grad * grad, v, beta2);
  // REPORT: input.cu:[[@LINE-1]]:17: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
  v_memory[i] = v;
  params[i] -= lr * m / (sqrtf(v) + eps);
}
