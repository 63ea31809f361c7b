// One element of a quantisation pass, shared by the CPU loops (quantize.cpp) and the CUDA kernels
// (cuda/kernels.cu), host and device: data = x / scale (computed by the caller, see quotient.h)
// rounded to the format, emitted as a code or as the rounded value, with the element's overflow
// and underflow flags. The rounded magnitude and the overflow/NaN selects are format.h's
// autoscale_round_float and autoscale_encode_, shared between the outputs; branch-free, so the CPU
// loops vectorise. Internal to the runtime.
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

// The code of a rounded magnitude q (float32 bits of a value of the format, at most its max). A
// normal value's exponent and mantissa fields sit side by side in float32 as in the code, so
// rebiasing and shifting gives the code; a subnormal one is q / 2^(emin - mant) quanta, an exact
// float product. bf16 is float32's top half throughout, its subnormals included.
template <int F> AUTOSCALE_HOST_DEVICE inline uint32_t code_of_magnitude(uint32_t q) {
  const autoscale_format_desc_ d = autoscale_format_desc_of_(F);
  if (F == AUTOSCALE_BF16) return q >> 16;
  const uint32_t min_normal = uint32_t(127 + d.emin) << 23;
  const uint32_t normal = (q - (uint32_t(127 + d.emin - 1) << 23)) >> (23 - d.mant_bits);
  const float quanta_per_unit = autoscale_bits_float_(uint32_t(127 + d.mant_bits - d.emin) << 23);
  const uint32_t small = q < min_normal ? q : 0u;  // only a subnormal q reaches the conversion
  const uint32_t subnormal = static_cast<uint32_t>(autoscale_bits_float_(small) * quanta_per_unit);
  return q >= min_normal ? normal : subnormal;
}

struct Element {
  uint32_t out;    // the code or value bits (the low bits of a narrower output)
  uint32_t a;      // |data|'s bits
  uint32_t over;   // 1: x finite, data rounded beyond the format's max
  uint32_t under;  // 1: x != 0, data rounded to zero
};

// ax: |x|'s bits; data: x / scale as quotient.h prescribes (fp32: the nearest-even quotient).
template <int F, Emit E>
AUTOSCALE_HOST_DEVICE inline Element quantize_element(uint32_t ax, float data, const Overflow &of) {
  const autoscale_format_desc_ d = autoscale_format_desc_of_(F);
  const uint32_t db = autoscale_float_bits_(data), sign = db & 0x80000000u, a = db ^ sign;
  const uint32_t q = F == AUTOSCALE_FP32 ? a : autoscale_round_magnitude_(a, d.mant_bits, d.emin);
  const bool is_nan = a > 0x7F800000u, is_over = q > d.max_bits;  // NaN and inf are "over" too
  Element e;
  e.a = a;
  e.over = is_over & (ax < 0x7F800000u);  // finite x only
  e.under = (q == 0u) & (ax != 0u);
  if (F == AUTOSCALE_FP32) {
    e.out = db;
  } else if (E == Emit::Code) {
    const uint32_t c = (is_over ? of.code : code_of_magnitude<F>(q)) | (sign >> (32u - d.code_width));
    e.out = is_nan ? d.nan_code : c;  // NaN loses its sign, as CUDA's conversions do
  } else {
    const uint32_t value = is_over ? (is_nan ? d.nan_bits : of.mag | (sign & of.sign)) : q | sign;
    e.out = E == Emit::Bf16 ? value >> 16 : value;  // bf16: the low half is zero for bf16-exact formats
  }
  return e;
}

}  // namespace autoscale::detail

#endif
