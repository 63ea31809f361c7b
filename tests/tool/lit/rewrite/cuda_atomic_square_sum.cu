// A sum of squares added to memory atomically with constant factors (`atomicAdd(e, x[i] * x[i] *
// 0.5f)`, a kinetic energy) is a square sum, kept FP32 by the default rules as the same sum in a
// loop is (its multiplies had been cast to fp16, which overflows beyond 255.9); a product of two
// tensors with a constant is a dot product's. The rewrite compiles with nvcc.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -arch=sm_90 -c -I %runtime-include out/input.cu -o out/input.o
__global__ void energy(float *e, float *work, const float *x, const float *f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(e, x[i] * x[i] * 0.5f);
    // REPORT: input.cu:[[@LINE-1]]:23: {"action":"keep","class":"deny","function":"energy","op":"square_sum","rule":"class:deny","spelling":"*","type":"float","variable":null}
    // REPORT: input.cu:[[@LINE-2]]:30: {"action":"keep","class":"deny","fed_by":["input.cu:[[@LINE-2]]:23"],"function":"energy","op":"mul","rule":"class:deny","spelling":"*","type":"float","variable":null}
    atomicAdd(work, 2.0f * f[i] * x[i]);
    // REPORT: input.cu:[[@LINE-1]]:26: {"action":"cast","class":"infer","format":"fp16","function":"energy","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
    // REPORT: input.cu:[[@LINE-2]]:33: {"action":"scale","class":"allow","fed_by":["input.cu:[[@LINE-2]]:26"],"format":"e4m3","function":"energy","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":null}
  }
}
// REPORT: file: {"changed":true,"kernels_without_launch_bounds":{"energy":"no launch of it in the sources given"},"path":"input.cu","sites":2,"written_to":"out/input.cu"}
// REPORT: conversions: {"functions":{"energy":{"conversions":1,"converted":2,"line":"converted 2 of 4 operations using 1 conversions","operations":4}},"total":{"conversions":1,"converted":2,"line":"converted 2 of 4 operations using 1 conversions","operations":4}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 4 float operations in 1 file: 1 scaled e4m3, 1 cast fp16, 2 kept, 0 skipped; no step found: each host site rolls its history every 1024 executions, and scaled device sites pass their values unrounded until an autoscale_step()
