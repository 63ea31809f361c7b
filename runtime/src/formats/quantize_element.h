// One element of a quantisation pass, shared by the CPU loops (quantize.cpp) and the CUDA kernels
// (cuda/kernels.cu), host and device: data = x / scale (computed by the caller, see quotient.h)
// rounded to the format, emitted as a code or as the rounded value, with the element's overflow
// and underflow flags. The rounding and the overflow/NaN selects are format.h's
// autoscale_encode_ and autoscale_round_float, one rounding for either output; branch-free, so the
// CPU loops vectorise. Internal to the runtime.
#ifndef AUTOSCALE_SRC_QUANTIZE_ELEMENT_H
#define AUTOSCALE_SRC_QUANTIZE_ELEMENT_H

#include <stdint.h>

#include "autoscale/format.h"

namespace autoscale::detail {

// What each output element holds.
enum class Emit {
  Code,  // the format's code (kernels.h): uint8_t for e4m3/e5m2, uint16_t for fp16/bf16, float for fp32
  Bf16,  // the rounded value as bf16 bits (uint16_t); exact for e4m3, e5m2 and bf16 only
  F32    // the rounded value as a float (for fp32: x / scale itself)
};

// What replaces an overflow, which depends on saturate only (format.h's round_float and encode).
struct Overflow {
  uint32_t mag;   // value bits of an overflow's magnitude: max, inf, or e4m3's (unsigned) NaN
  uint32_t sign;  // the sign mask an overflow's value keeps: all of it, or none for e4m3's NaN
  uint32_t code;  // code of an overflow, before the sign
};

AUTOSCALE_HOST_DEVICE inline Overflow overflow_for(int format, int saturate) {
  const autoscale_format_desc_ d = autoscale_format_desc_of_(format);
  Overflow o;
  o.mag = saturate ? d.max_bits : d.has_inf ? 0x7F800000u : d.nan_bits;
  o.sign = saturate || d.has_inf ? 0x80000000u : 0u;
  o.code = saturate ? d.max_code : d.overflow_code;
  return o;
}

struct Element {
  uint32_t out;    // the code or value bits (the low bits of a narrower output)
  uint32_t a;      // |data|'s bits
  uint32_t over;   // 1: x finite, data rounded beyond the format's max
  uint32_t under;  // 1: x != 0, data rounded to zero
};

// ax: |x|'s bits; data: x / scale as quotient.h prescribes (fp32: the nearest-even quotient).
// One rounding (format.h's autoscale_rne_f32_, branch-free; its normal-range shortcut would only
// add a select to a vector loop), read out as a code or as value bits.
template <int F, Emit E>
AUTOSCALE_HOST_DEVICE inline Element quantize_element(uint32_t ax, float data, const Overflow &of) {
  const autoscale_format_desc_ d = autoscale_format_desc_of_(F);
  const uint32_t db = autoscale_float_bits_(data), sign = db & 0x80000000u, a = db ^ sign;
  const bool is_nan = a > 0x7F800000u;
  Element e;
  e.a = a;
  if (F == AUTOSCALE_FP32) {  // no rounding: overflow is an infinite quotient of a finite x
    e.out = db;
    e.over = (a == 0x7F800000u) & ((ax - 0x7F800000u) >> 31);
    e.under = ((a - 1u) >> 31) & ((0u - ax) >> 31);
    return e;
  }
  const autoscale_rounded_ r = autoscale_rne_f32_(a, d.mant_bits, d.emin);
  // The flags as bit 31 of differences rather than as bools: a vector loop then adds them without
  // converting masks (measured: a quarter faster on AVX-512). For a, b below 2^31, a - b has bit
  // 31 set exactly when a < b; rounded bits past 2^31 (a NaN's) only occur where x is not finite.
  e.under = ((r.r - 1u) >> 31) & ((0u - ax) >> 31);  // rounded to zero, x != 0
  if (E == Emit::Code) {
    const uint32_t c = autoscale_rounded_code_(r, d.mant_bits, d.emin);
    const bool is_over = c > d.max_code;                                // NaN and inf too
    e.over = ((d.max_code - c) >> 31) & ((ax - 0x7F800000u) >> 31);  // is_over, x finite
    const uint32_t code = (is_over ? of.code : c) | (sign >> (32u - d.code_width));
    e.out = is_nan ? d.nan_code : code;  // NaN loses its sign, as CUDA's conversions do
  } else {
    const uint32_t q = autoscale_rounded_bits_(r);
    const bool is_over = q > d.max_bits;
    e.over = ((d.max_bits - q) >> 31) & ((ax - 0x7F800000u) >> 31);  // is_over, x finite
    const uint32_t value = is_over ? (is_nan ? d.nan_bits : of.mag | (sign & of.sign)) : q | sign;
    e.out = E == Emit::Bf16 ? value >> 16 : value;  // bf16: the low half is zero for bf16-exact formats
  }
  return e;
}

// quantize_element's Emit::Code from the code a conversion instruction of the GPU gives for data:
// __nv_cvt_float_to_fp8 with __NV_SATFINITE (e4m3, e5m2), __float2half_rn, __float2bfloat16_rn,
// whose bits are format.h's encoders' (saturating for fp8; format_cuda_test checks every float on a
// GPU). The instruction does the rounding; what is left is the flags, and the two cases where the
// instruction's code is not the element's: an overflow (the instruction saturates fp8 and gives
// inf for fp16 and bf16, the element gives of.code) and NaN (the element's nan_code).
template <int F>
AUTOSCALE_HOST_DEVICE inline Element element_from_code(uint32_t ax, float data, uint32_t rne_code, const Overflow &of) {
  const autoscale_format_desc_ d = autoscale_format_desc_of_(F);
  const uint32_t db = autoscale_float_bits_(data), sign = db & 0x80000000u, a = db ^ sign;
  // The smallest |data| that rounds beyond the max: the midpoint between the max and the next
  // step of its binade, itself included where a tie goes up (the max's last mantissa bit odd:
  // e5m2, fp16, bf16; e4m3's 448 is even, so 464 rounds down to it). NaN's bits lie beyond too.
  const uint32_t max_odd = (d.max_bits >> (23 - d.mant_bits)) & 1u;
  const uint32_t beyond = d.max_bits + (1u << (22 - d.mant_bits)) + (1u - max_odd);
  const uint32_t magnitude = rne_code & ((1u << (d.code_width - 1u)) - 1u);
  const bool is_over = a >= beyond, is_nan = a > 0x7F800000u;
  Element e;
  e.a = a;
  e.over = is_over && ax < 0x7F800000u;
  e.under = magnitude == 0u && ax != 0u;
  e.out = is_nan ? d.nan_code : is_over ? of.code | (sign >> (32u - d.code_width)) : rne_code;
  return e;
}

}  // namespace autoscale::detail

#endif
