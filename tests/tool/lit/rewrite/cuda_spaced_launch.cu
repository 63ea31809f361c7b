// Launches spelled with spaced chevrons, as Visual Studio's formatter writes them: nvcc accepts
// them, Clang lexes `<<<` and `>>>` only unspaced. The tool parses them as launches and writes them
// back as they were; a chevron in a string and a template's `>> >` are not launches.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.cu --
// RUN: %code out/input.cu | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %nvcc -c -arch=sm_90 -I %runtime-include out/input.cu -o input.o
#include <cstdio>

template <typename T> struct Box { T v; };

__global__ void axpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
  // CHECK: if (i < n) y[i] = a * x[i] + y[i];
  // REPORT: input.cu:[[@LINE-2]]:23: {"action":"keep","class":"deny","function":"axpy","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"y"}
  // REPORT: input.cu:[[@LINE-3]]:30: {"action":"keep","class":"deny","fed_by":["input.cu:[[@LINE-3]]:23"],"function":"axpy","op":"update","rule":"class:deny","spelling":"+","type":"float","variable":"y"}
}

void run(float *y, const float *x, float a, int n, cudaStream_t s) {
  axpy << <(n + 255) / 256, 256 >> > (y, x, a * 2.0f, n);
  // CHECK: axpy << <(n + 255) / 256, 256 >> > (y, x, autoscale_mul_f(&[[SITES:autoscale_sites_[0-9a-f]+]]_here[0], a, 2.0f), n);
  // REPORT: input.cu:[[@LINE-2]]:47: {"action":"cast","class":"infer","format":"fp16","function":"run","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
  axpy<<<dim3((n + 127) / 128), dim3(128), 0, s >> >(y, x, a * 3.0f, n);
  // CHECK: axpy<<<dim3((n + 127) / 128), dim3(128), 0, s >> >(y, x, autoscale_mul_f(&[[SITES]]_here[1], a, 3.0f), n);
  // REPORT: input.cu:[[@LINE-2]]:62: {"action":"cast","class":"infer","format":"fp16","function":"run","op":"mul","rounding":"output","rule":"class:infer","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":null}
  Box<Box<Box<int>> > boxes{};
  printf("launched with << < and >> > %d\n", boxes.v.v.v);
}
// REPORT: file: {"changed":true,"path":"input.cu","sites":2,"written_to":"out/input.cu"}
// REPORT: conversions: {"functions":{"axpy":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"run":{"conversions":0,"converted":2,"line":"converted 2 of 2 operations using 0 conversions","operations":2}},"total":{"conversions":0,"converted":2,"line":"converted 2 of 4 operations using 0 conversions","operations":4}}
// REPORT: rules: "fp16.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 4 float operations in 1 file: 2 cast fp16, 2 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
