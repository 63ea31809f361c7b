// The flags after `--` may be written for nvcc, as a Makefile's NVCCFLAGS are: they are
// translated into Clang's as a compilation database's are (the file needs -Xcompiler -fopenmp
// and -rdc=true to parse, and -gencode's separate value stays its own), and the options that
// only matter to code generation or the build are named once (-Xcompiler, which Clang would take
// for its -X, is nvcc's too); Clang's own options keep their separate values (-iquote inc). A flag neither compiler knows is
// named and dropped from the parse, as GCC's own options Clang lacks are (UnknownOptions.h): the
// source is rewritten. It had been dropped with the source kept as written, silently.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/k.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out k.cu -- -gencode arch=compute_90,code=sm_90 -Xcompiler -Wall,-fopenmp -rdc=true --use_fast_math -ccbin g++ -DFACTOR=2.0f 2>&1 | FileCheck %s --check-prefix=NOTE
// RUN: %code out/k.cu | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir host k.cu -- -Xcompiler -fPIC,-fopenmp -fgpu-rdc -DFACTOR=2.0f
// RUN: %code host/k.cu | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: mkdir inc && printf '#define FACTOR 2.0f\n' > inc/factor.h
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir quoted k.cu -- --extended-lambda -Xcompiler -fopenmp -fgpu-rdc -iquote inc -DFROM_HEADER
// RUN: %code quoted/k.cu | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir bogus k.cu -- --bogus-flag -fopenmp -fgpu-rdc -DFACTOR=2.0f 2>&1 | FileCheck %s --check-prefix=BOGUS
// RUN: %code bogus/k.cu | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// NOTE: note: nvcc options ignored for parsing: -ccbin g++
// NOTE: 1 float operation in 1 file: 1 cast fp32
// BOGUS: note: options Clang does not know, ignored for parsing: --bogus-flag
// BOGUS: 1 float operation in 1 file: 1 cast fp32
#ifdef FROM_HEADER
#include "factor.h"
#endif
#if !defined(_OPENMP) || !defined(__CLANG_RDC__)
#error "parsed without -Xcompiler -fopenmp or -rdc=true"
#endif
__global__ void scale(float *y, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i] * FACTOR;
  // CHECK: y[i] = autoscale_mul_f(&autoscale_sites_{{[0-9a-f]+}}_here[0], x[i], FACTOR);
}
