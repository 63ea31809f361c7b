// In a template that sees cuda_fp16.h's operator overloads, `acc += x` on a T is an operator call
// whose meaning waits for the instantiation: the roles (accumulate, dot_mul) are those of the
// instantiation that resolves it to the built-in operator, as in a template without the
// overloads. They were plain adds and multiplies, cast to fp16 (a sum of 10000 ones: 2048).
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -arch=sm_90 -c -I %runtime-include out/input.cu -o out/input.o
#include <cooperative_groups.h>
#include <cuda_fp16.h>
namespace cg = cooperative_groups;
template <class T> __global__ void dot_rows(T *out, const T *a, const T *b, int n) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  T acc = 0;
  for (int i = tile.thread_rank(); i < n; i += 32)
    acc += a[blockIdx.x * n + i] * b[i];
  // REPORT: input.cu:[[@LINE-1]]:9: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
  // REPORT: input.cu:[[@LINE-2]]:34: {"action":"cast","class":"allow",{{.*}}"op":"dot_mul",{{.*}}"spelling":"*"
  for (int o = 16; o > 0; o /= 2)
    acc += tile.shfl_down(acc, o);
  // REPORT: input.cu:[[@LINE-1]]:9: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
  if (tile.thread_rank() == 0) out[blockIdx.x] = acc;
}
template __global__ void dot_rows<float>(float *, const float *, const float *, int);
