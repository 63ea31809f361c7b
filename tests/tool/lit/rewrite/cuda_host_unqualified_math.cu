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
void clean(float *out, const float *x, int n) {
  for (int i = 0; i < n; i++)
    out[i] = isfinite(x[i]) && !isnan(x[i]) && !isinf(x[i]) && !signbit(x[i]) ? x[i] * 0.5f : 0.0f;
  // REPORT: input.cu:[[@LINE-1]]:86: {"action":"cast","class":"infer",{{.*}}"op":"mul"
}
// REPORT: file: {"changed":true,"path":"input.cu",{{.*}}"written_to":"out/input.cu"}
