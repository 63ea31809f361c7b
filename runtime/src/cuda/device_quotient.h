// Device helpers of the quantising kernels (kernels.cu, cublas_sites.cu). Internal to
// libautoscale_cuda.
#ifndef AUTOSCALE_SRC_CUDA_DEVICE_QUOTIENT_H
#define AUTOSCALE_SRC_CUDA_DEVICE_QUOTIENT_H

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#include <cstdint>

#include "autoscale/format.h"
#include "formats/quantize_element.h"
#include "formats/quotient.h"

namespace autoscale::detail {

// |x|'s bits: positive floats order like their bits and NaN's exceed inf's, so an unsigned max
// (and atomicMax on the bits) gives NaN when there is one, like the CPU kernels.
__device__ inline uint32_t abs_bits(float v) { return __float_as_uint(v) & 0x7FFFFFFFu; }

// x / scale as the format rounds it (quotient.h): fp32 takes the nearest-even quotient; the others
// x times the exact inverse where there is one (inv != 0), which is the exact quotient unless that
// is a float32 subnormal. Only bf16 can tell (its subnormals are float32's): such quotients are
// taken exactly, as the CPU kernels do.
template <int F> __device__ inline float quotient(float v, float scale, float inv) {
  // __fdiv_rn, __fmul_rn: correctly rounded whatever the fast-math flags, as the host's.
  if (F == AUTOSCALE_FP32) return __fdiv_rn(v, scale);
  if (inv == 0.0f) return odd_quotient(v, scale);
  const float q = __fmul_rn(v, inv);
  return F == AUTOSCALE_BF16 && abs_bits(q) - 1u < 0x007FFFFFu ? odd_quotient(v, scale) : q;
}

// The code of data that the conversion instruction gives (cvt.rn, satfinite for fp8):
// element_from_code's input.
template <int F> __device__ inline uint32_t instruction_code(float data) {
  if constexpr (F == AUTOSCALE_E4M3) return __nv_cvt_float_to_fp8(data, __NV_SATFINITE, __NV_E4M3);
  else if constexpr (F == AUTOSCALE_E5M2) return __nv_cvt_float_to_fp8(data, __NV_SATFINITE, __NV_E5M2);
  else if constexpr (F == AUTOSCALE_FP16) return __half_as_ushort(__float2half_rn(data));
  else return __bfloat16_as_ushort(__float2bfloat16_rn(data));
}

// quantize_element on the GPU: codes are rounded by the conversion instruction, one instruction
// where the integer rounding takes tens; values (Emit::Bf16, F32) and fp32 keep the integer
// rounding.
template <int F, Emit E> __device__ inline Element device_element(uint32_t ax, float data, const Overflow &of) {
  // Where the GPU has the instruction: fp8's from sm_89, bf16's from sm_80, fp16's everywhere;
  // cuda_fp8.h and cuda_bf16.h emulate them elsewhere, slower than the integer rounding.
  constexpr bool kInstruction = E == Emit::Code && (F == AUTOSCALE_FP16 ||
#if __CUDA_ARCH__ >= 890
                                                    F == AUTOSCALE_E4M3 || F == AUTOSCALE_E5M2 ||
#endif
#if __CUDA_ARCH__ >= 800
                                                    F == AUTOSCALE_BF16 ||
#endif
                                                    false);
  if constexpr (kInstruction)
    return element_from_code<F>(ax, data, instruction_code<F>(data), of);
  else
    return quantize_element<F, E>(ax, data, of);
}

// Four codes in one store: codes[0 .. 3] = c0 .. c3 (each within its code's width), codes aligned
// for the four.
__device__ inline void store4(uint8_t *codes, uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3) {
  *reinterpret_cast<uint32_t *>(codes) = c0 | c1 << 8 | c2 << 16 | c3 << 24;
}
__device__ inline void store4(uint16_t *codes, uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3) {
  *reinterpret_cast<uint2 *>(codes) = make_uint2(c0 | c1 << 16, c2 | c3 << 16);
}
__device__ inline void store4(uint32_t *codes, uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3) {
  *reinterpret_cast<uint4 *>(codes) = make_uint4(c0, c1, c2, c3);
}

}  // namespace autoscale::detail

#endif
