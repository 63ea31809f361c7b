// autoscale_dot_* and autoscale_axpy_*: a loop of one multiply site's executions (autoscale.h), run
// as that loop of scalar calls would run it: the same results and counters (the error sums within
// 1e-6 relative: blocks of floats sum theirs in float first, BlockTally).
//
// The scalar call pays for being one call: it finds the thread's block, checks the tensors, loads
// the range words, and updates every counter through memory, once per element. A run keeps all of
// that in registers between two points where the scalar path could see anything change: a window
// count (when the block's `left` reaches 0, a roll may publish new scales), and an execution the
// inline path hands out of line (NaN, inf, overflow, a float subnormal operand, a new scale's first
// values), which goes through the scalar call itself. Executions one by one add their error sums
// lane by lane (the lane of an execution is the block's `left` before it, hot_path.h), in
// execution order, only in locals; float blocks add theirs per block.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <type_traits>

#include "autoscale/autoscale.h"
#include "formats/simd_rounding.h"
#include "sites/site_calls.h"
#include "sites/site_quantize.h"
#include "sites/steps.h"
#include "sites/thread_counters.h"

namespace autoscale::detail {
namespace {

// What differs between float and double: the bits, the hot path's rounding and range word, and the
// header's scalar call. Forced inline, like the hot path itself: the run's loop is only fast when
// all of it is one function.
template <class T> struct Type;
template <> struct Type<float> {
  using Bits = uint32_t;
  static constexpr Bits kOutOfLine = AUTOSCALE_OUT_OF_LINE_F_;
  AUTOSCALE_FORCE_INLINE static uint64_t range(const ThreadSlot &s) { return load_relaxed(s.range_f); }
  AUTOSCALE_FORCE_INLINE static Bits round(const SiteState *st, uint64_t range, float v) { return autoscale_round_f_(st, range, v); }
  AUTOSCALE_FORCE_INLINE static float value(Bits b) { return autoscale_bits_float_(b); }
  // |q| below the range's smallest normal value (the range word's low half), as the hot path tests it.
  AUTOSCALE_FORCE_INLINE static bool below_range(float q, uint64_t range) {
    return (autoscale_float_bits_(q) & 0x7FFFFFFFu) < static_cast<uint32_t>(range);
  }
  AUTOSCALE_FORCE_INLINE static uint32_t amax_bits(float v) { return autoscale_float_bits_(v) & 0x7FFFFFFFu; }
  AUTOSCALE_FORCE_INLINE static double error(float v, float q) { return static_cast<double>(__builtin_fabsf(q - v)); }
  AUTOSCALE_FORCE_INLINE static double magnitude(float v) { return static_cast<double>(__builtin_fabsf(v)); }
  AUTOSCALE_FORCE_INLINE static bool finite(float v) { return autoscale_finite_f_(v); }
  AUTOSCALE_FORCE_INLINE static float scalar(autoscale_site *s, float a, float b, const void *ka, const void *kb) {
    return autoscale_mul_tensors_f(s, a, b, ka, kb);
  }
};
template <> struct Type<double> {
  using Bits = uint64_t;
  static constexpr Bits kOutOfLine = AUTOSCALE_OUT_OF_LINE_D_;
  AUTOSCALE_FORCE_INLINE static uint64_t range(const ThreadSlot &s) { return load_relaxed(s.range_d); }
  AUTOSCALE_FORCE_INLINE static Bits round(const SiteState *st, uint64_t range, double v) { return autoscale_round_d_(st, range, v); }
  AUTOSCALE_FORCE_INLINE static double value(Bits b) { return autoscale_bits_double_(b); }
  AUTOSCALE_FORCE_INLINE static bool below_range(double q, uint64_t range) {
    return (static_cast<uint32_t>(autoscale_double_bits_(q) >> 32) & 0x7FFFFFFFu) < static_cast<uint32_t>(range);
  }
  AUTOSCALE_FORCE_INLINE static uint32_t amax_bits(double v) { return autoscale_abs_bits_d_(v); }
  AUTOSCALE_FORCE_INLINE static double error(double v, double q) { return __builtin_fabs(q - v); }
  AUTOSCALE_FORCE_INLINE static double magnitude(double v) { return __builtin_fabs(v); }
  AUTOSCALE_FORCE_INLINE static bool finite(double v) { return autoscale_finite_d_(v); }
  AUTOSCALE_FORCE_INLINE static double scalar(autoscale_site *s, double a, double b, const void *ka, const void *kb) {
    return autoscale_mul_tensors_d(s, a, b, ka, kb);
  }
};

// One slot's counters over a run, in locals: autoscale_record_rounded_* (hot_path.h) step by step.
// The error sums are kept by the execution's index modulo the lane count (`at`), which is a fixed
// rotation of its lane within a run (the lane is the block's `left` before the execution, which
// falls by one per execution), so unrolled code indexes them with constants and keeps them in
// registers.
template <class T, bool Full> struct RunCounters {
  uint64_t quantized = 0, subnormals = 0, underflows = 0;
  uint32_t amax = 0;
  double error[kLanes], value[kLanes];

  static int lane_at(uint64_t left, int at) { return static_cast<int>((left - static_cast<uint64_t>(at)) % kLanes); }
  RunCounters(const Counters &c, uint64_t left) {
    for (int at = 0; at < kLanes; ++at) {
      error[at] = load_relaxed(c.error_sum[lane_at(left, at)]);
      value[at] = load_relaxed(c.value_sum[lane_at(left, at)]);
    }
  }
  template <int At> AUTOSCALE_FORCE_INLINE void record(uint64_t range, T v, T q) {
    if constexpr (Full) {
      ++quantized;
      error[At] += Type<T>::error(v, q);
      value[At] += Type<T>::magnitude(v);
      if (Type<T>::below_range(q, range)) {
        if (q != 0) ++subnormals;
        else if (v != 0) ++underflows;
      }
    }
    amax = std::max(amax, Type<T>::amax_bits(v));
  }
  // A block of m executions: its sums go to the lane of index 0.
  void add_block(int m, const BlockTotals &block) {
    if constexpr (Full) {
      quantized += static_cast<uint64_t>(m);
      subnormals += block.subnormals;
      underflows += block.underflows;
      error[0] += block.error;
      value[0] += block.value;
    }
    amax = std::max(amax, block.amax);
  }
  void store(Counters &c, uint64_t left) const {
    store_relaxed(c.quantized, c.quantized + quantized);
    store_relaxed(c.subnormals, c.subnormals + subnormals);
    store_relaxed(c.underflows, c.underflows + underflows);
    for (int at = 0; at < kLanes; ++at) {
      store_relaxed(c.error_sum[lane_at(left, at)], error[at]);
      store_relaxed(c.value_sum[lane_at(left, at)], value[at]);
    }
    autoscale_raise_(&c, amax);
  }
};

// Where a run's executions read their operands: execution i multiplies a[i * as] by b[i * bs]
// (stride 0: the same value throughout, axpy's alpha).
template <class T> struct Operands {
  const T *a;
  std::ptrdiff_t as;
  const T *b;
  std::ptrdiff_t bs;
  AUTOSCALE_FORCE_INLINE std::pair<T, T> operator()(std::size_t i) const {
    const auto k = static_cast<std::ptrdiff_t>(i);
    return {a[k * as], b[k * bs]};
  }
  Operands from(std::size_t i) const {
    const auto k = static_cast<std::ptrdiff_t>(i);
    return {a + k * as, as, b + k * bs, bs};
  }
};

// Blocks of float executions in SIMD registers, for runs where the inline path would round every
// value itself (in its tensor's range, or in the band below it: the same formulas, lane by lane).
// A block that holds anything else changes nothing and the run takes its values one by one.
// Compiled for AVX2 and for the baseline, picked at load time (GCC's target_clones).
// What a block does not keep exactly: the error sums (BlockTally).
constexpr int kBlock = kBlockValues;  // executions per block call: the dispatch costs one indirect call

// A block's statistics; a run adds them to its own once the block is taken.
struct BlockSums {
  BlockTotals a, b;
  uint32_t amax_r = 0;
};

// m (a multiple of 8, at most kBlock) executions with operands in.a[k * in.as], in.b[k * in.bs]:
// the products into r[k], the statistics into s, and with sum (a dot) the products added to *sum
// one by one in order, as the loop adds them; or false when the inline path would decline any
// operand or (output) a product is not finite, and then nothing is changed. One pass rounds,
// takes the maxima, the sum and the error sums (BlockTally).
template <bool Sums>
AUTOSCALE_SIMD_CLONES bool float_block(const SiteState *st, uint64_t range_a, uint64_t range_b, Operands<float> in,
                                       int m, bool full, bool output, float *r, float *sum, BlockSums &s) {
  const uint32_t half = st->half_f, mask = st->mask_f, drop = static_cast<uint32_t>(st->drop_f);
  alignas(32) float a_values[kBlock], b_values[kBlock], qa_values[kBlock], qb_values[kBlock];
  U8 bad = {};
  BlockTally tally_a, tally_b, tally_r;
  float acc = Sums ? *sum : 0.0f;
  for (int k = 0; k < m; k += 8) {
    const U8 va = load8(in.a + k * in.as, in.as), vb = load8(in.b + k * in.bs, in.bs);
    const U8 qa = round8(va, range_a, half, mask, drop, bad), qb = round8(vb, range_b, half, mask, drop, bad);
    const F8 product = (F8)qa * (F8)qb;
    if (output) bad |= (U8)(((U8)product & 0x7FFFFFFFu) >= 0x7F800000u);
    if constexpr (Sums)
      for (int l = 0; l < 8; ++l) acc += product[l];
    __builtin_memcpy(r + k, &product, sizeof product);
    __builtin_memcpy(a_values + k, &va, sizeof va);
    __builtin_memcpy(b_values + k, &vb, sizeof vb);
    __builtin_memcpy(qa_values + k, &qa, sizeof qa);
    __builtin_memcpy(qb_values + k, &qb, sizeof qb);
    // The error sums in the same pass: a dot's pass waits on its sum, one add after another, and
    // these fill some of that time (docs/PERFORMANCE.md, design choices).
    tally_a.rounded(va, qa, range_a, full);
    tally_b.rounded(vb, qb, range_b, full);
    tally_r.recorded((U8)product);
  }
  if (any(bad)) return false;
  if constexpr (Sums) *sum = acc;
  s.a = tally_a.totals(a_values, qa_values, m, range_a, full);
  s.b = tally_b.totals(b_values, qb_values, m, range_b, full);
  s.amax_r = max_of(tally_r.amax);
  return true;
}

// Up to `run` executions (within one window) in the common case, from execution i; returns how
// many it did: fewer when the inline path would decline the next one.
template <class T, bool Full, bool Output, class Take>
std::size_t run_inline(SiteState *st, ThreadSite &t, std::size_t i, std::size_t run, Operands<T> operands,
                       Take &taker) {
  Take take = taker;  // a copy in locals: a sum it keeps stays in a register
  using W = Type<T>;
  const uint64_t left = load_relaxed(t.left);
  const uint64_t range_a = W::range(t.slot[0]), range_b = W::range(t.slot[1]);
  RunCounters<T, Full> ca(t.slot[0].c, left), cb(t.slot[1].c, left);
  uint64_t out_quantized = 0;
  uint32_t out_amax = 0;
  // Execution j, which the caller knows to be `at` modulo the lane count; false (and j stays) when
  // the inline path would decline it.
  std::size_t j = 0;
  auto step = [&](auto at) __attribute__((always_inline)) {
    const auto [a, b] = operands(i + j);
    const typename W::Bits qa_bits = W::round(st, range_a, a), qb_bits = W::round(st, range_b, b);
    const T qa = W::value(qa_bits), qb = W::value(qb_bits), r = qa * qb;
    if ((qa_bits == W::kOutOfLine) | (qb_bits == W::kOutOfLine) | (Output && !W::finite(r))) return false;
    ca.template record<at()>(range_a, a, qa);
    cb.template record<at()>(range_b, b, qb);
    if constexpr (Output) {
      out_quantized += Full;
      out_amax = std::max(out_amax, W::amax_bits(r));
    }
    take(i + j, r);
    ++j;
    return true;
  };
  static_assert(kLanes == 4, "the unrolled loop below has a step per lane");
  using Zero = std::integral_constant<int, 0>;
  using One = std::integral_constant<int, 1>;
  using Two = std::integral_constant<int, 2>;
  using Three = std::integral_constant<int, 3>;
  bool taken = true;
  if constexpr (std::is_same_v<T, float>) {
    // Blocks while the inline path would round all their values; a block that holds anything else
    // goes by steps.
    float r[kBlock];
    BlockSums s;
    while (taken && run - j >= 8) {
      const int m = static_cast<int>(std::min<std::size_t>(kBlock, (run - j) & ~std::size_t(7)));
      if (float_block<Take::kSums>(st, range_a, range_b, operands.from(i + j), m, Full, Output, r, take.block_sum(), s)) {
        ca.add_block(m, s.a);
        cb.add_block(m, s.b);
        if constexpr (Output) {
          out_quantized += Full ? static_cast<uint64_t>(m) : 0;
          out_amax = std::max(out_amax, s.amax_r);
        }
        take.block(i + j, r, m);
        j += static_cast<std::size_t>(m);
      } else {
        const std::size_t end = j + static_cast<std::size_t>(m);
        while (j < end && (taken = step(Zero{}) && step(One{}) && step(Two{}) && step(Three{}))) {
        }
      }
    }
  }
  while (taken && j + 4 <= run && (taken = step(Zero{}) && step(One{}) && step(Two{}) && step(Three{}))) {
  }
  if (taken)  // the last few
    while (j < run && (j % 4 == 0 ? step(Zero{}) : j % 4 == 1 ? step(One{}) : j % 4 == 2 ? step(Two{}) : step(Three{}))) {
    }
  ca.store(t.slot[0].c, left);
  cb.store(t.slot[1].c, left);
  Counters &out = t.slot[AUTOSCALE_SLOT_OUTPUT].c;
  store_relaxed(out.quantized, out.quantized + out_quantized);
  autoscale_raise_(&out, out_amax);
  store_relaxed(t.left, left - j);
  taker = take;
  return j;
}

// n executions of the multiply site: operands(i) gives execution i's operands (slot 0, slot 1),
// take(i, r) consumes its product. keys: the operands' tensors. one_by_one: every execution
// through the scalar call (as does a site that does not round its inputs).
template <class T, class Take>
void run_site(autoscale_site *site, std::size_t n, Operands<T> operands, Take &take, const void *key_a, const void *key_b,
              bool one_by_one = false) {
  auto scalar = [&](std::size_t i) {
    const auto [a, b] = operands(i);
    take(i, Type<T>::scalar(site, a, b, key_a, key_b));
  };
  std::size_t i = 0;
  if (one_by_one || site->rounding != AUTOSCALE_ROUND_INPUTS || site->format == AUTOSCALE_FP32) {
    for (; i < n; ++i) scalar(i);
    return;
  }
  while (i < n) {
    SiteState *st = entered_state_of(site);
    if (__atomic_load_n(&st->pass, __ATOMIC_RELAXED)) {  // empirical analysis: recorded as it passes
      scalar(i++);
      continue;
    }
    ThreadSite &t = thread_site(st);
    const void *keys[kSlots] = {key_a, key_b, nullptr, nullptr};
    use_tensors(st, t, {0, 1}, keys);
    // A run ends at the window count, as the scalar calls' would.
    const uint64_t left = load_relaxed(t.left);
    const std::size_t run = static_cast<std::size_t>(std::min<uint64_t>(n - i, left));
    const std::size_t done =
        st->full ? (st->record_output ? run_inline<T, true, true>(st, t, i, run, operands, take)
                                      : run_inline<T, true, false>(st, t, i, run, operands, take))
                 : (st->record_output ? run_inline<T, false, true>(st, t, i, run, operands, take)
                                      : run_inline<T, false, false>(st, t, i, run, operands, take));
    i += done;
    if (done < run || run == 0) scalar(i++);       // the execution the inline path declines
    else if (left == done) flush_window(st, t);    // the window count the last execution reached
  }
}

// The dot's consumer: the sum, in the operation's type, as the loop's `acc += product` adds; a
// float block adds its products itself, in the same order.
template <class T> struct Sum {
  static constexpr bool kSums = true;
  T acc;
  void operator()(std::size_t, T r) { acc += r; }
  T *block_sum() { return &acc; }
  void block(std::size_t, const T *, int) {}
};

template <class T>
T dot(autoscale_site *site, T acc, std::size_t n, const T *a, std::ptrdiff_t as, const T *b, std::ptrdiff_t bs,
      const void *ka, const void *kb) {
  Sum<T> sum{acc};
  run_site<T>(site, n, Operands<T>{a, as, b, bs}, sum, ka, kb);
  return sum.acc;
}

// Whether n elements of x (stride xs) and of y (stride ys) share an address.
template <class T> bool overlap(std::size_t n, const T *x, std::ptrdiff_t xs, const T *y, std::ptrdiff_t ys) {
  if (n == 0) return false;
  const std::ptrdiff_t last = static_cast<std::ptrdiff_t>(n - 1);
  const T *x_lo = std::min(x, x + last * xs), *x_hi = std::max(x, x + last * xs);
  const T *y_lo = std::min(y, y + last * ys), *y_hi = std::max(y, y + last * ys);
  return !(x_hi < y_lo || y_hi < x_lo);
}

// The axpy's consumer: y[i * ys] += product.
template <class T> struct AddTo {
  static constexpr bool kSums = false;
  T *y;
  std::ptrdiff_t ys;
  void operator()(std::size_t i, T r) { y[static_cast<std::ptrdiff_t>(i) * ys] += r; }
  T *block_sum() { return nullptr; }
  void block(std::size_t i, const T *r, int m) {
    T *at = y + static_cast<std::ptrdiff_t>(i) * ys;
    if (ys == 1) {
      for (int k = 0; k < m; ++k) at[k] += r[k];  // vectorised
    } else {
      for (int k = 0; k < m; ++k) at[k * ys] += r[k];
    }
  }
};

template <class T>
void axpy(autoscale_site *site, std::size_t n, T alpha, int alpha_slot, const T *x, std::ptrdiff_t xs, T *y,
          std::ptrdiff_t ys, const void *k_alpha, const void *kx) {
  const Operands<T> operands = alpha_slot == 0 ? Operands<T>{&alpha, 0, x, xs} : Operands<T>{x, xs, &alpha, 0};
  AddTo<T> take{y, ys};
  // When y overlaps x, y's updates feed later operands: the loop itself, one call at a time.
  const bool overlapping = overlap(n, x, xs, static_cast<const T *>(y), ys);
  run_site<T>(site, n, operands, take, alpha_slot == 0 ? k_alpha : kx, alpha_slot == 0 ? kx : k_alpha, overlapping);
}

}  // namespace
}  // namespace autoscale::detail

using namespace autoscale::detail;

extern "C" {

float autoscale_dot_f(autoscale_site *site, float acc, size_t n, const float *a, ptrdiff_t a_stride, const float *b,
                      ptrdiff_t b_stride, const void *tensor_a, const void *tensor_b) {
  return dot(site, acc, n, a, a_stride, b, b_stride, tensor_a, tensor_b);
}
double autoscale_dot_d(autoscale_site *site, double acc, size_t n, const double *a, ptrdiff_t a_stride, const double *b,
                       ptrdiff_t b_stride, const void *tensor_a, const void *tensor_b) {
  return dot(site, acc, n, a, a_stride, b, b_stride, tensor_a, tensor_b);
}
void autoscale_axpy_f(autoscale_site *site, size_t n, float alpha, int alpha_slot, const float *x, ptrdiff_t x_stride,
                      float *y, ptrdiff_t y_stride, const void *tensor_alpha, const void *tensor_x) {
  axpy(site, n, alpha, alpha_slot, x, x_stride, y, y_stride, tensor_alpha, tensor_x);
}
void autoscale_axpy_d(autoscale_site *site, size_t n, double alpha, int alpha_slot, const double *x,
                      ptrdiff_t x_stride, double *y, ptrdiff_t y_stride, const void *tensor_alpha,
                      const void *tensor_x) {
  axpy(site, n, alpha, alpha_slot, x, x_stride, y, y_stride, tensor_alpha, tensor_x);
}

}  // extern "C"
