// autoscale/types.h: C++ value types for the formats (in the style of cutlass::float_e4m3_t), thin
// wrappers over the C conversions of autoscale/format.h; usable in CUDA host and device code.
#ifndef AUTOSCALE_TYPES_H
#define AUTOSCALE_TYPES_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include <cstdint>

#include "autoscale/format.h"

namespace autoscale {

// What a conversion does with values beyond the format's range (see format.h).
enum class Saturation { Saturate, NoSaturate };

namespace detail {

// One format's code type and conversions; the public types below only name them.
template <typename Bits, int Format, Bits (*Encode)(float, int), float (*Decode)(Bits)>
class Value {
 public:
  using storage_type = Bits;
  static constexpr autoscale_format format = static_cast<autoscale_format>(Format);

  Value() = default;

  AUTOSCALE_HOST_DEVICE static Value from_float(float x, Saturation s = Saturation::Saturate) {
    return bitcast(Encode(x, s == Saturation::Saturate ? 1 : 0));
  }
  AUTOSCALE_HOST_DEVICE static Value bitcast(Bits bits) {
    Value v;
    v.bits_ = bits;
    return v;
  }
  AUTOSCALE_HOST_DEVICE float to_float() const { return Decode(bits_); }
  AUTOSCALE_HOST_DEVICE Bits bits() const { return bits_; }
  AUTOSCALE_HOST_DEVICE explicit operator float() const { return to_float(); }

 private:
  Bits bits_;
};

}  // namespace detail

using e4m3 = detail::Value<uint8_t, AUTOSCALE_E4M3, autoscale_e4m3_from_float, autoscale_e4m3_to_float>;
using e5m2 = detail::Value<uint8_t, AUTOSCALE_E5M2, autoscale_e5m2_from_float, autoscale_e5m2_to_float>;
using half = detail::Value<uint16_t, AUTOSCALE_FP16, autoscale_fp16_from_float, autoscale_fp16_to_float>;
using bfloat16 =
    detail::Value<uint16_t, AUTOSCALE_BF16, autoscale_bf16_from_float, autoscale_bf16_to_float>;

}  // namespace autoscale

#endif
