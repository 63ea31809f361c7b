// A device lambda (nvcc's --extended-lambda) passed to a generic kernel: the lambda's body is
// device code, rewritten through the device table (_here) like a kernel's.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %code out/input.cu | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %nvcc -c -arch=sm_90 --extended-lambda -I %runtime-include out/input.cu -o input.o
template <typename F>
__global__ void apply(float *y, const float *x, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = f(x[i]);
}

void scale_all(float *y, const float *x, float s, int n) {
  apply<<<(n + 255) / 256, 256>>>(y, x, n, [=] __device__(float v) { return v * s; });
  // CHECK: apply<<<(n + 255) / 256, 256>>>(y, x, n, [=] __device__(float v) { return autoscale_mul_f(&[[SITES:autoscale_sites_[0-9a-f]+]]_here[0], v, s); });
  // REPORT: input.cu:[[@LINE-2]]:79: {"action":"cast","class":"infer","format":"fp16","function":"scale_all","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.cu","sites":1,"written_to":"out/input.cu"}
// REPORT: conversions: {"functions":{"scale_all":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 1 float operation in 1 file: 1 cast fp16, 0 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
