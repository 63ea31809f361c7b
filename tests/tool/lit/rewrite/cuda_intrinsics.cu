// CUDA's fast intrinsics (__expf, __fdividef) are math calls of their own names (in the deny
// list), rewritten in device code like libm's, through the device copy of the sites (_here).
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.cu --
// RUN: %code out/input.cu | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %nvcc -c -I %runtime-include out/input.cu -o input.o
// RUN: cd out && %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir ../again input.cu --
// RUN: diff -u input.cu ../again/input.cu
__global__ void softmax_step(float *y, const float *x, float m, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = __fdividef(__expf(x[i] - m), 1.0f + __expf(x[i] - m));
    // CHECK: y[i] = autoscale_result_f(&[[SITES:autoscale_sites_[0-9a-f]+]]_here[0], __fdividef(autoscale_operand_f(&[[SITES]]_here[0], 0, autoscale_result_f(&[[SITES]]_here[1], __expf(autoscale_operand_f(&[[SITES]]_here[1], 0, autoscale_sub_f(&[[SITES]]_here[2], x[i], m))))), autoscale_operand_f(&[[SITES]]_here[0], 1, autoscale_add_f(&[[SITES]]_here[3], 1.0f, autoscale_result_f(&[[SITES]]_here[4], __expf(autoscale_operand_f(&[[SITES]]_here[4], 0, autoscale_sub_f(&[[SITES]]_here[5], x[i], m))))))));
    // REPORT: input.cu:[[@LINE-2]]:12: {"action":"cast","callee":"__fdividef","class":"deny","fed_by":["input.cu:[[@LINE-2]]:23","input.cu:[[@LINE-2]]:46"],"format":"fp32","function":"softmax_step","op":"__fdividef","rounding":"output","rule":"class:deny","site":0,"spelling":"__fdividef","strategy":"delayed","type":"float","variable":"y"}
    // REPORT: input.cu:[[@LINE-3]]:23: {"action":"cast","callee":"__expf","class":"deny","fed_by":["input.cu:[[@LINE-3]]:35"],"format":"fp32","function":"softmax_step","op":"__expf","rounding":"output","rule":"class:deny","site":1,"spelling":"__expf","strategy":"delayed","type":"float","variable":"y"}
    // REPORT: input.cu:[[@LINE-4]]:35: {"action":"cast","class":"infer","format":"fp32","function":"softmax_step","op":"sub","rounding":"output","rule":"class:infer","site":2,"spelling":"-","strategy":"delayed","type":"float","variable":"y"}
    // REPORT: input.cu:[[@LINE-5]]:46: {"action":"cast","class":"deny","fed_by":["input.cu:[[@LINE-5]]:48"],"format":"fp32","function":"softmax_step","op":"add","rounding":"output","rule":"class:deny","site":3,"spelling":"+","strategy":"delayed","type":"float","variable":"y"}
    // REPORT: input.cu:[[@LINE-6]]:48: {"action":"cast","callee":"__expf","class":"deny","fed_by":["input.cu:[[@LINE-6]]:60"],"format":"fp32","function":"softmax_step","op":"__expf","rounding":"output","rule":"class:deny","site":4,"spelling":"__expf","strategy":"delayed","type":"float","variable":"y"}
    // REPORT: input.cu:[[@LINE-7]]:60: {"action":"cast","class":"infer","format":"fp32","function":"softmax_step","op":"sub","rounding":"output","rule":"class:infer","site":5,"spelling":"-","strategy":"delayed","type":"float","variable":"y"}
}
// REPORT: file: {"changed":true,"path":"input.cu","sites":6,"written_to":"out/input.cu"}
// REPORT: rules: "passthrough.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 6 float operations in 1 file: 6 cast fp32, 0 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
