/* autoscale/config.h: the one host/device macro and the C/C++ linkage helpers every header uses. */
#ifndef AUTOSCALE_CONFIG_H
#define AUTOSCALE_CONFIG_H

#if defined(__CUDACC__)
#define AUTOSCALE_HOST_DEVICE __host__ __device__
#else
#define AUTOSCALE_HOST_DEVICE
#endif

/* Code that runs on the GPU (nvcc's device pass) cannot touch host-side site state. */
#if defined(__CUDA_ARCH__)
#define AUTOSCALE_DEVICE_PASS 1
#else
#define AUTOSCALE_DEVICE_PASS 0
#endif

#ifdef __cplusplus
#define AUTOSCALE_EXTERN_C_BEGIN extern "C" {
#define AUTOSCALE_EXTERN_C_END }
#else
#define AUTOSCALE_EXTERN_C_BEGIN
#define AUTOSCALE_EXTERN_C_END
#endif

/* Version of the contract between autoscale-rewrite's output and this runtime. The tool emits a
 * check of it into every rewritten file, so stale rewritten sources fail to compile loudly. */
#define AUTOSCALE_ABI_VERSION 1

#endif
