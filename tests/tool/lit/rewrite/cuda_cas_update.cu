// An atomicCAS loop, the CUDA Programming Guide's read-modify-write of a value in memory
// (`atomicCAS(a, old, __double_as_longlong(v + __longlong_as_double(old)))`, copied into many
// programs as atomicAdd for doubles, or for a running minimum): its operation on the old value,
// read back from the compared bits, is the update. A sum is a sum into memory as atomicAdd's,
// kept FP32 by the default rules with a running minimum (a fp16 add had stuck 100000 ones at
// 2048), also where a local holds the new value first. The value given is data, and a CAS of a
// value not computed from the old one is a store.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -arch=sm_90 -c -I %runtime-include out/input.cu -o out/input.o
__device__ double atomic_add_double(double *address, double val) {
  unsigned long long *bits = (unsigned long long *)address;
  unsigned long long old = *bits, assumed;
  do {
    assumed = old;
    old = atomicCAS(bits, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    // REPORT: input.cu:[[@LINE-1]]:61: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+"
  } while (assumed != old);
  return __longlong_as_double(old);
}

__device__ float atomic_min_float(float *address, float val) {
  int *bits = (int *)address;
  int old = *bits, assumed;
  do {
    assumed = old;
    old = atomicCAS(bits, assumed, __float_as_int(fminf(val, __int_as_float(assumed))));
    // REPORT: input.cu:[[@LINE-1]]:51: {"action":"keep","callee":"fminf","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"fminf"
  } while (assumed != old);
  return __int_as_float(old);
}

__device__ float atomic_add_held(float *address, float val) {
  int *bits = (int *)address;
  int old = *bits, assumed;
  do {
    assumed = old;
    const float sum = __int_as_float(assumed) + val;
    // REPORT: input.cu:[[@LINE-1]]:47: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+"
    old = atomicCAS(bits, assumed, __float_as_int(sum));
  } while (assumed != old);
  return __int_as_float(old);
}

__device__ void store_scaled(float *address, float val, float scale) {
  int *bits = (int *)address;
  atomicCAS(bits, 0, __float_as_int(val * scale));
  // REPORT: input.cu:[[@LINE-1]]:41: {"action":"cast","class":"infer",{{.*}}"op":"mul",{{.*}}"spelling":"*"
}

__global__ void totals(const float *x, double *sum, float *low, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomic_add_double(sum, (double)x[i]);
    atomic_min_float(low, x[i]);
  }
}
