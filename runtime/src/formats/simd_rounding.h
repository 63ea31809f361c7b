// SIMD rounding and counting shared by the runtime's loop kernels (vector_loops.cpp,
// loop_programs.cpp): 8 float lanes in GCC vector extensions, rounded as the inline path
// (hot_path.h) rounds them, lane by lane, and a block's statistics (BlockTally). The functions here are forced inline into their callers, which are compiled for AVX2 and
// for the baseline and picked at load time (AUTOSCALE_SIMD_CLONES). Internal to the runtime.
#ifndef AUTOSCALE_SRC_SIMD_ROUNDING_H
#define AUTOSCALE_SRC_SIMD_ROUNDING_H

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "autoscale/autoscale.h"

namespace autoscale::detail {

using U8 = uint32_t __attribute__((vector_size(32)));
using U4x64 = uint64_t __attribute__((vector_size(32)));
using F8 = float __attribute__((vector_size(32)));
using D4 = double __attribute__((vector_size(32)));

// No AVX-512 clone: one (x86-64-v4, the same 8 lanes with mask registers) made the GPT-2 trainer
// slower (docs/PERFORMANCE.md, design choices).
#if defined(__x86_64__) && defined(__ELF__)
#define AUTOSCALE_SIMD_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define AUTOSCALE_SIMD_CLONES  // the target's baseline vectors only
#endif

// Vector arguments change the ABI between the clones; these helpers are forced inline into them.
#pragma GCC diagnostic ignored "-Wpsabi"
AUTOSCALE_FORCE_INLINE inline D4 widen_low(F8 v) { return __builtin_convertvector(__builtin_shufflevector(v, v, 0, 1, 2, 3), D4); }
AUTOSCALE_FORCE_INLINE inline D4 widen_high(F8 v) { return __builtin_convertvector(__builtin_shufflevector(v, v, 4, 5, 6, 7), D4); }
AUTOSCALE_FORCE_INLINE inline double sum_of(D4 v) { return (v[0] + v[1]) + (v[2] + v[3]); }
AUTOSCALE_FORCE_INLINE inline uint32_t max_of(U8 v) {
  uint32_t m = 0;
  for (int l = 0; l < 8; ++l) m = std::max(m, v[l]);
  return m;
}
// Error sums of a block go in float lanes of at most 8 values (a block is at most 64 lanes), widened
// to double once: within 7 float roundings of exact, relative 4.2e-7. |q - v| <= |v| on the inline
// path, so where every |v| is below 2^124 (these float bits) no lane's sum of 8 overflows (2^127);
// a block with larger magnitudes sums in double.
constexpr uint32_t kFloatSumsBelow = 0x7D800000u;
// A block's float sums, lane pairs added in double.
AUTOSCALE_FORCE_INLINE inline D4 widened(F8 v) { return widen_low(v) + widen_high(v); }

AUTOSCALE_FORCE_INLINE inline bool any(U8 mask) {
  const U4x64 w = (U4x64)mask;
  return (w[0] | w[1] | w[2] | w[3]) != 0;
}
// 8 operand values from p with stride (1: one load; 0: a broadcast; else gathered).
AUTOSCALE_FORCE_INLINE inline U8 load8(const float *p, std::ptrdiff_t stride) {
  U8 v;
  if (stride == 1) {
    __builtin_memcpy(&v, p, sizeof v);
  } else {
    for (int l = 0; l < 8; ++l) v[l] = autoscale_float_bits_(p[l * stride]);
  }
  return v;
}
// One operand's 8 values rounded as the inline path rounds them (autoscale_round_f_, hot_path.h,
// at a site whose format drops `drop` bits: half and mask its rounding step's), lane by lane;
// `bad` collects the lanes it hands out of line. Most blocks lie in their range, where the
// rounding step alone applies; the whole formula, whose branches the compiler turns into selects
// over the 8 lanes, costs twice that.
AUTOSCALE_FORCE_INLINE inline U8 round8(U8 v, uint64_t range, uint32_t half, uint32_t mask, uint32_t drop, U8 &bad) {
  const U8 abs = v & 0x7FFFFFFFu;
  const U8 normal_q = AUTOSCALE_RNE_ADD_(v, half, drop) & mask;
  if (__builtin_expect(!any(~(U8)AUTOSCALE_IN_RANGE_(abs, range)), 1)) return normal_q;
  autoscale_site_state format{};  // what autoscale_round_f_ reads of a site, in a local: a select may load it
  format.half_f = half, format.mask_f = mask, format.drop_f = static_cast<int>(drop);
  U8 q;
  for (int l = 0; l < 8; ++l) q[l] = autoscale_round_f_(&format, range, autoscale_bits_float_(v[l]));
  bad |= (U8)(q == AUTOSCALE_OUT_OF_LINE_F_);
  return q;
}

// What a block adds to one tensor's counters: autoscale_record_rounded_f_ and
// autoscale_record_value_f_ (hot_path.h) summed over its values.
struct BlockTotals {
  double error = 0, value = 0;
  uint32_t amax = 0;
  uint64_t subnormals = 0, underflows = 0;
  uint64_t absorbed = 0;  // sums that lost an operand whole (counted by the loop programs)
};

// One tensor's statistics over a block of at most kBlockValues values, taken 8 at a time; the one
// place the loop kernels (vector loops, loop programs) count what they round. Everything but the
// error sums is exact. Those a block sums in float lanes of at most kBlockValues / 8 values, widened
// to double once (kFloatSumsBelow), so they are within 1e-6 relative of the scalar calls' double
// sums, each execution's added alone.
constexpr int kBlockValues = 64;
struct BlockTally {
  F8 error = {}, value = {};
  U8 amax = {}, below = {};  // below: the lanes of any chunk whose |q| lies below the range

  // 8 values v, rounded to q under range word `range`: q - v is exact (Sterbenz), as the inline
  // path's. With statistics amax (not full) only the maximum is kept.
  AUTOSCALE_FORCE_INLINE void rounded(U8 v, U8 q, uint64_t range, bool full) {
    const U8 abs = v & 0x7FFFFFFFu;
    amax = amax > abs ? amax : abs;
    if (!full) return;
    error += (F8)(((U8)((F8)q - (F8)v)) & 0x7FFFFFFFu);
    value += (F8)abs;
    below |= (U8)((q & 0x7FFFFFFFu) < static_cast<uint32_t>(range));
  }
  // 8 values recorded as they are: the maximum only.
  AUTOSCALE_FORCE_INLINE void recorded(U8 v) {
    const U8 abs = v & 0x7FFFFFFFu;
    amax = amax > abs ? amax : abs;
  }
  // The block's totals; v and q hold its m rounded values and their results, which the two rare
  // cases read again: magnitudes from 2^124 on sum in double, and where any result lies below the
  // range, a nonzero q there is a subnormal, a zero q from a nonzero v an underflow.
  AUTOSCALE_FORCE_INLINE BlockTotals totals(const float *v, const float *q, int m, uint64_t range, bool full) const {
    BlockTotals t;
    t.amax = max_of(amax);
    if (!full) return t;
    if (t.amax < kFloatSumsBelow) {
      t.error = sum_of(widened(error));
      t.value = sum_of(widened(value));
    } else {
      for (int k = 0; k < m; ++k) {
        t.error += static_cast<double>(__builtin_fabsf(q[k] - v[k]));
        t.value += static_cast<double>(__builtin_fabsf(v[k]));
      }
    }
    if (!any(below)) return t;
    for (int k = 0; k < m; ++k) {
      const uint32_t aq = autoscale_float_bits_(q[k]) & 0x7FFFFFFFu, av = autoscale_float_bits_(v[k]) & 0x7FFFFFFFu;
      if (aq < static_cast<uint32_t>(range)) (aq != 0 ? t.subnormals : t.underflows) += aq != 0 || av != 0;
    }
    return t;
  }
};

}  // namespace autoscale::detail

#endif
