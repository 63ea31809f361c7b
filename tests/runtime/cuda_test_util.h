// Shared by the CUDA tests: whether a GPU answers, the skip that says why not, and its compute
// capability.
#ifndef AUTOSCALE_TESTS_CUDA_TEST_UTIL_H
#define AUTOSCALE_TESTS_CUDA_TEST_UTIL_H

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <string>

namespace cuda_test {

// True when a CUDA device answers; otherwise *why says what failed.
inline bool have_gpu(std::string *why) {
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) {
    *why = std::string("cudaGetDeviceCount failed: ") + cudaGetErrorString(e);
    return false;
  }
  if (count == 0) {
    *why = "no CUDA device";
    return false;
  }
  return true;
}

// The current device's compute capability as major * 10 + minor (FP8 tensor cores from 89).
inline int compute_capability() {
  int device = 0, major = 0, minor = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
  return major * 10 + minor;
}

}  // namespace cuda_test

// what names the tests in the skip message ("CUDA kernel test skipped: no CUDA device").
#define SKIP_WITHOUT_GPU(what)                                                       \
  do {                                                                               \
    std::string why;                                                                 \
    if (!cuda_test::have_gpu(&why)) GTEST_SKIP() << what " test skipped: " << why;   \
  } while (0)

#endif
