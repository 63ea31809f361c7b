// Rounding one value to a site's format under a scale, and recording it in a slot's counters: the
// definitions every site call (site_calls.cpp) and the GEMM site (gemm_site.cpp) share. Internal to
// the runtime.
#ifndef AUTOSCALE_SRC_QUANTIZE_H
#define AUTOSCALE_SRC_QUANTIZE_H

#include <cmath>
#include <type_traits>

#include "site_state.h"
#include "steps.h"

#define AUTOSCALE_LIKELY(x) __builtin_expect(!!(x), 1)
#define AUTOSCALE_UNLIKELY(x) __builtin_expect(!!(x), 0)

namespace autoscale::detail {

// Raises the slot's amax to |v| (v not NaN); positive floats order like their bits.
inline void raise_amax(uint32_t &amax_bits, float abs_v) {
  uint32_t b = autoscale_float_bits_(abs_v);
  uint32_t cur = load_relaxed(amax_bits);
  while (b > cur &&
         !__atomic_compare_exchange_n(&amax_bits, &cur, b, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
}

inline float round_to(float x, int format, int saturate) { return autoscale_round_float(x, format, saturate); }
inline double round_to(double x, int format, int saturate) { return autoscale_round_double(x, format, saturate); }

// A finite value recorded as it is (pass_through's common case).
template <class T> inline void record_finite(SlotCounters &c, T v) {
  bump(c.quantized);
  raise_amax(c.amax_bits, static_cast<float>(std::fabs(v)));
}

// A value that passes unchanged (format fp32, empirical analysis) still feeds amax and counters;
// there is no rounding error, so the error sums stay for rounded values.
template <class T> inline T pass_through(SlotCounters &c, T v) {
  if (AUTOSCALE_LIKELY(std::isfinite(v))) {
    record_finite(c, v);
    return v;
  }
  bump(c.quantized);
  if (std::isnan(v)) {
    bump(c.nan_in);
    bump(c.nan_out);
  } else {
    bump(c.inf_in);
    bump(c.inf_out);
    raise_amax(c.amax_bits, INFINITY);
  }
  return v;
}

inline uint32_t bits_of(float x) { return autoscale_float_bits_(x); }
inline uint64_t bits_of(double x) { return autoscale_double_bits_(x); }

// x (the value over its scale) is normal in format F and not beyond its max. Magnitudes order
// like their bits, so one unsigned compare checks both ends (a NaN's bits lie above the max).
template <int F, class T> inline bool in_normal_range(T x) {
  using U = decltype(bits_of(x));
  const U lo = bits_of(static_cast<T>(autoscale_format_min_normal(F)));
  const U hi = bits_of(static_cast<T>(autoscale_format_max(F)));
  return (bits_of(x) & (~U(0) >> 1)) - lo <= hi - lo;
}

// format.h's rounding (autoscale_round_float/double) for an x in_normal_range: no subnormal shift,
// no overflow, so round-to-nearest-even drops a fixed number of mantissa bits, and a carry into
// the exponent is the next binade, still within max. The site tests check it bit for bit against
// format.h over strided sweeps of all float32 values.
template <int F> inline float round_normal(float x) {
  const int drop = 23 - autoscale_format_desc_of_(F).mant_bits;
  uint32_t b = autoscale_float_bits_(x);
  b = (b + ((1u << (drop - 1)) - 1u) + ((b >> drop) & 1u)) & ~((1u << drop) - 1u);
  return autoscale_bits_float_(b);
}
template <int F> inline double round_normal(double x) {
  const int drop = 52 - autoscale_format_desc_of_(F).mant_bits;
  uint64_t b = autoscale_double_bits_(x);
  b = (b + ((uint64_t(1) << (drop - 1)) - 1u) + ((b >> drop) & 1u)) & ~((uint64_t(1) << drop) - 1u);
  return autoscale_bits_double_(b);
}

// The common case of quantising v in a slot: the scale has an exact inverse (a power of two) and
// v over it is in_normal_range. Sets q and returns true; otherwise returns false and the caller
// takes quantize_general. Writes nothing, so callers can check several values before counting.
template <class T, int F> inline bool round_common(ScalePair sp, T v, T &q) {
  // Multiplying by the exact inverse is dividing by the scale; an inverse of 0 (none exact) gives
  // x = 0, which is not in range.
  T x = v * static_cast<T>(sp.inverse);
  q = round_normal<F>(x) * static_cast<T>(sp.scale);
  if (AUTOSCALE_LIKELY(in_normal_range<F>(x))) return true;
  // A zero (common after ReLU) rounds to itself, sign kept, in every format and counts nothing
  // but the value: record_common's sums and amax are unchanged by it.
  if (v == 0) {
    q = v;
    return true;
  }
  return false;
}

// The counters of v rounded to q by round_common: nothing to count but the value itself.
template <class T> inline void record_common(SlotCounters &c, T v, T q) {
  bump(c.quantized);
  // q is within a factor 2 of v, so q - v is exact (Sterbenz).
  add(c.error_sum, static_cast<double>(std::fabs(q - v)));
  add(c.value_sum, static_cast<double>(std::fabs(v)));
  raise_amax(c.amax_bits, static_cast<float>(std::fabs(v)));
}

// x (finite v over its scale) rounds beyond the format's max: to inf or NaN, or, saturating, to
// the max from a value that would not round to it. Values between the max and the midpoint to the
// next binade round to the max by round-to-nearest-even and are not overflows.
template <int F, class T> inline bool overflows(T x, T r, int saturate) {
  if (!saturate) return !std::isfinite(r);
  return std::fabs(r) == static_cast<T>(autoscale_format_max(F)) && !std::isfinite(round_to(x, F, 0));
}

// Every value, by the definitions: zero, NaN, inf, overflow, underflow, subnormal results, scales
// without an exact inverse; round_common is its fast case.
template <class T, int F>
__attribute__((noinline)) T quantize_general(const SiteState *st, SlotCounters &c, ScalePair sp, T v) {
  T x = sp.inverse != 0.0f ? v * static_cast<T>(sp.inverse) : v / static_cast<T>(sp.scale);
  bump(c.quantized);
  if (std::isnan(v)) {
    bump(c.nan_in);
    bump(c.nan_out);
    return round_to(x, F, st->saturate);
  }
  T r = round_to(x, F, st->saturate);
  T q = r * static_cast<T>(sp.scale);
  if (std::isinf(v)) {
    bump(c.inf_in);
  } else if (overflows<F>(x, r, st->saturate)) {
    bump(c.overflows);
  } else if (r == 0 && v != 0) {
    bump(c.underflows);
  } else if (r != 0 && std::fabs(r) < static_cast<T>(st->fmt_min_normal)) {
    bump(c.subnormals);
  }
  if (std::isnan(q)) {
    bump(c.nan_out);
  } else if (std::isinf(q)) {
    bump(c.inf_out);
  } else if (std::isfinite(v)) {
    add(c.error_sum, std::fabs(static_cast<double>(q) - static_cast<double>(v)));
    add(c.value_sum, std::fabs(static_cast<double>(v)));
  }
  raise_amax(c.amax_bits, static_cast<float>(std::fabs(v)));
  return q;
}

// Rounds v with scale sp to format F (AUTOSCALE_FP32: passes it) and records it in c.
template <class T, int F> inline T quantize_in(const SiteState *st, SlotCounters &c, ScalePair sp, T v) {
  if constexpr (F == AUTOSCALE_FP32) {
    return pass_through(c, v);
  } else {
    T q;
    if (AUTOSCALE_LIKELY((round_common<T, F>(sp, v, q)))) {
      record_common(c, v, q);
      return q;
    }
    return quantize_general<T, F>(st, c, sp, v);
  }
}

// Calls fn(std::integral_constant<int, F>) for format F = mode, so each format's path is compiled
// with its constants.
template <class Fn> inline auto with_format(int mode, Fn fn) {
  switch (mode) {
  case AUTOSCALE_E4M3: return fn(std::integral_constant<int, AUTOSCALE_E4M3>{});
  case AUTOSCALE_E5M2: return fn(std::integral_constant<int, AUTOSCALE_E5M2>{});
  case AUTOSCALE_FP16: return fn(std::integral_constant<int, AUTOSCALE_FP16>{});
  case AUTOSCALE_BF16: return fn(std::integral_constant<int, AUTOSCALE_BF16>{});
  default: return fn(std::integral_constant<int, AUTOSCALE_FP32>{});
  }
}

// A call, so the caller's common path needs no stack frame: it tail-calls this.
template <class T> __attribute__((noinline, cold)) T flush_window_then(SiteState *st, SiteCounters &tc, T r) {
  flush_window(st, tc);
  return r;
}

// Counts one execution whose values are recorded (so a window roll includes it); returns r.
template <class T> inline T count_execution(SiteState *st, SiteCounters &tc, T r) {
  uint64_t n = tc.executions + 1;
  store_relaxed(tc.executions, n);
  if (AUTOSCALE_UNLIKELY(n >= tc.next_flush)) return flush_window_then(st, tc, r);
  return r;
}

}  // namespace autoscale::detail

#endif
