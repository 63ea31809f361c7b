// CUDA's fast intrinsics break at zero as the library's functions do: the small value added to
// keep `__fdividef`'s divisor, `__logf`'s argument or `__frsqrt_rn`'s away from zero is op
// guard (kept FP32), as it is before `/` and `logf`. The rewrite compiles with nvcc.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -arch=sm_90 -c -I %runtime-include out/input.cu -o out/input.o
__global__ void entropy(float *out, const float *p, const float *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __fdividef(p[i], d[i] + 1e-8f) + __logf(p[i] + 1e-9f) + __frsqrt_rn(d[i] + 1e-6f);
    // REPORT: input.cu:[[@LINE-1]]:14: {"action":"keep","callee":"__fdividef","class":"deny","fed_by":["input.cu:[[@LINE-1]]:36"],"function":"entropy","op":"__fdividef","rule":"class:deny","spelling":"__fdividef","type":"float","variable":"out"}
    // REPORT: input.cu:[[@LINE-2]]:36: {"action":"keep","class":"deny","function":"entropy","op":"guard","rule":"class:deny","spelling":"+","type":"float","variable":"out"}
    // REPORT: input.cu:[[@LINE-3]]:45: {"action":"keep","class":"deny","fed_by":["input.cu:[[@LINE-3]]:14","input.cu:[[@LINE-3]]:47"],"function":"entropy","op":"add","rule":"class:deny","spelling":"+","type":"float","variable":"out"}
    // REPORT: input.cu:[[@LINE-4]]:47: {"action":"keep","callee":"__logf","class":"deny","fed_by":["input.cu:[[@LINE-4]]:59"],"function":"entropy","op":"__logf","rule":"class:deny","spelling":"__logf","type":"float","variable":"out"}
    // REPORT: input.cu:[[@LINE-5]]:59: {"action":"keep","class":"deny","function":"entropy","op":"guard","rule":"class:deny","spelling":"+","type":"float","variable":"out"}
    // REPORT: input.cu:[[@LINE-6]]:68: {"action":"keep","class":"deny","fed_by":["input.cu:[[@LINE-6]]:45"],"function":"entropy","op":"add","rule":"class:deny","spelling":"+","type":"float","variable":"out"}
    // REPORT: input.cu:[[@LINE-7]]:87: {"action":"keep","class":"deny","function":"entropy","op":"guard","rule":"class:deny","spelling":"+","type":"float","variable":"out"}
}
// REPORT: file: {"changed":false,"path":"input.cu","sites":0,"written_to":"out/input.cu"}
// REPORT: conversions: {"functions":{"entropy":{"conversions":0,"converted":0,"line":"converted 0 of 7 operations using 0 conversions","operations":7}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 7 operations using 0 conversions","operations":7}}
// REPORT: rules: "fp16.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 7 float operations in 1 file: 7 kept, 0 skipped
