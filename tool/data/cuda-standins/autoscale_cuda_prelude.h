/* Force-included (-include) by autoscale-rewrite when Clang parses a .cu file; never part of the
 * rewritten output, which nvcc compiles with its own headers. It declares what nvcc provides and
 * Clang 19's CUDA wrapper leaves out: the cache-hint loads and stores of sm_32_intrinsics.h
 * (__ldcs, __stcs, ... on every type nvcc has them for), and the host side of the max/min
 * overloads of nvcc's math_functions.hpp (Clang declares them for device code only), and math.h
 * as nvcc includes it, so real kernels and their launch code (max(int, size_t) in a grid size,
 * an unqualified isfinite) parse. */
#ifndef AUTOSCALE_CUDA_PRELUDE_H
#define AUTOSCALE_CUDA_PRELUDE_H
/* Without a toolkit the tool parses with -nocudainc, and Clang's CUDA wrapper, which defines the
 * execution-space keywords and threadIdx/blockIdx, is not included: provide them so
 * self-contained kernels still parse. */
#if defined(__CUDA__) && !defined(__device__)
#include <__clang_cuda_builtin_vars.h>
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#endif
#if defined(__CUDA__) && defined(__cplusplus)
/* nvcc's cuda_runtime.h includes math.h (crt/math_functions.h), so host code calls isfinite,
 * isnan, isinf and signbit unqualified whatever it includes itself; Clang's wrapper brings
 * <cmath> only, which declares them in std. */
#include <math.h>
/* The loads read and write nothing else (pure), which the tool's analyses of side effects rely
 * on: `__ldcs(&a[i]) + __ldcs(&b[i])` is an add of two loads. */
template <typename T> __device__ __attribute__((pure)) T __ldcg(const T *);
template <typename T> __device__ __attribute__((pure)) T __ldca(const T *);
template <typename T> __device__ __attribute__((pure)) T __ldcs(const T *);
template <typename T> __device__ __attribute__((pure)) T __ldlu(const T *);
template <typename T> __device__ __attribute__((pure)) T __ldcv(const T *);
template <typename T> __device__ void __stwb(T *, T);
template <typename T> __device__ void __stcg(T *, T);
template <typename T> __device__ void __stcs(T *, T);
template <typename T> __device__ void __stwt(T *, T);

/* nvcc's host+device max/min, as its crt/math_functions.hpp spells them; Clang overloads these
 * host declarations with its own device definitions of the same names. They read their
 * arguments only (const), which the tool's analyses of side effects rely on. */
#define AUTOSCALE_HOST_MINMAX(R, A, B) \
  __host__ __attribute__((const)) R min(A, B); __host__ __attribute__((const)) R max(A, B);
AUTOSCALE_HOST_MINMAX(int, int, int)
AUTOSCALE_HOST_MINMAX(unsigned int, unsigned int, unsigned int)
AUTOSCALE_HOST_MINMAX(unsigned int, int, unsigned int)
AUTOSCALE_HOST_MINMAX(unsigned int, unsigned int, int)
AUTOSCALE_HOST_MINMAX(long int, long int, long int)
AUTOSCALE_HOST_MINMAX(unsigned long int, unsigned long int, unsigned long int)
AUTOSCALE_HOST_MINMAX(unsigned long int, long int, unsigned long int)
AUTOSCALE_HOST_MINMAX(unsigned long int, unsigned long int, long int)
AUTOSCALE_HOST_MINMAX(long long int, long long int, long long int)
AUTOSCALE_HOST_MINMAX(unsigned long long int, unsigned long long int, unsigned long long int)
AUTOSCALE_HOST_MINMAX(unsigned long long int, long long int, unsigned long long int)
AUTOSCALE_HOST_MINMAX(unsigned long long int, unsigned long long int, long long int)
AUTOSCALE_HOST_MINMAX(float, float, float)
AUTOSCALE_HOST_MINMAX(double, double, double)
AUTOSCALE_HOST_MINMAX(double, float, double)
AUTOSCALE_HOST_MINMAX(double, double, float)
#undef AUTOSCALE_HOST_MINMAX
#endif
#endif
