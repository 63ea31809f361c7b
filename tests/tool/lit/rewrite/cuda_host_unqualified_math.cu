// Host code of a .cu file calls isfinite, isnan, isinf and signbit unqualified with <cmath> only
// (llm.c's dev/cuda/common.h): nvcc's cuda_runtime.h brings math.h, so the parse must too. The
// file failed to parse and nothing was written.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.cu -- -arch=sm_90
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -arch=sm_90 -c -I %runtime-include out/input.cu -o out/input.o
#include <cmath>
#include <cstdio>
int count_bad(const float *x, int n) {
  int bad = 0;
  for (int i = 0; i < n; i++) {
    float y = x[i] * 2.0f;
    if (!isfinite(y) || isnan(y) || isinf(y) || signbit(y)) bad++;
  }
  return bad;
}
// REPORT: file: {"changed":true,"path":"input.cu",{{.*}}"written_to":"out/input.cu"}
