/* autoscale/hot_path.h: what the inline calls of autoscale.h read and write on the host, so that
 * the common case of an execution makes no call. Part of autoscale.h; nothing here is for users.
 *
 * The common case: the site is registered, the calling thread has its block for it, each operand
 * belongs to the tensor the thread used last at that slot, and every value is finite and a normal
 * float (or zero) that does not overflow the format. Rounding needs no division: with a
 * power-of-two scale, v / scale has v's mantissa, so rounding it to the format and multiplying
 * back by the scale is rounding v's own mantissa to the format's width (to nearest, ties to even),
 * done on its bits; below the range where v / scale is normal in the format, the same at the
 * fixed bit of the format's subnormal quantum. The range, per tensor and scale, is a "range word":
 * the bits of the smallest |v| whose v / scale is normal and the span up to the largest (for
 * doubles, of their high 32 bits; the formats' bounds have no lower bits, so this tests the same).
 * A scale without an exact inverse gets an empty range, where only zeros stay inline. Everything
 * else - registration, a new thread or tensor, NaN, inf, overflow, float subnormals - goes out of
 * line to the runtime, which computes the same bits and counts from the definitions
 * (runtime/src/sites/site_quantize.h).
 *
 * Counting: in the calling thread's own block of the site (autoscale_thread_site_): no lock, no
 * shared cache line, only relaxed atomic loads and stores (plain moves on x86), so a report or a
 * step may read it meanwhile. A step takes each amax with an exchange, so the amax is raised out
 * of line with a compare-exchange, which only runs when it grows. The error sums are split over
 * AUTOSCALE_LANES_ lanes picked by the execution count, so consecutive executions add to different
 * memory: a floating-point add through memory takes some 20 cycles, one lane would chain every
 * execution to the one before. The block's scale and range words are copies, written (under the
 * runtime's lock) when the thread switches tensors or a step publishes a new scale.
 *
 * Host only, and only with the GNU C extensions (__thread, __atomic_*, __builtin_*) of gcc, clang
 * and nvcc's host compilers; elsewhere every call goes out of line. Defining
 * AUTOSCALE_NO_INLINE_HOT_PATH sends every call out of line too, with the same results, for
 * builds where compile time matters more: inlined, a 250-line C file with 160 rewritten
 * operations took gcc -O1 10.5 s to compile, out of line 0.6 s. */
#ifndef AUTOSCALE_HOT_PATH_H
#define AUTOSCALE_HOT_PATH_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include "autoscale/config.h"
#include "autoscale/format.h"
#include "autoscale/site.h"

#if defined(__GNUC__) && !AUTOSCALE_DEVICE_PASS && !defined(AUTOSCALE_NO_INLINE_HOT_PATH)
#define AUTOSCALE_INLINE_HOT_PATH 1
#else
#define AUTOSCALE_INLINE_HOT_PATH 0
#endif
#define AUTOSCALE_HOT static inline AUTOSCALE_FORCE_INLINE

AUTOSCALE_EXTERN_C_BEGIN

#define AUTOSCALE_LANES_ 4

/* One thread's counters of one tensor. */
typedef struct autoscale_counters_ {
  autoscale_u32 amax_bits;               /* float bits of the largest |v| since the last roll */
  autoscale_u32 pad_;
  autoscale_u64 quantized;               /* values seen (statistics full) */
  double error_sum[AUTOSCALE_LANES_];    /* sum |q - v| over finite results, by lane */
  double value_sum[AUTOSCALE_LANES_];    /* sum |v| over the same values, by lane */
  autoscale_u64 overflows;               /* finite v / scale rounded beyond the format's max */
  autoscale_u64 underflows;              /* v != 0 rounded to 0 */
  autoscale_u64 subnormals;              /* results that are subnormal in the format */
  autoscale_u64 nan_in, inf_in, nan_out, inf_out;
  autoscale_u64 absorbed;                /* sums rounded as their larger operand rounds alone: the
                                            smaller lost whole (autoscale_may_absorb_f_) */
} autoscale_counters_;

/* One slot of a thread's block: the tensor active there and its counters. */
typedef struct autoscale_slot_ {
  autoscale_u64 tag;     /* key + 1 of the active tensor; 0 before the block is set up */
  autoscale_u64 range_f; /* its range word for floats: low half the bits of the smallest |v|, high
                            half the span to the largest */
  autoscale_u64 range_d; /* the same for doubles, on the high 32 bits of |v| */
  autoscale_u64 scale;   /* its scale word: the scale's float bits, above them its exact inverse's */
  autoscale_counters_ c;
} autoscale_slot_;

/* One thread's block of one site, as the inline path reads it. The runtime's blocks extend it with
 * fields of their own and lie AUTOSCALE_THREAD_SITE_BYTES_ apart in the thread's array, indexed by
 * the site's id (the runtime checks the size). */
typedef struct autoscale_thread_site_ {
  autoscale_u64 left; /* executions until the runtime's next window count (it runs at 0) */
  autoscale_slot_ slot[AUTOSCALE_SLOT_COUNT];
} autoscale_thread_site_;
#define AUTOSCALE_THREAD_SITE_BYTES_ 744

/* A registered site, as the hot path sees it; the runtime's state extends it. (Device code's sites
 * have their own: autoscale/device_sites.h.) */
#if !AUTOSCALE_DEVICE_PASS
struct autoscale_site_state {
  autoscale_u32 id;
  autoscale_u8 pass;          /* values pass unrounded now: format fp32, or empirical analysis */
  int drop_f;                 /* float mantissa bits the format drops: 23 - its mantissa bits */
  autoscale_u32 half_f, mask_f; /* (1 << (drop - 1)) - 1, and ~((1 << drop) - 1) */
  int drop_d;
  autoscale_u64 half_d, mask_d;
};
#endif

typedef struct autoscale_thread_view_ {
  unsigned char *sites; /* the blocks, AUTOSCALE_THREAD_SITE_BYTES_ apart */
  autoscale_u32 capacity;
} autoscale_thread_view_;

#if AUTOSCALE_INLINE_HOT_PATH
/* The calling thread's blocks (the runtime's copy, for an inline load). */
extern __thread autoscale_thread_view_ autoscale_tls_;
#endif

/* Out of line, rare: raises *amax_bits to bits (a compare-exchange: a step may take the amax from
 * another thread), or to a double's |v| rounded to float, and the window count of the calling
 * thread's block of a site. */
void autoscale_raise_amax_(autoscale_u32 *amax_bits, autoscale_u32 bits);
void autoscale_raise_amax_d_(autoscale_u32 *amax_bits, double v);
void autoscale_flush_(struct autoscale_site_state *state);

#if AUTOSCALE_INLINE_HOT_PATH

AUTOSCALE_HOT autoscale_thread_site_ *autoscale_thread_site_of_(const struct autoscale_site_state *st) {
  return st && st->id < autoscale_tls_.capacity
             ? AUTOSCALE_CAST(autoscale_thread_site_ *,
                              AUTOSCALE_CAST(void *, autoscale_tls_.sites + AUTOSCALE_CAST(autoscale_u64, st->id) *
                                                                                AUTOSCALE_THREAD_SITE_BYTES_))
             : AUTOSCALE_NULL;
}

AUTOSCALE_HOT autoscale_u64 autoscale_tag_(const void *key) { return AUTOSCALE_PTR_BITS(key) + 1u; }

AUTOSCALE_HOT autoscale_u64 autoscale_load_u64_(const autoscale_u64 *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }

AUTOSCALE_HOT void autoscale_bump_(autoscale_u64 *p) {
  __atomic_store_n(p, __atomic_load_n(p, __ATOMIC_RELAXED) + 1u, __ATOMIC_RELAXED);
}

AUTOSCALE_HOT void autoscale_add_(double *s, double v) {
  double cur;
  __atomic_load(s, &cur, __ATOMIC_RELAXED);
  cur += v;
  __atomic_store(s, &cur, __ATOMIC_RELAXED);
}

AUTOSCALE_HOT void autoscale_raise_(autoscale_counters_ *c, autoscale_u32 abs_bits) {
  if (abs_bits > __atomic_load_n(&c->amax_bits, __ATOMIC_RELAXED)) autoscale_raise_amax_(&c->amax_bits, abs_bits);
}

/* The float bits of |v| rounded to nearest, ties to even, as a conversion gives them, but on the
 * bits: the conversion instruction raises the overflow, underflow and inexact flags, which a program
 * computing in doubles does not raise (fetestexcept would see the runtime's bookkeeping). NaN gives
 * a quiet NaN with the top of its payload, as x86's conversion does. */
AUTOSCALE_HOT autoscale_u32 autoscale_abs_bits_d_(double v) {
  const autoscale_u64 a = autoscale_double_bits_(v) & 0x7FFFFFFFFFFFFFFFull;
  const autoscale_u32 e = AUTOSCALE_CAST(autoscale_u32, a >> 52); /* biased: float's is e - 896 */
  if (e == 0x7FFu) return a == 0x7FF0000000000000ull ? 0x7F800000u : 0x7FC00000u | AUTOSCALE_CAST(autoscale_u32, (a >> 29) & 0x3FFFFFu);
  if (e >= 1151u) return 0x7F800000u; /* 2^128 and above: beyond float's largest by more than half an ulp */
  if (e >= 897u) {                    /* a normal float: drop 29 bits; a carry moves the exponent (to inf at the top) */
    const autoscale_u64 t = a - (AUTOSCALE_CAST(autoscale_u64, 896u) << 52);
    const autoscale_u64 rest = t & 0x1FFFFFFFull, half = 0x10000000ull;
    return AUTOSCALE_CAST(autoscale_u32, (t >> 29) + (rest > half || (rest == half && ((t >> 29) & 1u))));
  }
  /* A float subnormal or zero: the significand (implicit bit included) in units of float's quantum
   * 2^-149 is m >> (926 - e); from a shift of 54 on it is below half a quantum (double subnormals,
   * e = 0, are far below). A carry out of the subnormals gives the smallest normal's bits. */
  if (e == 0u || 926u - e >= 54u) return 0u;
  const autoscale_u32 shift = 926u - e;
  const autoscale_u64 m = (a & 0x000FFFFFFFFFFFFFull) | 0x0010000000000000ull;
  const autoscale_u64 q = m >> shift, rest = m & ((AUTOSCALE_CAST(autoscale_u64, 1) << shift) - 1u);
  const autoscale_u64 half = AUTOSCALE_CAST(autoscale_u64, 1) << (shift - 1u);
  return AUTOSCALE_CAST(autoscale_u32, q + (rest > half || (rest == half && (q & 1u))));
}

/* The same for a finite double, whose amax is its |v| rounded to float (autoscale_abs_bits_d_).
 * Compared in double first, which never misses a raise: |v| rounds above the amax (a float) only
 * where it lies above it, and then the runtime rounds and raises. This keeps the rounding's
 * branches out of every inline call. */
AUTOSCALE_HOT void autoscale_raise_d_(autoscale_counters_ *c, double v) {
  if (__builtin_fabs(v) > AUTOSCALE_CAST(double, autoscale_bits_float_(__atomic_load_n(&c->amax_bits, __ATOMIC_RELAXED))))
    autoscale_raise_amax_d_(&c->amax_bits, v);
}

/* A finite value recorded as it is (no rounding, no error). */
AUTOSCALE_HOT void autoscale_record_value_f_(autoscale_counters_ *c, int full, float v) {
  if (full) autoscale_bump_(&c->quantized);
  autoscale_raise_(c, autoscale_float_bits_(v) & 0x7FFFFFFFu);
}
AUTOSCALE_HOT void autoscale_record_value_d_(autoscale_counters_ *c, int full, double v) {
  if (full) autoscale_bump_(&c->quantized);
  autoscale_raise_d_(c, v);
}

/* v rounded to q under range word `range`: q is within a factor 2 of v or zero, so q - v is exact
 * (Sterbenz). A q below the range's smallest normal |v| is a subnormal result, or a v lost to zero. */
AUTOSCALE_HOT void autoscale_record_rounded_f_(autoscale_counters_ *c, autoscale_u64 lane, int full, autoscale_u64 range,
                                               float v, float q) {
  if (full) {
    const autoscale_u32 aq = autoscale_float_bits_(q) & 0x7FFFFFFFu;
    autoscale_bump_(&c->quantized);
    autoscale_add_(&c->error_sum[lane], AUTOSCALE_CAST(double, __builtin_fabsf(q - v)));
    autoscale_add_(&c->value_sum[lane], AUTOSCALE_CAST(double, __builtin_fabsf(v)));
    if (aq < AUTOSCALE_CAST(autoscale_u32, range)) {
      if (aq != 0) autoscale_bump_(&c->subnormals);
      else if (v != 0.0f) autoscale_bump_(&c->underflows);
    }
  }
  autoscale_raise_(c, autoscale_float_bits_(v) & 0x7FFFFFFFu);
}
AUTOSCALE_HOT void autoscale_record_rounded_d_(autoscale_counters_ *c, autoscale_u64 lane, int full, autoscale_u64 range,
                                               double v, double q) {
  if (full) {
    const autoscale_u32 aq_high = AUTOSCALE_CAST(autoscale_u32, autoscale_double_bits_(q) >> 32) & 0x7FFFFFFFu;
    autoscale_bump_(&c->quantized);
    autoscale_add_(&c->error_sum[lane], __builtin_fabs(q - v));
    autoscale_add_(&c->value_sum[lane], __builtin_fabs(v));
    if (aq_high < AUTOSCALE_CAST(autoscale_u32, range)) {
      if (q != 0.0) autoscale_bump_(&c->subnormals);
      else if (v != 0.0) autoscale_bump_(&c->underflows);
    }
  }
  autoscale_raise_d_(c, v);
}

/* What the rounding below returns for a value it leaves to the runtime: a NaN pattern, which no
 * rounding of a finite value gives; the bits stay in a register, where a result through a pointer
 * made the compiler keep it on the stack. */
#define AUTOSCALE_OUT_OF_LINE_F_ 0xFFFFFFFFu
#define AUTOSCALE_OUT_OF_LINE_D_ 0xFFFFFFFFFFFFFFFFull

/* Whether |v| (the bits a of a float) lies in range word `range`'s range or is zero, where v rounds
 * by the format's rounding step on its own bits. A macro: the loop kernels test 8 lanes of a GCC
 * vector type with it (a mask there, 0 or 1 here). */
#define AUTOSCALE_IN_RANGE_(a, range)                                                                      \
  (((a) - AUTOSCALE_CAST(autoscale_u32, range) <= AUTOSCALE_CAST(autoscale_u32, (range) >> 32)) | ((a) == 0u))

/* The bits of v rounded to the site's format under the scale of range word `range`, when |v| lies
 * in the range, is zero (common after ReLU: it rounds to itself with the same formula), or lies
 * below the range, where the format's values are subnormal; otherwise (overflow, inf, NaN, a
 * subnormal v itself, an empty range) AUTOSCALE_OUT_OF_LINE_F_, and the runtime rounds. */
AUTOSCALE_HOT autoscale_u32 autoscale_round_f_(const struct autoscale_site_state *st, autoscale_u64 range, float v) {
  const autoscale_u32 b = autoscale_float_bits_(v), a = b & 0x7FFFFFFFu, lo = AUTOSCALE_CAST(autoscale_u32, range);
  if (AUTOSCALE_IN_RANGE_(a, range)) return AUTOSCALE_RNE_ADD_(b, st->half_f, st->drop_f) & st->mask_f;
  if (a >= lo || a < 0x00800000u) return AUTOSCALE_OUT_OF_LINE_F_;
  /* Below lo the format's quantum is fixed, lo's ulp in the format: 2^k of v's own ulps, with k the
   * dropped bits plus the binades from v up to lo. That is format.h's rounding of a significand
   * (autoscale_rne_at_) at bit k: a carry out of it is the binade above (up to lo itself); from
   * k = 25 on, v is below half a quantum and rounds to zero (k = 24: v at exactly half ties to 0). */
  const int k = st->drop_f + AUTOSCALE_CAST(int, lo >> 23) - AUTOSCALE_CAST(int, a >> 23);
  return (b & 0x80000000u) | autoscale_rounded_bits_(autoscale_rne_at_((a & 0x007FFFFFu) | 0x00800000u,
                                                                       AUTOSCALE_CAST(int, a >> 23), k < 25 ? k : 25));
}
/* The same for doubles, whose range word holds the high 32 bits of |v|'s bounds. */
AUTOSCALE_HOT autoscale_u64 autoscale_round_d_(const struct autoscale_site_state *st, autoscale_u64 range, double v) {
  const autoscale_u64 b = autoscale_double_bits_(v);
  const autoscale_u32 high = AUTOSCALE_CAST(autoscale_u32, b >> 32) & 0x7FFFFFFFu, lo = AUTOSCALE_CAST(autoscale_u32, range);
  if (high - lo <= AUTOSCALE_CAST(autoscale_u32, range >> 32) || (b << 1) == 0) return AUTOSCALE_RNE_ADD_(b, st->half_d, st->drop_d) & st->mask_d;
  if (high >= lo || high < 0x00100000u) return AUTOSCALE_OUT_OF_LINE_D_;
  const int k = st->drop_d + AUTOSCALE_CAST(int, lo >> 20) - AUTOSCALE_CAST(int, high >> 20);
  return (b & 0x8000000000000000ull) | autoscale_rne_at_d_((b & 0x000FFFFFFFFFFFFFull) | 0x0010000000000000ull,
                                                           AUTOSCALE_CAST(int, high >> 20), k < 54 ? k : 54);
}

AUTOSCALE_HOT int autoscale_finite_f_(float v) { return (autoscale_float_bits_(v) & 0x7FFFFFFFu) < 0x7F800000u; }
AUTOSCALE_HOT int autoscale_finite_d_(double v) {
  return (autoscale_double_bits_(v) & 0x7FFFFFFFFFFFFFFFull) < 0x7FF0000000000000ull;
}

/* The lane of this execution's error sums. */
AUTOSCALE_HOT autoscale_u64 autoscale_lane_(const autoscale_thread_site_ *t) { return t->left % AUTOSCALE_LANES_; }

/* Counts one execution; the runtime's window count runs when `left` reaches 0. */
AUTOSCALE_HOT void autoscale_count_(struct autoscale_site_state *st, autoscale_thread_site_ *t) {
  autoscale_u64 left = __atomic_load_n(&t->left, __ATOMIC_RELAXED) - 1u;
  __atomic_store_n(&t->left, left, __ATOMIC_RELAXED);
  if (left == 0) autoscale_flush_(st);
}

#endif /* AUTOSCALE_INLINE_HOT_PATH */

AUTOSCALE_EXTERN_C_END

#endif
