// A dot product of the members of vector elements copied into locals (`float4 a = x[i], b = y[i];
// s += a.x * b.x`) multiplies tensor data as `x[i].x * y[i].x` does: a dot_mul, scaled e4m3 under
// the default rules, not an fp16 multiply.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -c -arch=sm_90 -I %runtime-include out/input.cu -o input.o
__global__ void dot4(float *out, const float4 *x, const float4 *y, int n) {
  float s = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    float4 a = x[i], b = y[i];
    s += a.x * b.x + a.y * b.y;
    // REPORT: input.cu:[[@LINE-1]]:14: {"action":"scale",{{.*}}"format":"e4m3",{{.*}}"op":"dot_mul"
    // REPORT: input.cu:[[@LINE-2]]:26: {"action":"scale",{{.*}}"format":"e4m3",{{.*}}"op":"dot_mul"
  }
  atomicAdd(out, s);
}
