/* Force-included (-include) by autoscale-rewrite when Clang parses a .cu file; never part of the
 * rewritten output, which nvcc compiles with its own headers. It declares what nvcc provides and
 * Clang 19's CUDA wrapper leaves out: the cache-hint loads and stores of sm_32_intrinsics.h
 * (__ldcs, __stcs, ... on every type nvcc has them for), so real kernels parse. */
#ifndef AUTOSCALE_CUDA_PRELUDE_H
#define AUTOSCALE_CUDA_PRELUDE_H
#if defined(__CUDA__) && defined(__cplusplus)
template <typename T> __device__ T __ldcg(const T *);
template <typename T> __device__ T __ldca(const T *);
template <typename T> __device__ T __ldcs(const T *);
template <typename T> __device__ T __ldlu(const T *);
template <typename T> __device__ T __ldcv(const T *);
template <typename T> __device__ void __stwb(T *, T);
template <typename T> __device__ void __stcg(T *, T);
template <typename T> __device__ void __stcs(T *, T);
template <typename T> __device__ void __stwt(T *, T);
#endif
#endif
