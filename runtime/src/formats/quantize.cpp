// The CPU quantisation engine (quantize.h). The element loop is format.h's rounding written so GCC
// vectorises it: the format, what is emitted and the quotient path are template parameters, so
// the rounding inlines to branch-free integer code, and target_clones builds AVX-512 and AVX2
// versions chosen at load time. The driver around it splits the matrix into items for the OpenMP
// threads and feeds strided input through a small gather buffer, in tiles that keep the cache
// lines a transposed read touches in L1.
#include "formats/quantize.h"

#include <algorithm>
#include <cfenv>
#include <cmath>

#include "autoscale/format.h"
#include "autoscale/kernels.h"
#include "check.h"
#include "float_flags.h"
#include "kernels/parallel.h"
#include "formats/format_traits.h"
#include "formats/quantize_element.h"
#include "formats/quotient.h"
#include "scaling/scale_math.h"

#define AUTOSCALE_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#if defined(__GNUC__) && !defined(__clang__)
#define AUTOSCALE_NO_TREE_PRE __attribute__((optimize("no-tree-pre")))
#else
#define AUTOSCALE_NO_TREE_PRE
#endif

namespace autoscale::detail {
namespace {

// |x|'s bits: positive floats order like their bits, and every NaN's exceed inf's, so an unsigned
// max gives NaN when there is one.
inline uint32_t abs_bits(float v) { return autoscale_float_bits_(v) & 0x7FFFFFFFu; }

// What one call rounds with: the scale, its exact inverse (0 when 1/scale is not exact), and what
// replaces an overflow.
struct Rounding {
  float scale, inv;
  Overflow overflow;
  int value_exponent;  // QuantizeJob's
  float folded_inv;    // inv times 2^value_exponent when that is a float normal, else 0
};

// inv 2^value_exponent: what a value of the run is multiplied by to give its emitted value's
// unrounded magnitude (a power of two, so exact wherever that product is a float normal).
float folded_inverse(float inv, int value_exponent) {
  const double f = std::ldexp(double(inv), value_exponent);
  return inv != 0.0f && f >= 0x1p-126 && f <= 0x1p127 ? float(f) : 0.0f;
}

// Counters of one run; a run is at most kRun elements, so 32 bits hold them (and vectorise).
struct RunStats {
  uint32_t amax, over, under;
  uint32_t tiny;  // the fast path met a nonzero float32-subnormal bf16 quotient: redo exactly
};

template <int F, Emit E> struct OutOf {
  using type = uint32_t;  // F32 values: float bits
};
template <int F> struct OutOf<F, Emit::Bf16> {
  using type = uint16_t;
};
template <int F> struct OutOf<F, Emit::Code> {
  using type = typename FormatTraits<F>::Code;
};

// A run of elements: v / scale rounded to F once (fast: times the exact inverse), emitted as E.
// Without no-tree-pre GCC 12 leaves some instances scalar (4 to 10x slower): partial redundancy
// elimination turns the counters' sums into reductions its vectoriser rejects. (omp simd would
// force the vectoriser, but it is lowered before the clones exist and caps every clone at the
// baseline's 16-byte vectors.)
template <int F, Emit E, bool Exact>
AUTOSCALE_NO_TREE_PRE AUTOSCALE_VECTOR_CLONES void quantize_run(const float *__restrict x, size_t n, Rounding r,
                                          typename OutOf<F, E>::type *__restrict out, RunStats *stats) {
  uint32_t amax = 0, over = 0, under = 0, tiny = 0;
  // 2^value_exponent as an addend to the exponent field (modulo 2^32, so negative ones subtract).
  const uint32_t exponent_add = static_cast<uint32_t>(r.value_exponent) << (E == Emit::Bf16 ? 7 : 23);
  for (size_t i = 0; i < n; ++i) {
    const float v = x[i];
    const uint32_t ax = abs_bits(v);
    amax = ax > amax ? ax : amax;
    float data;
    if constexpr (!Exact)
      data = v * r.inv;  // exactly v / scale: 1/scale is exact (a power of two)
    else if constexpr (F == AUTOSCALE_FP32)
      data = v / r.scale;  // fp32 data is the nearest-even quotient itself
    else
      data = odd_quotient(v, r.scale);
    const Element e = quantize_element<F, E>(ax, data, r.overflow);
    over += e.over;
    under += e.under;
    if constexpr (F == AUTOSCALE_BF16 && !Exact) tiny |= (e.a - 1u) < 0x007FFFFFu;  // 0 < |data| < 2^-126
    uint32_t value = e.out;
    if constexpr (E != Emit::Code) {
      // The folded scale: a nonzero finite value's exponent field moves (zero, inf and NaN stay).
      constexpr uint32_t exponent = E == Emit::Bf16 ? 0x7F80u : 0x7F800000u;
      const uint32_t field = value & exponent;
      value += exponent_add & (0u - static_cast<uint32_t>(field - 1u < exponent - 1u));  // branch-free: vectorises
    }
    out[i] = static_cast<typename OutOf<F, E>::type>(value);
  }
  *stats = RunStats{amax, over, under, tiny};
}

// The fast path again, for formats whose values are float normals (e4m3, e5m2, fp16) emitted as
// values, in fewer instructions: the rounding below the format's smallest normal is the FPU's. A
// quotient there is a multiple of the format's subnormal quantum; |data| / quantum (exact: a power
// of two) plus 2^23 rounds to an integer count, nearest-even when MXCSR says nearest, which is the
// only mode this kernel runs in (run() checks), and count * quantum is exact. At and above the
// smallest normal it rounds float32's bits in place, as format.h's autoscale_round_magnitude_ does.
// The same bits and counters as quantize_run, which the tests compare over every float
// (tests/runtime/quantize_nearest_test.cpp). Lanes the selects discard may raise flags: run()
// keeps the caller's.
template <int F, Emit E>
AUTOSCALE_NO_TREE_PRE AUTOSCALE_VECTOR_CLONES void quantize_run_nearest(const float *__restrict x, size_t n,
                                                                       Rounding r,
                                                                       typename OutOf<F, E>::type *__restrict out,
                                                                       RunStats *stats) {
  static_assert(E != Emit::Code && F != AUTOSCALE_FP32 && F != AUTOSCALE_BF16, "values of float-normal formats");
  const autoscale_format_desc_ d = autoscale_format_desc_of_(F);
  const int sh = 23 - d.mant_bits;  // float32 mantissa bits the format drops
  const uint32_t half_less = (1u << (sh - 1)) - 1u, dropped = (1u << sh) - 1u;
  const uint32_t smallest_normal = static_cast<uint32_t>(127 + d.emin) << 23;
  const float quanta_per_unit = autoscale_bits_float_(static_cast<uint32_t>(127 + d.mant_bits - d.emin) << 23);
  const float quantum = autoscale_bits_float_(static_cast<uint32_t>(127 + d.emin - d.mant_bits) << 23);
  uint32_t amax = 0, over = 0, under = 0;
  const uint32_t exponent_add = static_cast<uint32_t>(r.value_exponent) << (E == Emit::Bf16 ? 7 : 23);
  for (size_t i = 0; i < n; ++i) {
    const float v = x[i];
    const uint32_t ax = abs_bits(v);
    amax = ax > amax ? ax : amax;
    const uint32_t db = autoscale_float_bits_(v * r.inv), sign = db & 0x80000000u, a = db ^ sign;
    const uint32_t normal = AUTOSCALE_RNE_ADD_(a, half_less, sh) & ~dropped;
    const float count = (autoscale_bits_float_(a) * quanta_per_unit + 0x1p23f) - 0x1p23f;
    // The selects as masks: GCC vectorises them, where it turns ?: here into branches.
    const uint32_t is_normal = 0u - static_cast<uint32_t>(a >= smallest_normal);
    const uint32_t q = (normal & is_normal) | (autoscale_float_bits_(count * quantum) & ~is_normal);
    under += ((q - 1u) >> 31) & ((0u - ax) >> 31);                     // rounded to zero, x != 0
    over += ((d.max_bits - q) >> 31) & ((ax - 0x7F800000u) >> 31);  // beyond max, x finite
    const uint32_t is_over = 0u - static_cast<uint32_t>(q > d.max_bits);
    const uint32_t is_nan = 0u - static_cast<uint32_t>(a > 0x7F800000u);
    const uint32_t replaced = (d.nan_bits & is_nan) | ((r.overflow.mag | (sign & r.overflow.sign)) & ~is_nan);
    uint32_t value = (replaced & is_over) | ((q | sign) & ~is_over);
    if constexpr (E == Emit::Bf16) value >>= 16;  // the low half is zero: the format is exact in bf16
    constexpr uint32_t exponent = E == Emit::Bf16 ? 0x7F80u : 0x7F800000u;
    const uint32_t field = value & exponent;
    value += exponent_add & (0u - static_cast<uint32_t>(field - 1u < exponent - 1u));
    out[i] = static_cast<typename OutOf<F, E>::type>(value);
  }
  *stats = RunStats{amax, over, under, 0};
}

using U16 = uint32_t __attribute__((vector_size(64)));
using F16 = float __attribute__((vector_size(64)));
using H16 = uint16_t __attribute__((vector_size(32)));
#pragma GCC diagnostic ignored "-Wpsabi"  // the vectors stay inside each clone

// Whether any lane of a mask (0 or all ones) is set: halves ORed down to one lane. Forced inline:
// vector arguments would change the ABI between the clones that call it.
AUTOSCALE_FORCE_INLINE inline bool any_lane(U16 m) {
  const auto h8 = __builtin_shufflevector(m, m, 0, 1, 2, 3, 4, 5, 6, 7) |
                  __builtin_shufflevector(m, m, 8, 9, 10, 11, 12, 13, 14, 15);
  const auto h4 = __builtin_shufflevector(h8, h8, 0, 1, 2, 3) | __builtin_shufflevector(h8, h8, 4, 5, 6, 7);
  const auto h2 = __builtin_shufflevector(h4, h4, 0, 1) | __builtin_shufflevector(h4, h4, 2, 3);
  return (h2[0] | h2[1]) != 0;
}

// The nearest kernel again, for a run whose inverse folds (Rounding::folded_inv), in GCC vectors
// of 16 lanes: a group of 64 elements whose every quotient is zero or a normal of the format within
// its range, as nearly every element of a well-scaled tensor is, takes the normal formula alone, on
// w = v inv 2^value_exponent (v itself when Multiplies is false: the scale folded whole, as the
// GEMM folds a power of two). That product is exact there (a power of two times a float, the result
// a float normal), and rounding it drops the same mantissa bits as rounding the quotient, so its
// rounded bits are the folded value's; the sign rides along, as no carry reaches it in range. Such
// a group counts no over- or underflow. A group with any other element (a subnormal or underflowing
// quotient, one beyond the range, inf, NaN), and the run's last n % 64, are rounded by
// quantize_run_nearest, whose bits and counters stand.
template <int F, Emit E, bool Multiplies>
AUTOSCALE_VECTOR_CLONES void quantize_run_in_range(const float *__restrict x, size_t n, Rounding r,
                                                   typename OutOf<F, E>::type *__restrict out, RunStats *stats) {
  static_assert(E != Emit::Code && F != AUTOSCALE_FP32 && F != AUTOSCALE_BF16, "values of float-normal formats");
  constexpr size_t kLanes = 16, kGroup = 4 * kLanes;
  const autoscale_format_desc_ d = autoscale_format_desc_of_(F);
  const int sh = 23 - d.mant_bits;
  const uint32_t half_less = (1u << (sh - 1)) - 1u, kept = ~((1u << sh) - 1u);
  // The range, tested as a group's largest |w| and smallest nonzero |v|: |w| at most max in the
  // emitted values' binades (modulo 2^32: a negative exponent subtracts; a float normal by
  // value_exponent_folds), and |v| at least the format's smallest normal times the scale and a
  // float normal: a thread running with DAZ (-ffast-math) multiplies a float subnormal as zero,
  // where the full kernel counts the underflow. A magnitude above max that would round down to it
  // counts as outside, and takes the full kernel.
  const uint32_t high = d.max_bits + (static_cast<uint32_t>(r.value_exponent) << 23);
  const uint32_t low = std::max(autoscale_float_bits_(std::ldexp(r.scale, d.emin)), 0x00800000u);
  // After a group that fails, the next `skip` groups go to the full kernel untried, skip doubling
  // while tries fail: a run of values below the range (a sparse gradient, an activation's tail)
  // costs the full kernel's time, not the normal formula's as well.
  constexpr size_t kMostSkipped = 64;
  size_t skip = 0;
  U16 amax = {};
  RunStats rest{0, 0, 0, 0};
  const auto full_kernel = [&](size_t from, size_t count) {
    RunStats s;
    quantize_run_nearest<F, E>(x + from, count, r, out + from, &s);
    rest = RunStats{std::max(rest.amax, s.amax), rest.over + s.over, rest.under + s.under, 0};
  };
  size_t i = 0;
  while (i + kGroup <= n) {
    U16 largest = {}, smallest_less_one = ~U16{};  // |v| - 1: zero wraps to the largest, in range
    for (size_t l = i; l < i + kGroup; l += kLanes) {
      F16 v;
      __builtin_memcpy(&v, x + l, sizeof v);
      const U16 ax = (U16)v & 0x7FFFFFFFu;
      U16 w = (U16)v, a = ax;
      if constexpr (Multiplies) {
        amax = amax > ax ? amax : ax;
        w = (U16)(v * r.folded_inv);
        a = w & 0x7FFFFFFFu;
      }
      largest = largest > a ? largest : a;
      smallest_less_one = smallest_less_one < ax - 1u ? smallest_less_one : ax - 1u;
      const U16 value = AUTOSCALE_RNE_ADD_(w, half_less, sh) & kept;
      if constexpr (E == Emit::Bf16) {
        const H16 bf16 = __builtin_convertvector(value >> 16, H16);  // the low half is zero: exact in bf16
        __builtin_memcpy(out + l, &bf16, sizeof bf16);
      } else {
        __builtin_memcpy(out + l, &value, sizeof value);
      }
    }
    if constexpr (!Multiplies) amax = amax > largest ? amax : largest;
    if (!any_lane((U16)(largest > high) | (U16)(smallest_less_one < low - 1u))) {
      skip = 0;
      i += kGroup;
      continue;
    }
    skip = std::min(kMostSkipped, 2 * skip + 1);
    const size_t groups = std::min(1 + skip, (n - i) / kGroup);
    full_kernel(i, groups * kGroup);
    i += groups * kGroup;
  }
  if (i < n) full_kernel(i, n - i);
  uint32_t m = rest.amax;
  for (size_t l = 0; l < kLanes; ++l) m = amax[l] > m ? amax[l] : m;
  *stats = RunStats{m, rest.over, rest.under, 0};
}

using RunFn = void (*)(const float *, size_t, const Rounding &, void *, RunStats *);

template <int F, Emit E, bool Exact>
void run_erased(const float *x, size_t n, const Rounding &r, void *out, RunStats *stats) {
  quantize_run<F, E, Exact>(x, n, r, static_cast<typename OutOf<F, E>::type *>(out), stats);
}

template <int F, Emit E>
void run_nearest_erased(const float *x, size_t n, const Rounding &r, void *out, RunStats *stats) {
  quantize_run_nearest<F, E>(x, n, r, static_cast<typename OutOf<F, E>::type *>(out), stats);
}

template <int F, Emit E, bool Multiplies>
void run_in_range_erased(const float *x, size_t n, const Rounding &r, void *out, RunStats *stats) {
  quantize_run_in_range<F, E, Multiplies>(x, n, r, static_cast<typename OutOf<F, E>::type *>(out), stats);
}

struct Kernels {
  RunFn fast, exact;  // fast: 1/scale exact; exact: the quotient (quotient.h)
  RunFn nearest;      // fast's bits in MXCSR's round-to-nearest mode only, or null
  RunFn in_range;     // nearest's bits where the inverse folds (Rounding::folded_inv), or null
  RunFn in_range_as_is;  // the same where it folds to 1 (the values rounded as they are)
};

template <int F, Emit E> Kernels kernels_as() {
  constexpr bool normal_values = E != Emit::Code && F != AUTOSCALE_FP32 && F != AUTOSCALE_BF16;
  RunFn nearest = nullptr, in_range = nullptr, in_range_as_is = nullptr;
  if constexpr (normal_values) {
    nearest = run_nearest_erased<F, E>;
    in_range = run_in_range_erased<F, E, true>;
    in_range_as_is = run_in_range_erased<F, E, false>;
  }
  return {run_erased<F, E, false>, run_erased<F, E, true>, nearest, in_range, in_range_as_is};
}

// Whether this thread's float arithmetic rounds to nearest (MXCSR's or the C environment's mode).
bool rounds_to_nearest() {
#if defined(__x86_64__) && defined(__GNUC__)
  return (__builtin_ia32_stmxcsr() & 0x6000u) == 0;  // RC, bits 13-14: 00 is round to nearest
#else
  return std::fegetround() == FE_TONEAREST;
#endif
}

template <int F> Kernels kernels_emitting(Emit emit) {
  switch (emit) {
  case Emit::Code: return kernels_as<F, Emit::Code>();
  case Emit::F32: return kernels_as<F, Emit::F32>();
  case Emit::Bf16:
    if constexpr (FormatTraits<F>::exact_in_bf16) return kernels_as<F, Emit::Bf16>();
    break;
  }
  check_failed(__FILE__, __LINE__, "quantize: %s values are not exact in bf16", autoscale_format_name(F));
}

Kernels kernels_for(int format, Emit emit) {
  return with_format(format, [&](auto f) { return kernels_emitting<f()>(emit); });
}

constexpr size_t kRun = size_t(1) << 16;  // elements per contiguous run (and per item of a long row)
constexpr size_t kGather = 256;           // elements per gathered run
constexpr size_t kTileRows = 16;          // output rows per item when reads are strided

// Adds a run's counters to the item's; a fast run that met a bf16 float32-subnormal quotient is
// redone on the exact path (its counters dropped), which is rare: such values are below 2^-126.
void run(const Kernels &k, const Rounding &r, const float *x, size_t n, void *out, QuantizeStats &st) {
  RunStats s;
  if (r.inv != 0.0f && k.nearest && rounds_to_nearest()) {
    KeepFloatFlags flags;  // the discarded lanes' arithmetic is not the program's
    const RunFn kernel = r.folded_inv == 1.0f ? k.in_range_as_is : r.folded_inv != 0.0f ? k.in_range : k.nearest;
    kernel(x, n, r, out, &s);
  } else if (r.inv != 0.0f) {
    k.fast(x, n, r, out, &s);
    if (s.tiny) k.exact(x, n, r, out, &s);
  } else {
    k.exact(x, n, r, out, &s);
  }
  st.amax_bits = std::max(st.amax_bits, s.amax);
  st.overflows += s.over;
  st.underflows += s.under;
}

// An item is rows [r0, r1) x columns [c0, c1) of the output.
void quantize_item(const QuantizeJob &job, const Kernels &k, const Rounding &r, size_t bytes, size_t r0, size_t r1,
                   size_t c0, size_t c1, QuantizeStats &st) {
  char *out = static_cast<char *>(job.out);
  if (job.cs == 1) {
    for (size_t i = r0; i < r1; ++i)
      for (size_t c = c0; c < c1; c += kRun) {
        size_t n = std::min(kRun, c1 - c);
        run(k, r, job.x + ptrdiff_t(i) * job.rs + ptrdiff_t(c), n, out + (i * job.ld + c) * bytes, st);
      }
    return;
  }
  // Strided reads: a tile of the item's rows x kGather columns is gathered into buf, its rows n
  // apart, then quantised: in one run when the output's rows are n long too (a transposed operand
  // of short rows, say 32 x 4, is then one call instead of 32), else row by row. With rs == 1 a
  // column's rows are adjacent, so the tile is read column by column, one or two cache lines
  // each; otherwise row by row.
  float buf[kTileRows * kGather];
  const size_t rows = r1 - r0;
  for (size_t c = c0; c < c1; c += kGather) {
    const size_t n = std::min(kGather, c1 - c);
    const float *origin = job.x + ptrdiff_t(r0) * job.rs + ptrdiff_t(c) * job.cs;
    if (job.rs == 1) {
      for (size_t j = 0; j < n; ++j)
        for (size_t i = 0; i < rows; ++i) buf[i * n + j] = origin[ptrdiff_t(j) * job.cs + ptrdiff_t(i)];
    } else {
      for (size_t i = 0; i < rows; ++i)
        for (size_t j = 0; j < n; ++j) buf[i * n + j] = origin[ptrdiff_t(i) * job.rs + ptrdiff_t(j) * job.cs];
    }
    if (n == job.ld)  // then c == 0: the tile's rows are adjacent in the output as in buf
      run(k, r, buf, rows * n, out + r0 * job.ld * bytes, st);
    else
      for (size_t i = 0; i < rows; ++i) run(k, r, buf + i * n, n, out + ((r0 + i) * job.ld + c) * bytes, st);
  }
}

}  // namespace

// bf16 and fp32 span float's whole range: no exponent folds into them, as the bounds below say.
bool value_exponent_folds(int format, int e) {
  const autoscale_format_desc_ d = autoscale_format_desc_of_(format);
  const int smallest = d.emin - d.mant_bits;           // the subnormal quantum's exponent
  const int largest = int(d.max_bits >> 23) - 127 + 1;  // max < 2^largest
  return smallest + e >= -126 && largest + e <= 128;
}

QuantizeStats merged(QuantizeStats x, const QuantizeStats &y) {
  x.amax_bits = std::max(x.amax_bits, y.amax_bits);
  x.overflows += y.overflows;
  x.underflows += y.underflows;
  return x;
}

size_t emit_bytes(int format, Emit emit) {
  return emit == Emit::Code ? code_bytes(format) : emit == Emit::Bf16 ? 2 : 4;
}

QuantizeStats quantize(const QuantizeJob &request) {
  QuantizeJob job = request;
  if (job.cols == 1 && job.ld == 1) {  // a dense column is a row: one run instead of one per element
    std::swap(job.rows, job.cols);
    job.cs = job.rs;
    job.ld = job.cols;
  }
  if (job.cols == 1) job.cs = 1;  // the column stride of a single column is never used
  if (job.cs == 1 && job.rs == ptrdiff_t(job.cols) && job.ld == job.cols) {  // dense in and out: one row
    job.cols *= job.rows;
    job.rows = 1;
    job.ld = job.cols;
  }
  const Kernels k = kernels_for(job.format, job.emit);
  AUTOSCALE_CHECK(job.value_exponent == 0 || (job.emit != Emit::Code && value_exponent_folds(job.format, job.value_exponent)),
                  "quantize: values of %s times 2^%d are not all float normals", autoscale_format_name(job.format),
                  job.value_exponent);
  const float inv = autoscale::exact_inverse(job.scale);
  const Rounding r{job.scale, inv, overflow_for(job.format, job.saturate), job.value_exponent,
                   folded_inverse(inv, job.value_exponent)};
  const size_t bytes = emit_bytes(job.format, job.emit);
  // Items: tiles of kTileRows rows for strided reads; for contiguous rows, runs of kRun elements,
  // a long row split into several, short rows grouped.
  size_t item_rows, item_cols;
  if (job.cs == 1) {
    item_cols = std::min(job.cols, kRun);
    item_rows = std::max<size_t>(1, kRun / std::max<size_t>(1, job.cols));
  } else {
    item_cols = job.cols;
    item_rows = kTileRows;
  }
  const size_t row_items = (job.rows + item_rows - 1) / item_rows;
  const size_t col_items = item_cols ? (job.cols + item_cols - 1) / item_cols : 0;
  const long items = long(row_items * col_items);
  return reduce_items(items, parallel_pays(job.rows * job.cols), QuantizeStats{}, merged, [&](long item) {
    const size_t r0 = size_t(item) / col_items * item_rows, c0 = size_t(item) % col_items * item_cols;
    QuantizeStats st;
    quantize_item(job, k, r, bytes, r0, std::min(job.rows, r0 + item_rows), c0, std::min(job.cols, c0 + item_cols),
                  st);
    return st;
  });
}

namespace {

// Four running maxima of 16 lanes: with one, each vector's maximum would wait for the one before.
AUTOSCALE_VECTOR_CLONES uint32_t amax_run(const float *__restrict x, size_t n) {
  constexpr size_t kLanes = 16, kStep = 4 * kLanes;
  U16 m0 = {}, m1 = {}, m2 = {}, m3 = {};
  const auto raise = [&](U16 &m, const float *p) {
    U16 v;
    __builtin_memcpy(&v, p, sizeof v);
    v &= 0x7FFFFFFFu;
    m = m > v ? m : v;
  };
  size_t i = 0;
  for (; i + kStep <= n; i += kStep) {
    raise(m0, x + i);
    raise(m1, x + i + kLanes);
    raise(m2, x + i + 2 * kLanes);
    raise(m3, x + i + 3 * kLanes);
  }
  m0 = m0 > m1 ? m0 : m1;
  m2 = m2 > m3 ? m2 : m3;
  m0 = m0 > m2 ? m0 : m2;
  uint32_t m = 0;
  for (size_t l = 0; l < kLanes; ++l) m = m0[l] > m ? m0[l] : m;
  for (; i < n; ++i) {
    const uint32_t a = abs_bits(x[i]);
    m = a > m ? a : m;
  }
  return m;
}

}  // namespace

uint32_t amax_bits(const float *x, size_t rows, size_t cols, ptrdiff_t rs, ptrdiff_t cs) {
  // The amax of a matrix is its transpose's: read along whichever stride is 1.
  if (cs != 1 && rs == 1) {
    std::swap(rows, cols);
    std::swap(rs, cs);
  }
  const bool dense = cs == 1 && (rows == 1 || rs == ptrdiff_t(cols));
  if (dense) {  // one run over everything: long enough to split evenly
    cols *= rows;
    rows = 1;
  }
  // One run, no threads: without the items' divisions (a small GEMM site's operands, every call).
  if (rows == 1 && cs == 1 && !parallel_pays(cols) && cols <= kRun) return amax_run(x, cols);
  const size_t item_cols = cs == 1 ? std::min(cols, kRun) : cols;
  const size_t col_items = item_cols ? (cols + item_cols - 1) / item_cols : 0;
  const long items = long(rows * col_items);
  const auto max = [](uint32_t x, uint32_t y) { return std::max(x, y); };
  return reduce_items(items, parallel_pays(rows * cols), 0u, max, [&](long item) {
    const size_t i = size_t(item) / col_items, c0 = size_t(item) % col_items * item_cols;
    const size_t n = std::min(cols, c0 + item_cols) - c0;
    const float *row = x + ptrdiff_t(i) * rs + ptrdiff_t(c0) * cs;
    if (cs == 1) return amax_run(row, n);
    uint32_t a = 0;
    for (size_t j = 0; j < n; ++j) a = std::max(a, abs_bits(row[ptrdiff_t(j) * cs]));
    return a;
  });
}

}  // namespace autoscale::detail
