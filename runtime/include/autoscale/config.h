/* autoscale/config.h: the host/device macro, C/C++ linkage, casts, fixed-width types and byte
 * copies every public header uses.
 *
 * Rewritten C code includes autoscale.h before anything of its own, so in C these headers include
 * nothing of the C library but <stddef.h> (the compiler's own): a glibc header would fix the
 * feature-test macros (_GNU_SOURCE, _POSIX_C_SOURCE) before the user's file defines them, and
 * sincosf or M_PIf would then be missing from its <math.h>. The fixed-width types and the byte copy
 * come from the compiler (__UINT32_TYPE__, __builtin_memcpy) where it has them. In C++ the same
 * holds (no standard header at all); g++ predefines _GNU_SOURCE anyway. CUDA's compilation has
 * included the C library before the first line of the user's file, so there the ordinary headers
 * are used. */
#ifndef AUTOSCALE_CONFIG_H
#define AUTOSCALE_CONFIG_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include <stddef.h>

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

/* Before a device loop the rewrite asks nvcc to unroll: a rewritten body is too large for nvcc to
 * unroll a loop that walks a thread's array on its own, and the array would move from registers to
 * local memory. Empty on the host, whose compilers know no `#pragma unroll`. */
#if defined(__CUDA_ARCH__)
#define AUTOSCALE_DEVICE_UNROLL _Pragma("unroll")
#else
#define AUTOSCALE_DEVICE_UNROLL
#endif

/* The calls of autoscale.h are a few instructions in the common case: they must be inlined where
 * they are written (compilers otherwise keep them out of line at -O2 for their size, and the call
 * would cost more than the work). */
#if defined(__GNUC__)
#define AUTOSCALE_FORCE_INLINE __attribute__((always_inline))
#else
#define AUTOSCALE_FORCE_INLINE
#endif

#ifdef __cplusplus
#define AUTOSCALE_EXTERN_C_BEGIN extern "C" {
#define AUTOSCALE_EXTERN_C_END }
#else
#define AUTOSCALE_EXTERN_C_BEGIN
#define AUTOSCALE_EXTERN_C_END
#endif

/* A conversion written once for both languages: static_cast in C++ (no old-style cast warnings in
 * the user's C++ build), a cast in C. */
#ifdef __cplusplus
#define AUTOSCALE_CAST(T, x) static_cast<T>(x)
#else
#define AUTOSCALE_CAST(T, x) ((T)(x))
#endif

/* A pointer's bits as an integer (reinterpret_cast in C++). */
#ifdef __cplusplus
#define AUTOSCALE_PTR_BITS(x) reinterpret_cast<autoscale_uptr>(x)
#else
#define AUTOSCALE_PTR_BITS(x) ((autoscale_uptr)(x))
#endif

/* The null pointer, as each language spells it. */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define AUTOSCALE_NULL nullptr
#elif defined(__cplusplus)
#define AUTOSCALE_NULL 0
#else
#define AUTOSCALE_NULL ((void *)0)
#endif

#if defined(__UINT8_TYPE__) && defined(__UINT16_TYPE__) && defined(__UINT32_TYPE__) && \
    defined(__UINT64_TYPE__) && defined(__UINTPTR_TYPE__) && !defined(__CUDACC__)
typedef __UINT8_TYPE__ autoscale_u8;
typedef __UINT16_TYPE__ autoscale_u16;
typedef __UINT32_TYPE__ autoscale_u32;
typedef __UINT64_TYPE__ autoscale_u64;
typedef __UINTPTR_TYPE__ autoscale_uptr;
#else
#include <stdint.h>
typedef uint8_t autoscale_u8;
typedef uint16_t autoscale_u16;
typedef uint32_t autoscale_u32;
typedef uint64_t autoscale_u64;
typedef uintptr_t autoscale_uptr;
#endif

#if defined(__GNUC__) && !defined(__CUDACC__)
#define AUTOSCALE_MEMCPY __builtin_memcpy
#else
#include <string.h>
#define AUTOSCALE_MEMCPY memcpy
#endif

/* Version of the contract between autoscale-rewrite's output and this runtime. The tool emits a
 * check of it into every rewritten file, so stale rewritten sources fail to compile loudly. */
#define AUTOSCALE_ABI_VERSION 8

/* The library defines AUTOSCALE_ABI_SYMBOL (sites/site_registry.cpp) and every unit that includes
 * autoscale.h refers to it, so a program compiled against these headers and linked with a runtime
 * of another ABI fails to link, naming the version it was compiled for, rather than reading its
 * site tables with another layout. */
#define AUTOSCALE_ABI_NAME_(v) autoscale_abi_version_##v
#define AUTOSCALE_ABI_NAME(v) AUTOSCALE_ABI_NAME_(v)
#define AUTOSCALE_ABI_SYMBOL AUTOSCALE_ABI_NAME(AUTOSCALE_ABI_VERSION)

#endif
