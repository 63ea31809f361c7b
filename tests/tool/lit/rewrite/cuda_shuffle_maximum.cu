// A warp's running maximum through shuffles (`v = fmaxf(v, __shfl_down_sync(mask, v, o))`) takes
// another lane's value as new data: an update, kept FP32 by the default rules as a maximum over
// loads is (it had been an fp16 fmaxf, saturating values above 65504). One step outside a loop
// carries nothing: data.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -arch=sm_90 -c -I %runtime-include out/input.cu -o out/input.o
__device__ float warp_max(float v) {
  for (int o = 16; o > 0; o /= 2)
    v = fmaxf(v, __shfl_down_sync(0xffffffffu, v, o));
    // REPORT: input.cu:[[@LINE-1]]:9: {"action":"keep","callee":"fmaxf","class":"deny","function":"warp_max","op":"update","rule":"class:deny","spelling":"fmaxf","type":"float","variable":"v"}
  return v;
}

__device__ float pair_max(float x) { return fmaxf(x, __shfl_xor_sync(0xffffffffu, x, 1)); }
// REPORT: input.cu:[[@LINE-1]]:45: {"action":"cast","callee":"fmaxf","class":"infer","format":"fp16","function":"pair_max","op":"fmaxf","rounding":"output","rule":"class:infer","site":0,"spelling":"fmaxf","strategy":"delayed","type":"float","variable":null}

__global__ void k(float *out) { out[threadIdx.x] = warp_max(pair_max(out[threadIdx.x])); }
// REPORT: file: {"changed":true,"kernels_without_launch_bounds":{"k":"no launch of it in the sources given"},"path":"input.cu","sites":1,"written_to":"out/input.cu"}
// REPORT: conversions: {"functions":{"pair_max":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"warp_max":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":1,"line":"converted 1 of 2 operations using 0 conversions","operations":2}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 2 float operations in 1 file: 1 cast fp16, 1 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
