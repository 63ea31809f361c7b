// Rounding one value to a site's format under a scale, and recording it in a tensor's counters, by
// the definitions: what the out-of-line calls (site_calls.cpp) and the GEMM site (gemm_site.cpp)
// do, and what the inline hot path of autoscale.h must equal bit for bit, counters included (they
// take its common case with the same functions of hot_path.h first). Internal to the runtime.
#ifndef AUTOSCALE_SRC_SITE_QUANTIZE_H
#define AUTOSCALE_SRC_SITE_QUANTIZE_H

#include <cmath>
#include <type_traits>

#include "float_flags.h"
#include "formats/format_traits.h"
#include "sites/nonfinite_origin.h"
#include "sites/site_state.h"

#define AUTOSCALE_LIKELY(x) __builtin_expect(!!(x), 1)
#define AUTOSCALE_UNLIKELY(x) __builtin_expect(!!(x), 0)

namespace autoscale::detail {

// Raises the tensor's amax to |v| (v not NaN).
inline void raise_amax(Counters &c, float abs_v) { autoscale_raise_(&c, autoscale_float_bits_(abs_v)); }
// The same for a value of a site's type: a double's |v| rounded to float on its bits, raising no
// floating-point flag (hot_path.h).
inline void raise_amax_of(Counters &c, float v) { raise_amax(c, std::fabs(v)); }
inline void raise_amax_of(Counters &c, double v) { autoscale_raise_(&c, autoscale_abs_bits_d_(v)); }

// A value that passes unchanged (format fp32, empirical analysis) still feeds amax and counters;
// there is no rounding error, so the error sums stay for rounded values.
template <class T> inline T pass_through(Counters &c, bool full, T v) {
  if (AUTOSCALE_LIKELY(std::isfinite(v))) {
    if (full) bump(c.quantized);
    raise_amax_of(c, v);
    return v;
  }
  if (std::isinf(v)) raise_amax(c, INFINITY);
  if (!full) return v;
  bump(c.quantized);
  if (std::isnan(v)) {
    bump(c.nan_in);
    bump(c.nan_out);
  } else {
    bump(c.inf_in);
    bump(c.inf_out);
  }
  return v;
}

// v over its scale, rounded once at most: the quotient is formed in double, where a float over a
// power of two is exact at any magnitude (no float subnormal on the way, which would round x
// before the format does: bf16 under a scale above 1), a double over one is exact short of
// double's own range, and a quotient by any other scale is rounded once to 53 bits, which the
// format's rounding to at most 11 bits cannot then turn the other way (53 >= 2p + 2: Figueroa,
// "When is double rounding innocuous?"). The same holds for the hot path, which only takes powers
// of two.
inline double quotient(float v, ScalePair sp) {
  return sp.inverse != 0.0f ? static_cast<double>(v) * sp.inverse : static_cast<double>(v) / sp.scale;
}
inline double quotient(double v, ScalePair sp) {
  return sp.inverse != 0.0f ? v * static_cast<double>(sp.inverse) : v / static_cast<double>(sp.scale);
}

// x (finite v over its scale) rounds beyond the format's max: to inf or NaN, or, saturating, to
// the max from a value that would not round to it. Values between the max and the midpoint to the
// next binade round to the max by round-to-nearest-even and are not overflows.
template <int F> inline bool overflows(double x, double r, int saturate) {
  if (!saturate) return !std::isfinite(r);
  return std::fabs(r) == static_cast<double>(autoscale_format_max(F)) && !std::isfinite(autoscale_round_double(x, F, 0));
}

// Every value, by the definitions: zero, NaN, inf, overflow, underflow, subnormal results, scales
// without an exact inverse. With statistics amax only the amax is recorded.
//
// An inf is no value the format rounds: it is kept, as the program as written carries it (inf
// where it meets finite values, NaN from inf * 0), and counted. Saturation clamps finite overflow
// only; clamped, an inf would become a finite value the program never computed. A NaN becomes the
// format's NaN (one payload, whatever the input's: an operation on two NaNs returns either).
//
// The error sums take |q - v| and |v| of every finite v. A finite v whose q is not finite (an
// overflow without saturation: inf or NaN; or a dequantised value beyond the type's range) has
// lost everything: it adds |v| to both sums, a relative error of 1 for that value.
template <class T, int F>
__attribute__((noinline)) T quantize_general(const SiteState *st, Counters &c, uint64_t lane, bool full, ScalePair sp,
                                             T v) {
  KeepFloatFlags flags;  // the rounding and the sums in double are the runtime's, not the program's
  if (std::isinf(v)) return pass_through(c, full, v);
  const double x = quotient(v, sp);
  const double r = autoscale_round_double(x, F, st->saturate);
  const T q = static_cast<T>(r * static_cast<double>(sp.scale));  // r has <= 11 bits: exact in double
  if (std::isnan(v)) {
    if (full) bump(c.quantized), bump(c.nan_in), bump(c.nan_out);
    return q;
  }
  raise_amax_of(c, v);
  if (!full) return q;
  bump(c.quantized);
  if (overflows<F>(x, r, st->saturate)) {
    bump(c.overflows);
  } else if (r == 0 && v != 0) {
    bump(c.underflows);
  } else if (r != 0 && std::fabs(r) < static_cast<double>(st->fmt_min_normal)) {
    bump(c.subnormals);
  }
  if (std::isnan(q)) {
    bump(c.nan_out);
  } else if (std::isinf(q)) {
    bump(c.inf_out);
  }
  const double lost = std::isfinite(q) ? std::fabs(static_cast<double>(q) - static_cast<double>(v)) : std::fabs(static_cast<double>(v));
  add(c.error_sum[lane], lost);
  add(c.value_sum[lane], std::fabs(static_cast<double>(v)));
  return q;
}

// The hot path's common case (hot_path.h), for the general paths to take first.
inline bool round_fast(const SiteState *st, const ThreadSlot &slot, float v, float *q) {
  const uint32_t bits = autoscale_round_f_(st, load_relaxed(slot.range_f), v);
  *q = autoscale_bits_float_(bits);
  return bits != AUTOSCALE_OUT_OF_LINE_F_;
}
inline bool round_fast(const SiteState *st, const ThreadSlot &slot, double v, double *q) {
  const uint64_t bits = autoscale_round_d_(st, load_relaxed(slot.range_d), v);
  *q = autoscale_bits_double_(bits);
  return bits != AUTOSCALE_OUT_OF_LINE_D_;
}
inline void record_rounded(Counters &c, uint64_t lane, bool full, const ThreadSlot &slot, float v, float q) {
  autoscale_record_rounded_f_(&c, lane, full, load_relaxed(slot.range_f), v, q);
}
inline void record_rounded(Counters &c, uint64_t lane, bool full, const ThreadSlot &slot, double v, double q) {
  autoscale_record_rounded_d_(&c, lane, full, load_relaxed(slot.range_d), v, q);
}

// Rounds v under the scale of the tensor active in slot `k` of a thread's block t to format F
// (fp32, or a tensor calibrating alone: passes it), and records it in the tensor's counters, lane
// `lane`. A value that is not finite is also offered as the process's first (nonfinite_origin.h).
template <class T, int F> inline T quantize_in(const SiteState *st, ThreadSite &t, int k, uint64_t lane, T v) {
  ThreadSlot &slot = t.slot[k];
  const bool full = st->full;
  T q;
  if constexpr (F == AUTOSCALE_FP32) {
    q = pass_through(slot.c, full, v);
  } else {
    if (AUTOSCALE_LIKELY(round_fast(st, slot, v, &q))) {
      record_rounded(slot.c, lane, full, slot, v, q);
      return q;  // the common case's values are finite
    }
    // A calibrating tensor's range is empty: all its values but zero come here.
    q = __atomic_load_n(&st->calibrating_alone[t.active[k]], __ATOMIC_RELAXED)
            ? pass_through(slot.c, full, v)
            : quantize_general<T, F>(st, slot.c, lane, full, scale_pair(load_relaxed(slot.scale)), v);
  }
  if (AUTOSCALE_UNLIKELY(!std::isfinite(q))) note_nonfinite(st, slot, v, q);
  return q;
}

// A result the site records as it is (it rounded its operands, or passes them).
template <class T> inline void record_result(const SiteState *st, ThreadSlot &out, T v) {
  pass_through(out.c, st->full, v);
  if (AUTOSCALE_UNLIKELY(!std::isfinite(v))) note_nonfinite(st, out, v, v);
}

// The format the site rounds to now (AUTOSCALE_FP32 during empirical analysis).
inline int format_now(const SiteState *st) {
  return __atomic_load_n(&st->pass, __ATOMIC_RELAXED) ? AUTOSCALE_FP32 : st->format;
}

// Whether a sum's rounding q of v = a + b, at the output slot `out`, lost an operand whole: the
// larger rounds alone to q (autoscale_may_absorb_f_, autoscale.h).
inline bool may_absorb(float a, float b, float v, int mant_bits, float *big) {
  return autoscale_may_absorb_f_(a, b, v, mant_bits, big) != 0;
}
inline bool may_absorb(double a, double b, double v, int mant_bits, double *big) {
  return autoscale_may_absorb_d_(a, b, v, mant_bits, big) != 0;
}
template <class T> inline bool absorbed(const SiteState *st, const ThreadSlot &out, T a, T b, T v, T q) {
  const int format = format_now(st);
  T big, rounded;
  return st->round_output && format != AUTOSCALE_FP32 &&
         may_absorb(a, b, v, autoscale_format_desc_of_(format).mant_bits, &big) && round_fast(st, out, big, &rounded) &&
         rounded == q;
}


// The lane of the error sums of the calling thread's next execution: the hot path's.
inline uint64_t lane_of(const ThreadSite &t) { return autoscale_lane_(&t); }

// Counts one execution in the calling thread's block t as the hot path does (its window count
// flushes the calling thread's block, which is t); returns r.
template <class T> inline T count_execution(SiteState *st, ThreadSite &t, T r) {
  autoscale_count_(st, &t);
  return r;
}

}  // namespace autoscale::detail

#endif
