// A compilation database written for nvcc: CMake's CUDA language (a.cu, and c.cpp, which -x cu
// makes CUDA) and a Makefile's (b.cu, behind ccache). Its commands are translated into Clang's:
// a.cu needs its -D and its -isystem=DIR, b.cu its -Xcompiler -fopenmp and -rdc=true to parse,
// --use_fast_math does not define the host's __FAST_MATH__ (nvcc's does not); the options that
// only matter to code generation or the build are named once, though a.cu and b.cu both drop
// -lineinfo.
// REQUIRES: cuda
// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: sed -e "s|@DIR@|%/t|g" db.json > compile_commands.json
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml -p . --out-dir out a.cu b.cu c.cpp 2>&1 | FileCheck %s --check-prefix=NOTE --implicit-check-not="nvcc options"
// RUN: %code out/a.cu | FileCheck %s --check-prefix=A --match-full-lines --implicit-check-not=autoscale_
// RUN: %code out/b.cu | FileCheck %s --check-prefix=B --match-full-lines --implicit-check-not=autoscale_
// RUN: %code out/c.cpp | FileCheck %s --check-prefix=C --match-full-lines --implicit-check-not=autoscale_
// RUN: %nvcc -c -DFACTOR=2.0f -isystem inc -I %runtime-include out/a.cu -o a.o
// NOTE: note: nvcc options ignored for parsing: -lineinfo, -ccbin g++-12, -G, --ptxas-options=-v, -maxrregcount=64
// A: y[i] = autoscale_mul_f(&autoscale_sites_{{[0-9a-f]+}}_here[0], x[i], FACTOR);
// B: y[i] = autoscale_add_f(&[[B:autoscale_sites_[0-9a-f]+]]_here[1], autoscale_mul_f(&[[B]]_here[0], a, x[i]), y[i]);
// C: __global__ void twice(float *y) { autoscale_mul_assign_f(&autoscale_sites_{{[0-9a-f]+}}_here[0], &(y[threadIdx.x]), 2.0f); }

//--- db.json
[{"directory": "@DIR@", "file": "a.cu", "output": "a.o",
  "command": "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -DFACTOR=2.0f -isystem=@DIR@/inc -O3 --generate-code=arch=compute_90,code=[compute_90,sm_90] -Xcompiler=-fPIC -std=c++17 -lineinfo -x cu -c a.cu -o a.o"},
 {"directory": "@DIR@", "file": "b.cu",
  "arguments": ["ccache", "nvcc", "-arch=sm_89", "-gencode", "arch=compute_80,code=sm_80", "--expt-relaxed-constexpr", "--extended-lambda", "-Xcompiler", "-Wall,-fopenmp", "-rdc=true", "--use_fast_math", "-ccbin", "g++-12", "-lineinfo", "-G", "--ptxas-options=-v", "-maxrregcount=64", "-c", "b.cu"]},
 {"directory": "@DIR@", "file": "c.cpp",
  "command": "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -x cu -c c.cpp -o c.o"}]

//--- inc/real.h
typedef float real;

//--- a.cu
#include <real.h>
__global__ void scale(real *y, const real *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i] * FACTOR;
}

//--- b.cu
#if !defined(_OPENMP) || !defined(__CLANG_RDC__) || defined(__FAST_MATH__)
#error "-Xcompiler -fopenmp, -rdc=true or --use_fast_math did not reach Clang as nvcc means them"
#endif
__global__ void axpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

//--- c.cpp
__global__ void twice(float *y) { y[threadIdx.x] *= 2.0f; }
