// A float added to one sum in memory by every thread (`atomicAdd(residual, d * d)`) is a term of
// that sum, as in `s += d * d` in a loop: a square is a square_sum (kept FP32 by the default rules;
// it had been an fp16 multiply, flushing 11.8% of a Jacobi residual's squares to zero), a product
// of two arrays' elements a dot_mul. A value given to atomicAdd that is no product is data.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -arch=sm_90 -c -I %runtime-include out/input.cu -o out/input.o
__global__ void residual(const float *u, const float *un, float *sums, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float d = un[i] - u[i];
    // REPORT: input.cu:[[@LINE-1]]:21: {"action":"cast","class":"infer","format":"fp16","function":"residual","op":"sub","rounding":"output","rule":"class:infer","site":0,"spelling":"-","strategy":"delayed","type":"float","variable":"d"}
    atomicAdd(sums, d * d);
    // REPORT: input.cu:[[@LINE-1]]:23: {"action":"keep","class":"deny","fed_by":["input.cu:[[@LINE-3]]:21","input.cu:[[@LINE-3]]:21"],"function":"residual","op":"square_sum","rule":"class:deny","spelling":"*","type":"float","variable":null}
    atomicAdd(sums + 1, u[i] * un[i] + d * d);
    // REPORT: input.cu:[[@LINE-1]]:30: {"action":"scale","class":"allow","format":"e4m3","function":"residual","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":null}
    // REPORT: input.cu:[[@LINE-2]]:38: {"action":"keep","class":"deny","fed_by":["input.cu:[[@LINE-2]]:30","input.cu:[[@LINE-2]]:42"],"function":"residual","op":"accumulate","rule":"class:deny","spelling":"+","type":"float","variable":null}
    // REPORT: input.cu:[[@LINE-3]]:42: {"action":"keep","class":"deny","fed_by":["input.cu:[[@LINE-7]]:21","input.cu:[[@LINE-7]]:21"],"function":"residual","op":"square_sum","rule":"class:deny","spelling":"*","type":"float","variable":null}
    atomicAdd(sums + 2, 0.5f * d);
    // REPORT: input.cu:[[@LINE-1]]:30: {"action":"cast","class":"infer","fed_by":["input.cu:[[@LINE-9]]:21"],"format":"fp16","function":"residual","op":"mul","rounding":"output","rule":"class:infer","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":null}
  }
}
// REPORT: file: {"changed":true,"kernels_without_launch_bounds":{"residual":"no launch of it in the sources given"},"path":"input.cu","sites":3,"written_to":"out/input.cu"}
// REPORT: conversions: {"functions":{"residual":{"conversions":5,"converted":3,"line":"converted 3 of 6 operations using 5 conversions","operations":6}},"total":{"conversions":5,"converted":3,"line":"converted 3 of 6 operations using 5 conversions","operations":6}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 6 float operations in 1 file: 1 scaled e4m3, 2 cast fp16, 3 kept, 0 skipped; no step found: each host site rolls its history every 1024 executions, and scaled device sites pass their values unrounded until an autoscale_step()
