// State worked on in a copy of its element and stored back is updated there: n-body's
// `float4 p = pos[i]; p.x += vel[i].x * dt; pos[i] = p;` advances the positions, as the scalar
// `float p = pos[i]; p += ...; pos[i] = p;` does (updates, kept FP32 by the default rules; in fp16
// a position of 100 stops moving by 0.001 a step). The struct's store is its operator=.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -c -arch=sm_90 -I %runtime-include out/input.cu -o input.o
__global__ void integrate(float4 *pos, const float4 *vel, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float4 p = pos[i];
  p.x += vel[i].x * dt;
  // REPORT: input.cu:[[@LINE-1]]:7: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"p"}
  // REPORT: input.cu:[[@LINE-2]]:19: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"p"}
  p.y = p.y + vel[i].y * dt;
  // REPORT: input.cu:[[@LINE-1]]:13: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"p"}
  // REPORT: input.cu:[[@LINE-2]]:24: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"p"}
  pos[i] = p;
}

__global__ void scaled_copy(float4 *out, const float4 *in, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float4 p = in[i];
  p.x = p.x * s;
  // REPORT: input.cu:[[@LINE-1]]:13: {"action":"cast",{{.*}}"op":"mul",{{.*}}"variable":"p"}
  out[i] = p;
}
