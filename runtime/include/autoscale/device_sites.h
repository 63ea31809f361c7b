/* autoscale/device_sites.h: the state of the sites that CUDA device code executes, and their
 * rounding. Included by autoscale.h; valid C, C++ and CUDA.
 *
 * A rewritten .cu file has two site tables: the host's, and a `static __device__ const` copy whose
 * static fields (format, action, strategy, saturate, ...) the device compiler folds into the code,
 * so a device site reads no table at run time. Each device site's `state` is a constant cell
 * pointing into the file's `__device__` array of autoscale_device_site_state: per slot, the scale in force, its inverse, the
 * step's amax and the counters, in device memory (zero-initialised: a zero scale means the slot
 * is calibrating, see below). The host registers the array (autoscale_cuda_register_sites, from the
 * rewritten file's host compilation), and at every autoscale_step() libautoscale_cuda launches one
 * kernel that rolls every device slot's amax history and sets its next scale with the host's own
 * delayed-scaling arithmetic (scale_math.h), and copies the counters back for the report.
 *
 * Device rounding, per value v of a slot:
 *   - cast: q = RNE_format(v), with the hardware's conversion (cvt.rn for fp16 and bf16,
 *     __nv_cvt_float_to_fp8 for e4m3 and e5m2: cvt.rn.satfinite on sm_89+), which gives the bits
 *     of the host's integer rounding (format.h; format_cuda_test checks it on a GPU);
 *   - scale (any strategy but static: delayed scaling, Transformer Engine's): |v| raises the
 *     slot's amax, then q = RNE_format(v * inverse) * scale. Scales are powers of two, so both products are exact
 *     and q is the host's RNE(v / scale) * scale. Until the slot's first step with values
 *     (calibration, as on the host) values pass unrounded;
 *   - static scale: the same with the rule's scale (a scale with no exact inverse divides, on the
 *     exact path).
 * The inline path is those few instructions; values that leave it (beyond the format's max,
 * non-finite, and bf16's subnormals under a scale, where a float product could round twice) take
 * the exact path out of line (autoscale_device_round_exact_f: the format's rounding of the double
 * quotient, as the host rounds), which also counts them. Underflows to zero and sums that lost an
 * operand whole are counted when the site's statistics are full.
 * Where amax and counts go: a kernel the rewrite gives AUTOSCALE_KERNEL_SITES (the first
 * statement of its body) indexes a copy of its sites' records held in registers, whose records
 * of its first 8 loop sites tally each thread's amax and counts; the copy's destructor adds them to the slots, one atomic
 * per warp and counter, when the thread leaves the kernel. A loop of a kernel thus rounds with no
 * memory traffic but the scale's load (a warp reduction, a load of the slot's amax and an atomic
 * per value had made a reduction kernel 7.85x slower than its original). Elsewhere (device
 * functions, lambdas) each value goes to the slot: one atomic per warp, an amax only when it grows.
 * Per tensor state is host-only: a device site has one state per slot. */
#ifndef AUTOSCALE_DEVICE_SITES_H
#define AUTOSCALE_DEVICE_SITES_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include "autoscale/config.h"
#include "autoscale/format.h"
#include "autoscale/site.h"

AUTOSCALE_EXTERN_C_BEGIN

/* The counters of a device slot (autoscale_device_slot.counts). No error sums: a double add per
 * value would cost the kernels more than the rounding (the report's "error" is null). */
#define AUTOSCALE_DEVICE_OVERFLOWS 0  /* finite values beyond the format's range (clamped or inf/NaN) */
#define AUTOSCALE_DEVICE_UNDERFLOWS 1 /* non-zero values that rounded to zero (statistics full) */
#define AUTOSCALE_DEVICE_NAN_IN 2
#define AUTOSCALE_DEVICE_INF_IN 3
#define AUTOSCALE_DEVICE_ABSORBED 4  /* the output slot's sums that lost an operand whole (statistics full) */
#define AUTOSCALE_DEVICE_COUNTS 5

typedef struct autoscale_device_slot {
  float scale;   /* in force; 0 while calibrating (delayed scaling's first step: values pass) */
  float inverse; /* 1 / scale, exact: scales are powers of two */
  autoscale_u32 amax_bits; /* this step's max |v| as float bits: non-negative floats order as their
                              bits, and NaN's above inf's, so atomicMax keeps a NaN (sticky) */
  autoscale_u32 counts[AUTOSCALE_DEVICE_COUNTS];
} autoscale_device_slot;

/* The device compilation gives autoscale_site.state's cells this type (the host's is the
 * runtime's), so the constant device table can point at its state without a cast; the host
 * compilation sees the same layout under another tag. */
#if AUTOSCALE_DEVICE_PASS
#define AUTOSCALE_DEVICE_STATE_TAG_ autoscale_site_state
#define AUTOSCALE_DEVICE_STATE_REF_(cell) (cell)
#else
#define AUTOSCALE_DEVICE_STATE_TAG_ autoscale_device_site_state_
#define AUTOSCALE_DEVICE_STATE_REF_(cell) AUTOSCALE_NULL /* the host never reads the device table */
#endif
typedef struct AUTOSCALE_DEVICE_STATE_TAG_ {
  autoscale_device_slot slot[AUTOSCALE_SLOT_COUNT];
} autoscale_device_site_state;

/* An element of a device site table: AUTOSCALE_SITE's arguments, its cell a constant one pointing
 * at its state (so the device compiler folds both loads), and whether its values are tallied in
 * its kernel's copy of the table (autoscale_site.tallied). */
#define AUTOSCALE_DEVICE_SITE(cell, file, line, column, op, kind, name, op_class, action, format,   \
                              rounding, saturate, strategy, history_len, amax_reduce, margin,     \
                              static_scale, analysis_steps, recheck_every, statistics, index,     \
                              fed_by0, fed_by1, fed_by2, rule, tallied)                           \
  {(file), (line), (column), (op), (kind), (name), (op_class), (action), (format), (statistics),    \
   (rounding), (saturate), (strategy),                                                             \
   {(history_len), (amax_reduce), (margin), (static_scale), (analysis_steps), (recheck_every)},    \
   (index), {(fed_by0), (fed_by1), (fed_by2)}, (rule), AUTOSCALE_DEVICE_STATE_REF_(cell), (tallied), AUTOSCALE_SITE_NO_TALLY}

#if defined(__CUDACC__) && !AUTOSCALE_DEVICE_PASS
/* Registers a rewritten file's device sites (its host table, the table's length, and its
 * __device__ state array as the host compilation names it) with libautoscale_cuda; the rewritten
 * file calls it from a static initialiser. Returns 0. Defined in libautoscale_cuda. */
int autoscale_cuda_register_sites(autoscale_site *host_sites, int count, const void *device_state_symbol);
#endif

/* The exact rounding of v at a scale, as the host rounds: the double quotient (exact for a
 * power-of-two scale, else rounded once to 53 bits, which the format's rounding to at most 11 bits
 * cannot turn the other way: 53 >= 2p + 2), rounded to the format, times the scale, rounded once
 * to float. An inf is kept (saturation clamps finite overflow only); NaN gives NaN. */
AUTOSCALE_HOST_DEVICE static inline float autoscale_round_exact_f(float v, float scale, int format, int saturate) {
  if (v == v && v - v != 0.0f) return v;
  return AUTOSCALE_CAST(float, autoscale_round_double(AUTOSCALE_CAST(double, v) / scale, format, saturate) *
                                   AUTOSCALE_CAST(double, scale));
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_round_exact_d(double v, float scale, int format, int saturate) {
  if (v == v && v - v != 0.0) return v;
  return autoscale_round_double(v / scale, format, saturate) * scale;
}

AUTOSCALE_EXTERN_C_END

#if AUTOSCALE_DEVICE_PASS
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#endif

AUTOSCALE_EXTERN_C_BEGIN

/* RNE to the format of x, |x| <= the format's max: in device code by the conversion instructions,
 * on the host (where tests check the inline path) by format.h's integer rounding, the same bits. */
AUTOSCALE_HOST_DEVICE static inline float autoscale_convert_rne_(int format, float x) {
#if AUTOSCALE_DEVICE_PASS
  switch (format) {
  case AUTOSCALE_FP16: return __half2float(__float2half_rn(x));
  case AUTOSCALE_BF16: return __bfloat162float(__float2bfloat16_rn(x));
  case AUTOSCALE_E4M3:
    return __half2float(__half(__nv_cvt_fp8_to_halfraw(__nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E4M3), __NV_E4M3)));
  case AUTOSCALE_E5M2:
    return __half2float(__half(__nv_cvt_fp8_to_halfraw(__nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E5M2), __NV_E5M2)));
  default: return x;
  }
#else
  return autoscale_round_float(x, format, 1);
#endif
}

/* The inline path's rounding of v at a power-of-two scale (inverse its exact inverse, or 0 for a
 * scale that has none): x = v * inverse is exact while a float normal, and below that every format
 * but bf16 rounds x to a signed zero whatever the product dropped; q * scale is exact or rounded
 * once, as the host's double product is when converted to float. So RNE(x) * scale is the host's
 * RNE(v / scale) * scale. Returns 0, leaving *q alone, where that does not hold: no exact inverse,
 * |x| beyond the format's max or not a number, a bf16 quotient in float's subnormals under a scale.
 * *x is the quotient either way. */
AUTOSCALE_HOST_DEVICE static inline int autoscale_round_inline_f_(float v, float scale, float inverse, int format,
                                                                 float *x, float *q) {
  const float a = autoscale_bits_float_(autoscale_float_bits_(v * inverse) & 0x7FFFFFFFu);
  *x = v * inverse;
  if (inverse == 0.0f || !(a <= autoscale_format_max(format)) ||
      (format == AUTOSCALE_BF16 && a < autoscale_bits_float_(0x00800000u) && a != 0.0f && scale != 1.0f))
    return 0;
  *q = autoscale_convert_rne_(format, *x) * scale;
  return 1;
}

AUTOSCALE_EXTERN_C_END

#if AUTOSCALE_DEVICE_PASS

/* Whether this lane is the first of the lanes in mask. */
__device__ static __forceinline__ int autoscale_device_leader_(unsigned mask) {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane == static_cast<unsigned>(__ffs(static_cast<int>(mask)) - 1);
}

/* Raises d's amax to the warp's largest of bits: one atomic per warp, and only when it grows. */
__device__ static __forceinline__ void autoscale_device_raise_amax_bits_(autoscale_device_slot *d, unsigned bits) {
#if __CUDA_ARCH__ >= 800
  const unsigned mask = __activemask();
  bits = __reduce_max_sync(mask, bits);
  if (bits > *static_cast<volatile autoscale_u32 *>(&d->amax_bits) && autoscale_device_leader_(mask))
    atomicMax(&d->amax_bits, bits);
#else
  if (bits > *static_cast<volatile autoscale_u32 *>(&d->amax_bits)) atomicMax(&d->amax_bits, bits);
#endif
}
/* Adds to *counter the lanes of the warp for which `counted` holds: one atomic per warp, none
 * where no lane counts. */
__device__ static __forceinline__ void autoscale_device_count_lanes_(autoscale_u32 *counter, int counted) {
  const unsigned mask = __activemask(), lanes = __ballot_sync(mask, counted);
  if (lanes && autoscale_device_leader_(mask)) atomicAdd(counter, static_cast<unsigned>(__popc(static_cast<int>(lanes))));
}
/* Adds the warp's counts to *counter: one atomic per warp. */
__device__ static __forceinline__ void autoscale_device_add_count_(autoscale_u32 *counter, unsigned n) {
#if __CUDA_ARCH__ >= 800
  const unsigned mask = __activemask();
  n = __reduce_add_sync(mask, n);
  if (autoscale_device_leader_(mask)) atomicAdd(counter, n);
#else
  atomicAdd(counter, n);
#endif
}

/* Raises the amax of slot `slot` of s (d in device memory) to |v|: in the tally of a kernel's
 * copy, or at once. */
__device__ static __forceinline__ void autoscale_device_raise_amax_(autoscale_site *s, autoscale_device_slot *d, int slot, float v) {
  const unsigned bits = __float_as_uint(fabsf(v));
  if (s->tallied) s->tally.amax_bits[slot] = max(s->tally.amax_bits[slot], bits);
  else autoscale_device_raise_amax_bits_(d, bits);
}

/* Whether x overflows the format: its unsaturated rounding is inf or NaN. */
__device__ static __forceinline__ int autoscale_device_overflows_(double x, int format) {
  const double r = autoscale_round_double(x, format, 0);
  return r - r != 0.0;
}

/* The exact path: a value the inline path does not take, counted. One function per format,
 * saturation and whether the site scales (else its scale is 1): a kernel's registers are at least
 * those of the functions it calls, and one taking these as arguments needs more than any (+10 to
 * +26 registers a kernel of the CUDA trainer). */
template <int AutoscaleFormat_, int AutoscaleSaturate_, int AutoscaleScaled_>
__device__ static __noinline__ float autoscale_device_round_exact_f_(autoscale_device_slot *d, float v, float scale) {
  if (!AutoscaleScaled_) scale = 1.0f;
  const float q = autoscale_round_exact_f(v, scale, AutoscaleFormat_, AutoscaleSaturate_);
  if (v != v) atomicAdd(&d->counts[AUTOSCALE_DEVICE_NAN_IN], 1u);
  else if (v - v != 0.0f) atomicAdd(&d->counts[AUTOSCALE_DEVICE_INF_IN], 1u);
  else if (autoscale_device_overflows_(static_cast<double>(v) / scale, AutoscaleFormat_))
    atomicAdd(&d->counts[AUTOSCALE_DEVICE_OVERFLOWS], 1u);
  else if (q == 0.0f && v != 0.0f) atomicAdd(&d->counts[AUTOSCALE_DEVICE_UNDERFLOWS], 1u);
  return q;
}
template <int AutoscaleFormat_, int AutoscaleSaturate_, int AutoscaleScaled_>
__device__ static __noinline__ double autoscale_device_round_exact_d_(autoscale_device_slot *d, double v, float scale) {
  if (!AutoscaleScaled_) scale = 1.0f;
  const double q = autoscale_round_exact_d(v, scale, AutoscaleFormat_, AutoscaleSaturate_);
  if (v != v) atomicAdd(&d->counts[AUTOSCALE_DEVICE_NAN_IN], 1u);
  else if (v - v != 0.0) atomicAdd(&d->counts[AUTOSCALE_DEVICE_INF_IN], 1u);
  else if (autoscale_device_overflows_(v / scale, AutoscaleFormat_)) atomicAdd(&d->counts[AUTOSCALE_DEVICE_OVERFLOWS], 1u);
  else if (q == 0.0 && v != 0.0) atomicAdd(&d->counts[AUTOSCALE_DEVICE_UNDERFLOWS], 1u);
  return q;
}
/* The exact path's function of a format (the choice folds: the record's fields are constants). */
#define AUTOSCALE_DEVICE_EXACT_FORMAT_(function, format, saturate, scaled, ...)                    \
  switch (format) {                                                                                \
  case AUTOSCALE_E4M3: return function<AUTOSCALE_E4M3, saturate, scaled>(__VA_ARGS__);               \
  case AUTOSCALE_E5M2: return function<AUTOSCALE_E5M2, saturate, scaled>(__VA_ARGS__);               \
  case AUTOSCALE_FP16: return function<AUTOSCALE_FP16, saturate, scaled>(__VA_ARGS__);               \
  case AUTOSCALE_BF16: return function<AUTOSCALE_BF16, saturate, scaled>(__VA_ARGS__);               \
  default: break; /* fp32 never rounds */                                                          \
  }
#define AUTOSCALE_DEVICE_EXACT_(function, s, ...)                                                   \
  if (s->saturate && s->action == AUTOSCALE_ACTION_SCALE) {                                        \
    AUTOSCALE_DEVICE_EXACT_FORMAT_(function, s->format, 1, 1, __VA_ARGS__)                           \
  } else if (s->saturate) {                                                                        \
    AUTOSCALE_DEVICE_EXACT_FORMAT_(function, s->format, 1, 0, __VA_ARGS__)                           \
  } else if (s->action == AUTOSCALE_ACTION_SCALE) {                                                \
    AUTOSCALE_DEVICE_EXACT_FORMAT_(function, s->format, 0, 1, __VA_ARGS__)                           \
  } else {                                                                                         \
    AUTOSCALE_DEVICE_EXACT_FORMAT_(function, s->format, 0, 0, __VA_ARGS__)                           \
  }
__device__ static __forceinline__ float autoscale_device_round_exact_f(const autoscale_site *s, autoscale_device_slot *d,
                                                                       float v, float scale) {
  AUTOSCALE_DEVICE_EXACT_(autoscale_device_round_exact_f_, s, d, v, scale)
  return v;
}
__device__ static __forceinline__ double autoscale_device_round_exact_d(const autoscale_site *s, autoscale_device_slot *d,
                                                                        double v, float scale) {
  AUTOSCALE_DEVICE_EXACT_(autoscale_device_round_exact_d_, s, d, v, scale)
  return v;
}

/* Whether the rule's static scale is a power of two in [2^-126, 2^126] (then its inverse is exact
 * and normal). Folds. */
__device__ static __forceinline__ int autoscale_device_pow2_(float s) {
  const unsigned u = __float_as_uint(s);
  return (u & 0x807FFFFFu) == 0u && u >= 0x00800000u && u <= 0x7E800000u;
}

/* The scale of a slot: 1 for a cast, the rule's for static, the slot's otherwise; 0 while
 * calibrating. */
__device__ static __forceinline__ float autoscale_device_scale_in_force_(const autoscale_site *s,
                                                                        const autoscale_device_slot *d, float *inverse) {
  if (s->action != AUTOSCALE_ACTION_SCALE) return *inverse = 1.0f;
  if (s->strategy == AUTOSCALE_STRATEGY_STATIC) {
    *inverse = autoscale_device_pow2_(s->params.static_scale) ? 1.0f / s->params.static_scale : 0.0f;
    return s->params.static_scale;
  }
  *inverse = d->inverse;
  return d->scale;
}
/* The scale of a slot for this value, raising the slot's amax first where its scale is delayed. */
__device__ static __forceinline__ float autoscale_device_scale_of_(autoscale_site *s, autoscale_device_slot *d, int slot,
                                                                  float magnitude, float *inverse) {
  if (s->action == AUTOSCALE_ACTION_SCALE && s->strategy != AUTOSCALE_STRATEGY_STATIC)
    autoscale_device_raise_amax_(s, d, slot, magnitude);
  return autoscale_device_scale_in_force_(s, d, inverse);
}

/* One value of slot `slot` of a device site (see the top of this file). */
__device__ static __forceinline__ float autoscale_device_round_f(autoscale_site *s, int slot, float v) {
  autoscale_device_slot *d = &(*s->state)->slot[slot];
  float inverse;
  const float scale = autoscale_device_scale_of_(s, d, slot, v, &inverse);
  if (scale == 0.0f) return v; /* calibrating */
  float x, q;
  if (!autoscale_round_inline_f_(v, scale, inverse, s->format, &x, &q))
    return autoscale_device_round_exact_f(s, d, v, scale);
  if (s->statistics == AUTOSCALE_STATS_FULL && s->tallied) s->tally.underflows[slot] += q == 0.0f && x != 0.0f;
  else if (s->statistics == AUTOSCALE_STATS_FULL) autoscale_device_count_lanes_(&d->counts[AUTOSCALE_DEVICE_UNDERFLOWS], q == 0.0f && x != 0.0f);
  return q;
}
/* Counts this lane's sum as absorbed (autoscale_may_absorb_f_ in autoscale.h), as underflows. */
__device__ static __forceinline__ void autoscale_device_count_absorbed_(autoscale_site *s, int absorbed) {
  if (s->tallied) {
    s->tally.absorbed += absorbed;
    return;
  }
  autoscale_device_count_lanes_(&(*s->state)->slot[AUTOSCALE_SLOT_OUTPUT].counts[AUTOSCALE_DEVICE_ABSORBED], absorbed);
}
/* Doubles round on the exact path (the conversion instructions take floats, and rounding a double
 * to float first would round twice). */
__device__ static __forceinline__ double autoscale_device_round_d(autoscale_site *s, int slot, double v) {
  autoscale_device_slot *d = &(*s->state)->slot[slot];
  float inverse;
  const float scale = autoscale_device_scale_of_(s, d, slot, static_cast<float>(v), &inverse);
  if (scale == 0.0f) return v;
  return autoscale_device_round_exact_d(s, d, v, scale);
}

/* A kernel's copy of its sites' records, table[first, end) (see the top of this file): the
 * records fold as the table's do, and the tallies in them, indexed by constants only, stay in
 * registers. A kernel's calls reach it by its name, autoscale_kernel_sites_, which shadows the
 * enumerator below (AUTOSCALE_KERNEL_SITE_TABLE). Only the records the rewrite marks tallied
 * (the first 8 sites in the kernel's loops: a thread's tally lives in registers until the kernel
 * ends, about two a site, worth it where a thread rounds many values) use theirs. A thread that
 * leaves by `exit` or a trap, or never (a persistent kernel), adds nothing. Only the kernel's own records are copied, at
 * most 48 (the rewrite's limit): nvcc keeps a local array of more than about 9 KB in memory, whole
 * (a copy of the trainer's 142-site table under the all-e4m3 rules had a 24 KB stack frame). */
template <const autoscale_site *AutoscaleTable_, int AutoscaleFirst_, int AutoscaleEnd_> struct autoscale_kernel_sites {
  autoscale_site records[AutoscaleEnd_ - AutoscaleFirst_];
  __device__ __forceinline__ autoscale_kernel_sites() {
#pragma unroll
    for (int k = AutoscaleFirst_; k < AutoscaleEnd_; ++k) records[k - AutoscaleFirst_] = AutoscaleTable_[k]; /* the table's tallies are zero */
  }
  __device__ __forceinline__ ~autoscale_kernel_sites() {
#pragma unroll
    for (int k = AutoscaleFirst_; k < AutoscaleEnd_; ++k) {
      const autoscale_site_tally &t = records[k - AutoscaleFirst_].tally;
      autoscale_device_site_state *state = *AutoscaleTable_[k].state;
#pragma unroll
      for (int slot = 0; slot < AUTOSCALE_SLOT_COUNT; ++slot) {
        if (t.amax_bits[slot]) autoscale_device_raise_amax_bits_(&state->slot[slot], t.amax_bits[slot]);
        if (t.underflows[slot]) autoscale_device_add_count_(&state->slot[slot].counts[AUTOSCALE_DEVICE_UNDERFLOWS], t.underflows[slot]);
      }
      if (t.absorbed) autoscale_device_add_count_(&state->slot[AUTOSCALE_SLOT_OUTPUT].counts[AUTOSCALE_DEVICE_ABSORBED], t.absorbed);
    }
  }
};
/* A site table as device code indexes it (`&table[k]`): the table itself, or a kernel's copy of
 * its records [first, end). */
struct autoscale_site_index_ {
  autoscale_site *records;
  int first;
  __device__ __forceinline__ autoscale_site &operator[](int k) const { return records[k - first]; }
};
/* What autoscale_kernel_sites_ names outside a kernel's body: an enumerator, not a variable,
 * which nvcc would register from the host compilation too. */
enum autoscale_no_kernel_sites_ { autoscale_kernel_sites_ };
template <const autoscale_site *AutoscaleTable_>
__device__ static __forceinline__ autoscale_site_index_ autoscale_kernel_index_(autoscale_no_kernel_sites_) {
  return {const_cast<autoscale_site *>(AutoscaleTable_), 0};
}
template <const autoscale_site *AutoscaleTable_, const autoscale_site *AutoscaleCopied_, int AutoscaleFirst_, int AutoscaleEnd_>
__device__ static __forceinline__ autoscale_site_index_ autoscale_kernel_index_(autoscale_kernel_sites<AutoscaleCopied_, AutoscaleFirst_, AutoscaleEnd_> &kernel) {
  static_assert(AutoscaleTable_ == AutoscaleCopied_, "a kernel's calls name its own file's site table");
  return {kernel.records, AutoscaleFirst_};
}
/* A device site table as the calls of a file with kernel copies index it: a kernel's copy where
 * it has one (autoscale_kernel_sites_ is then the copy, else the enumerator). A file without
 * keeps AUTOSCALE_SITE_TABLE's plain address, whose calls nvcc sees folded sooner (its
 * pass-through kernels unroll, and take registers, exactly as the original's). */
#define AUTOSCALE_KERNEL_SITE_TABLE(table) (autoscale_kernel_index_<table>(autoscale_kernel_sites_))
/* The kernel's sites are table[first, end), the range of its body's. */
#define AUTOSCALE_KERNEL_SITES(table, first, end) autoscale_kernel_sites<table, first, end> autoscale_kernel_sites_;
#else
#define AUTOSCALE_KERNEL_SITES(table, first, end) /* the host never runs a kernel's body */
#endif

#endif
