// What the runtime's C++ code knows of each format beyond its bits (format.h describes those),
// and the one dispatch from a format's value to code compiled for it. A new format is a value
// and a description in format.h, a row here, and its name on the tool's side (ruleset/Vocabulary).
// Internal to the runtime.
#ifndef AUTOSCALE_SRC_FORMAT_TRAITS_H
#define AUTOSCALE_SRC_FORMAT_TRAITS_H

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "autoscale/format.h"
#include "check.h"

namespace autoscale::detail {

template <int F> struct FormatTraits {
  static_assert(F == AUTOSCALE_FP32 || F == AUTOSCALE_E4M3 || F == AUTOSCALE_E5M2 || F == AUTOSCALE_FP16 ||
                    F == AUTOSCALE_BF16,
                "no such format");
  // A code of F: what autoscale_quantize_array writes (fp32: the float's bits).
  using Code = std::conditional_t<F == AUTOSCALE_E4M3 || F == AUTOSCALE_E5M2, uint8_t,
                                  std::conditional_t<F == AUTOSCALE_FP16 || F == AUTOSCALE_BF16, uint16_t, uint32_t>>;
  // Every value of F is a bf16 value (a mantissa of at most 7 bits, bf16's exponent range), so
  // products of F's values run on bf16 kernels unchanged. fp16's 10-bit mantissa is not.
  static constexpr bool exact_in_bf16 = F == AUTOSCALE_E4M3 || F == AUTOSCALE_E5M2 || F == AUTOSCALE_BF16;
  // The summary's advice (rules keys the parser accepts): a format with more range, for values
  // beyond F's; one with more precision or range, for rounding error beyond F's bound.
  static constexpr const char *wider = F == AUTOSCALE_E4M3   ? "format: e5m2 (max 57344, min subnormal 2^-16)"
                                       : F == AUTOSCALE_E5M2 ? "format: fp16 or format: bf16"
                                       : F == AUTOSCALE_FP16 ? "format: bf16 (float32's range)"
                                                             : "keep fp32 (action: keep)";
  static constexpr const char *finer = F == AUTOSCALE_E4M3 || F == AUTOSCALE_E5M2
                                           ? "format: fp16, or keep fp32 (action: keep)"
                                       : F == AUTOSCALE_FP16 ? "format: bf16 (float32's range), or keep fp32 (action: keep)"
                                                             : "keep fp32 (action: keep)";
};

// Calls fn(std::integral_constant<int, F>) for F = format, so each format's path is compiled with
// its constants. Every format is checked where it enters the runtime (a site's registration, an
// array call's arguments): a value that is no format here is a bug of the runtime, and stops it.
template <class Fn> inline auto with_format(int format, Fn fn) {
  switch (format) {
  case AUTOSCALE_FP32: return fn(std::integral_constant<int, AUTOSCALE_FP32>{});
  case AUTOSCALE_E4M3: return fn(std::integral_constant<int, AUTOSCALE_E4M3>{});
  case AUTOSCALE_E5M2: return fn(std::integral_constant<int, AUTOSCALE_E5M2>{});
  case AUTOSCALE_FP16: return fn(std::integral_constant<int, AUTOSCALE_FP16>{});
  case AUTOSCALE_BF16: return fn(std::integral_constant<int, AUTOSCALE_BF16>{});
  }
  check_failed(__FILE__, __LINE__, "format %d is no format", format);
}

inline bool exact_in_bf16(int format) {
  return with_format(format, [](auto f) { return FormatTraits<f()>::exact_in_bf16; });
}
inline std::size_t code_bytes(int format) {
  return with_format(format, [](auto f) { return sizeof(typename FormatTraits<f()>::Code); });
}

}  // namespace autoscale::detail

#endif
