// A templated kernel: its arithmetic is rewritten once, in the template, through the device table
// (_here); the float instantiation rounds, others compute as written (the generic calls round only
// float and double). The launch stays as written; the output compiles for sm_89 and sm_90.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %code out/input.cu | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %nvcc -c -arch=sm_89 -I %runtime-include out/input.cu -o input89.o
// RUN: %nvcc -c -arch=sm_90 -I %runtime-include out/input.cu -o input90.o
template <typename T>
__global__ void affine(T *y, const T *x, T a, T b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + b;
  // CHECK: if (i < n) y[i] = ::__autoscale::add(&[[SITES:autoscale_sites_[0-9a-f]+]]_here[1], ::__autoscale::mul(&[[SITES]]_here[0], a, x[i]), b);
  // REPORT: input.cu:[[@LINE-2]]:23: {"action":"cast","class":"infer","format":"fp16","function":"affine","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"dependent","variable":"y"}
  // REPORT: input.cu:[[@LINE-3]]:30: {"action":"cast","class":"infer","fed_by":["input.cu:[[@LINE-3]]:23"],"format":"fp16","function":"affine","op":"add","rounding":"output","rule":"class:infer","site":1,"spelling":"+","strategy":"delayed","type":"dependent","variable":"y"}
}

void launch(float *y, const float *x, int n) { affine<float><<<(n + 255) / 256, 256>>>(y, x, 2.0f, 0.5f, n); }
void launch_int(int *y, const int *x, int n) { affine<int><<<(n + 255) / 256, 256>>>(y, x, 2, 3, n); }
// REPORT: file: {"changed":true,"path":"input.cu","sites":2,"written_to":"out/input.cu"}
// REPORT: conversions: {"functions":{"affine":{"conversions":0,"converted":2,"line":"converted 2 of 2 operations using 0 conversions","operations":2}},"total":{"conversions":0,"converted":2,"line":"converted 2 of 2 operations using 0 conversions","operations":2}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 2 float operations in 1 file: 2 cast fp16, 0 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
