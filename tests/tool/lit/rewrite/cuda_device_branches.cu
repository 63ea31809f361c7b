// A .cu file is parsed for the host, where __CUDA_ARCH__ is not defined: the branches the GPU runs
// (`#ifdef __CUDA_ARCH__`, `#if __CUDA_ARCH__ >= 800`, the `#else` of `#ifndef __CUDA_ARCH__`) are
// not seen, and their operations stay as written. The report and a note name their lines, so that
// a summary of the host branch is not taken for the device's. Other skipped regions are not named.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.cu -- 2> notes.txt
// RUN: FileCheck %s --check-prefix=NOTE < notes.txt
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -c -arch=sm_90 -I %runtime-include out/input.cu -o input.o
__host__ __device__ float square_norm(float x, float y) {
#ifdef __CUDA_ARCH__
  return x * x + y * y;
#else
  return x * x + y * y;
  // REPORT: input.cu:[[@LINE-1]]:12: {"action":"cast",{{.*}}"op":"mul",{{.*}}
#endif
}

__global__ void axpb(float *x, float a, float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if __CUDA_ARCH__ >= 800
  x[i] = a * x[i] + b;
#elif defined(FAST_PATH)
  x[i] = b;
#endif
}

__device__ float half_of(float x) {
#ifndef __CUDA_ARCH__
  return 0.0f;
#else
  return x * 0.5f;
#endif
}

#if defined(DEBUG_OUTPUT)
float debug_only(float x) { return x * 3.0f; }
#endif
// NOTE: note: input.cu: lines 12-14, 22-26, 32-34 are device code under #if __CUDA_ARCH__, which the host parse does not see: their operations stay as written
// REPORT: file: {"changed":true,"device_branches_not_parsed":{{\[\[12,14\],\[22,26\],\[32,34\]\]}},"kernels_without_launch_bounds":{"axpb":"no launch of it in the sources given"},"path":"input.cu",{{.*}}
