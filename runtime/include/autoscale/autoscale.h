/* autoscale/autoscale.h: the one header code rewritten by autoscale-rewrite includes.
 *
 * Valid C (C99 and later), C++ (C++11 and later) and CUDA (host and device); an older standard
 * stops here with one #error naming the minimum. It includes no C library header in C or C++
 * (config.h says why). Every rewritten operation becomes one call below carrying its operands and
 * its site (autoscale/site.h, the record of the operation in its file's site table); the contract
 * between the tool and this header is AUTOSCALE_ABI_VERSION (config.h). The calls:
 *
 *   autoscale_{add,sub,mul,div}_{f,d}(site, a, b)                      a op b
 *   autoscale_{add,sub,mul,div}_tensors_{f,d}(site, a, b, ta, tb)      a op b, naming the tensor each
 *       operand belongs to: the base address of the array it reads (NULL: the site's default
 *       tensor of that operand); written for sites with action scale
 *   autoscale_{add,sub,mul,div}_assign_{f,d}(site, &lhs, rhs)          lhs op= rhs (lhs evaluated once)
 *   autoscale_{add,sub,mul,div}_assign_fd(site, &lhs, rhs)             float lhs, double arithmetic
 *   autoscale_neg_{f,d}(site, a)                                       -a
 *   autoscale_{pre,post}{inc,dec}_{f,d}(site, &x)                      ++x, x++, --x, x--
 *   autoscale_operand_{f,d}(site, slot, v), autoscale_result_{f,d}(site, v)
 *       a math call: its arguments and its result (the call itself stays the user's)
 *   autoscale_matmul{,_nest}{,_factors}_{f,d}(site, m, n, k, a, ..., c, ...)   C = A.B + D (a GEMM)
 *   autoscale_dot_{f,d}, autoscale_axpy_{f,d}, autoscale_loop_f        a whole innermost loop
 *       (these replace a piece of code: autoscale/substitution_calls.h)
 *   autoscale_begin_steps(), autoscale_step(), autoscale_report(path), autoscale_summary()
 * and in C++ the generic calls of autoscale/generics.h (namespace ::__autoscale). Outside loops
 * the scalar calls are written as their out-of-line twins, autoscale_mul_f_compact(site, a, b)
 * and so on (entry_points.h), which compile to one call each.
 *
 * Every operation has one rounding point, from two primitives:
 *   autoscale_operand_*(site, i, v)  rounds operand i when the site rounds at its inputs,
 *                                    otherwise returns v unchanged;
 *   autoscale_result_*(site, v)      records one execution, and rounds v when the site rounds
 *                                    at its output, otherwise returns v unchanged.
 * With format AUTOSCALE_FP32 both are the identity, so a pass-through rewrite returns exactly what
 * the plain operator returns (compile with -ffp-contract=off on both sides to compare bits).
 *
 * On the host a binary operation whose site rounds at its inputs is fused: it quantises both
 * operands (each with the scale of its tensor), computes and records in one go, equal bit for bit
 * and counter for counter to its three primitives. The common case of every call runs inline, with
 * no call (hot_path.h); the rest goes to the runtime's out-of-line calls below, which compute it
 * from the definitions. A site at format fp32 with statistics amax is the plain operation. CUDA
 * device code rounds with its site's device state (autoscale/device_sites.h).
 *
 * Errors (autoscale/status.h has the policy): the calls here cannot fail on the caller's data; a
 * site table the runtime cannot use (a rewritten file compiled against another runtime, a field
 * out of range) stops the program with "file:line:column: autoscale: what" naming the site.
 * autoscale_report() returns a status, with autoscale_last_error() saying what went wrong. */
#ifndef AUTOSCALE_AUTOSCALE_H
#define AUTOSCALE_AUTOSCALE_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#if !defined(__cplusplus) && (!defined(__STDC_VERSION__) || __STDC_VERSION__ < 199901L)
#error "autoscale/autoscale.h needs C99 or later: compile rewritten C with -std=c99 (or gnu99, c11, ...)"
#elif defined(__cplusplus) && __cplusplus < 201103L
#error "autoscale/autoscale.h needs C++11 or later: compile rewritten C++ with -std=c++11 (or newer)"
#else

#include "autoscale/config.h"
#include "autoscale/device_sites.h"
#include "autoscale/format.h"
#include "autoscale/hot_path.h"
#include "autoscale/site.h"
#include "autoscale/status.h"
#include "autoscale/substitution_calls.h"

AUTOSCALE_EXTERN_C_BEGIN

/* Out of line, in the runtime: round v in the given slot under the site's decision and scaling
 * state, and record it (amax, over/underflow, error). Registers the site on first use. */
float autoscale_quantize_f(autoscale_site *site, int slot, float v);
double autoscale_quantize_d(autoscale_site *site, int slot, double v);
/* Out of line: one execution of the site; rounds at the output when the site says so. */
float autoscale_result_record_f(autoscale_site *site, float v);
double autoscale_result_record_d(autoscale_site *site, double v);
/* The same for a sum v = a + b (a sub's b negated): also counts an operand its rounding absorbed
 * (autoscale_may_absorb_f_). */
float autoscale_sum_record_f(autoscale_site *site, float v, float a, float b);
double autoscale_sum_record_d(autoscale_site *site, double v, double a, double b);
/* Out of line: one execution of a binary site that rounds at its inputs, operand i belonging to
 * tensor_i (NULL: the slot's default tensor), in one call instead of three:
 * autoscale_result_record(site, autoscale_apply(op, quantize(site, 0, a), quantize(site, 1, b)))
 * with the tensors' scales, and the same bits and counters. */
float autoscale_binary_inputs_f(autoscale_site *site, int op, float a, float b, const void *tensor_a,
                                const void *tensor_b);
double autoscale_binary_inputs_d(autoscale_site *site, int op, double a, double b, const void *tensor_a,
                                 const void *tensor_b);

/* Ends a step (a training iteration, a solver sweep): amax histories roll, delayed scales are
 * recomputed, empirical analysis advances. Rewritten code calls it where the rules declare a step;
 * a program may call it itself. Thread-safe, also while other threads execute sites: a value
 * recorded meanwhile counts in this step or in the next. */
void autoscale_step(void);
/* Says that the program ends its steps with autoscale_step() from now on: no site rolls its amax
 * history every AUTOSCALE_WINDOW executions any more, as after the first autoscale_step(), but
 * nothing rolls now (sites still calibrating stay so until the first step). Window rolls counted
 * across threads fall wherever the threads interleave; without them a multithreaded program
 * computes the same in every run. Rewritten code calls it before its step loop (or at the start
 * of a step function); idempotent, thread-safe, one load once it has taken effect. */
void autoscale_begin_steps(void);
/* Writes the JSON report to path (NULL: $AUTOSCALE_REPORT). Returns AUTOSCALE_OK; AUTOSCALE_EINVAL
 * when there is no path (NULL and AUTOSCALE_REPORT unset), AUTOSCALE_EIO when the file cannot be
 * written (nothing is left behind); autoscale_last_error() then says why. */
int autoscale_report(const char *path);
/* Prints the human summary (worst sites with suggestions) to stderr unless AUTOSCALE_SUMMARY=0. */
void autoscale_summary(void);

/* A site at format fp32 with statistics amax records nothing (site.h): it is the plain operation.
 * format and statistics sit side by side in the record, so this is one load and one compare. */
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE int autoscale_plain_(const autoscale_site *s) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  autoscale_u64 both;
  AUTOSCALE_MEMCPY(&both, &s->format, sizeof both);
  return both == (AUTOSCALE_CAST(autoscale_u64, AUTOSCALE_STATS_AMAX) << 32 | AUTOSCALE_FP32);
#else
  return s->format == AUTOSCALE_FP32 && s->statistics == AUTOSCALE_STATS_AMAX;
#endif
}

AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_operand_f(autoscale_site *s, int slot, float v) {
  if (s->rounding != AUTOSCALE_ROUND_INPUTS || s->format == AUTOSCALE_FP32) return v;
#if AUTOSCALE_DEVICE_PASS
  return autoscale_device_round_f(s, slot, v);
#else
  return autoscale_quantize_f(s, slot, v);
#endif
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_operand_d(autoscale_site *s, int slot, double v) {
  if (s->rounding != AUTOSCALE_ROUND_INPUTS || s->format == AUTOSCALE_FP32) return v;
#if AUTOSCALE_DEVICE_PASS
  return autoscale_device_round_d(s, slot, v);
#else
  return autoscale_quantize_d(s, slot, v);
#endif
}
/* Whether the sum v = a + b (b as added: a sub's negated) may have lost its smaller operand whole
 * to the rounding of a format of mant_bits mantissa bits: both are non-zero, v is not the larger (an
 * fp32 sum's own a + b == a is no loss of the format's), and the smaller lies within twice the
 * format's spacing at the larger (|small| 2^(mant_bits - 1) <= |big|: a normal value's spacing is
 * at most |big| 2^-mant_bits, the sum's at most twice that), so that only such sums pay for a
 * second rounding. *big is then the larger, and the sum lost the smaller where *big rounds alone
 * to the sum's rounding: a running sum's stall (fp16's 2048 + 1), a small update to a weight, a
 * perturbation of 1e-8 added to a double, whether or not the larger is a value of the format. In
 * the format's subnormals, whose spacing is fixed, sums of smaller ratios are not tested. */
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE int autoscale_may_absorb_f_(float a, float b, float v, int mant_bits,
                                                                                   float *big) {
  /* On the magnitudes' bits, which order as the values do, and branch-free, so that a loop of lanes
   * vectorises: the ratio adds mant_bits - 1 to the smaller's exponent field (for a subnormal
   * smaller operand that is more than the product, which tests fewer sums). */
  const autoscale_u32 ua = autoscale_float_bits_(a) & 0x7FFFFFFFu, ub = autoscale_float_bits_(b) & 0x7FFFFFFFu;
  const autoscale_u32 small = ua < ub ? ua : ub, large = ua < ub ? ub : ua;
  *big = ua >= ub ? a : b;
  return (small != 0u) & (autoscale_float_bits_(v) != autoscale_float_bits_(*big)) &
         (small + (AUTOSCALE_CAST(autoscale_u32, mant_bits - 1) << 23) <= large);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE int autoscale_may_absorb_d_(double a, double b, double v, int mant_bits,
                                                                                   double *big) {
  const autoscale_u64 ua = autoscale_double_bits_(a) & 0x7FFFFFFFFFFFFFFFull, ub = autoscale_double_bits_(b) & 0x7FFFFFFFFFFFFFFFull;
  const autoscale_u64 small = ua < ub ? ua : ub, large = ua < ub ? ub : ua;
  *big = ua >= ub ? a : b;
  return (small != 0u) & (autoscale_double_bits_(v) != autoscale_double_bits_(*big)) &
         (small + (AUTOSCALE_CAST(autoscale_u64, mant_bits - 1) << 52) <= large);
}

#if AUTOSCALE_DEVICE_PASS
/* Counts a device sum q = RNE(v = a + b) that lost an operand whole: the larger rounded alone at
 * the output slot's scale (without raising its amax) is q. */
__device__ static __forceinline__ void autoscale_device_count_absorbed_f_(autoscale_site *s, float a, float b, float v, float q) {
  float big, inverse, x, rounded;
  const float scale = autoscale_device_scale_in_force_(s, &(*s->state)->slot[AUTOSCALE_SLOT_OUTPUT], &inverse);
  autoscale_device_count_absorbed_(s, autoscale_may_absorb_f_(a, b, v, autoscale_format_desc_of_(s->format).mant_bits, &big) &&
                                          scale != 0.0f && autoscale_round_inline_f_(big, scale, inverse, s->format, &x, &rounded) &&
                                          rounded == q);
}
__device__ static __forceinline__ void autoscale_device_count_absorbed_d_(autoscale_site *s, double a, double b, double v, double q) {
  double big;
  float inverse;
  const float scale = autoscale_device_scale_in_force_(s, &(*s->state)->slot[AUTOSCALE_SLOT_OUTPUT], &inverse);
  autoscale_device_count_absorbed_(s, autoscale_may_absorb_d_(a, b, v, autoscale_format_desc_of_(s->format).mant_bits, &big) &&
                                          scale != 0.0f && autoscale_round_exact_d(big, scale, s->format, s->saturate) == q);
}
#endif

/* One execution's result v: rounded when the site rounds at its output, recorded. sum: v is the sum
 * a + b, whose absorbed operands the site counts (statistics full). What the record decides
 * (rounding, format, statistics) is read from it, not from the state: the record is constant, so
 * each call compiles to its site's path alone (a site at fp32 never rounds: its values pass). */
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_result_of_f_(autoscale_site *s, float v, int sum, float a, float b) {
#if AUTOSCALE_DEVICE_PASS
  if (s->rounding != AUTOSCALE_ROUND_OUTPUT || s->format == AUTOSCALE_FP32) return v;
  const float q = autoscale_device_round_f(s, AUTOSCALE_SLOT_OUTPUT, v);
  if (sum && autoscale_site_full_(s)) autoscale_device_count_absorbed_f_(s, a, b, v, q);
  return q;
#else
  if (autoscale_plain_(s)) return v;
#if AUTOSCALE_INLINE_HOT_PATH
  struct autoscale_site_state *st = __atomic_load_n(s->state, __ATOMIC_ACQUIRE);
  autoscale_thread_site_ *t = autoscale_thread_site_of_(st);
  if (t && t->slot[AUTOSCALE_SLOT_OUTPUT].tag == 1u) {
    autoscale_slot_ *out = &t->slot[AUTOSCALE_SLOT_OUTPUT];
    if (autoscale_site_rounds_output_(s) && s->format != AUTOSCALE_FP32 && !__atomic_load_n(&st->pass, __ATOMIC_RELAXED)) {
      const autoscale_u64 range = autoscale_load_u64_(&out->range_f);
      const autoscale_u32 q_bits = autoscale_round_f_(st, range, v);
      if (q_bits != AUTOSCALE_OUT_OF_LINE_F_) {
        const float q = autoscale_bits_float_(q_bits);
        autoscale_record_rounded_f_(&out->c, autoscale_lane_(t), autoscale_site_full_(s), range, v, q);
        float big;
        if (sum && autoscale_site_full_(s) &&
            autoscale_may_absorb_f_(a, b, v, autoscale_format_desc_of_(s->format).mant_bits, &big) &&
            autoscale_round_f_(st, range, big) == q_bits)
          autoscale_bump_(&out->c.absorbed);
        autoscale_count_(st, t);
        return q;
      }
    } else if (!(autoscale_site_rounds_output_(s) || autoscale_site_records_output_(s))) { /* nothing of the result to record */
      autoscale_count_(st, t);
      return v;
    } else if (autoscale_finite_f_(v)) {
      autoscale_record_value_f_(&out->c, autoscale_site_full_(s), v);
      autoscale_count_(st, t);
      return v;
    }
  }
#endif
  return sum ? autoscale_sum_record_f(s, v, a, b) : autoscale_result_record_f(s, v);
#endif
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_result_f(autoscale_site *s, float v) {
  return autoscale_result_of_f_(s, v, 0, 0.0f, 0.0f);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_result_of_d_(autoscale_site *s, double v, int sum, double a, double b) {
#if AUTOSCALE_DEVICE_PASS
  if (s->rounding != AUTOSCALE_ROUND_OUTPUT || s->format == AUTOSCALE_FP32) return v;
  const double q = autoscale_device_round_d(s, AUTOSCALE_SLOT_OUTPUT, v);
  if (sum && autoscale_site_full_(s)) autoscale_device_count_absorbed_d_(s, a, b, v, q);
  return q;
#else
  if (autoscale_plain_(s)) return v;
#if AUTOSCALE_INLINE_HOT_PATH
  struct autoscale_site_state *st = __atomic_load_n(s->state, __ATOMIC_ACQUIRE);
  autoscale_thread_site_ *t = autoscale_thread_site_of_(st);
  if (t && t->slot[AUTOSCALE_SLOT_OUTPUT].tag == 1u) {
    autoscale_slot_ *out = &t->slot[AUTOSCALE_SLOT_OUTPUT];
    if (autoscale_site_rounds_output_(s) && s->format != AUTOSCALE_FP32 && !__atomic_load_n(&st->pass, __ATOMIC_RELAXED)) {
      const autoscale_u64 range = autoscale_load_u64_(&out->range_d);
      const autoscale_u64 q_bits = autoscale_round_d_(st, range, v);
      if (q_bits != AUTOSCALE_OUT_OF_LINE_D_) {
        const double q = autoscale_bits_double_(q_bits);
        autoscale_record_rounded_d_(&out->c, autoscale_lane_(t), autoscale_site_full_(s), range, v, q);
        double big;
        if (sum && autoscale_site_full_(s) &&
            autoscale_may_absorb_d_(a, b, v, autoscale_format_desc_of_(s->format).mant_bits, &big) &&
            autoscale_round_d_(st, range, big) == q_bits)
          autoscale_bump_(&out->c.absorbed);
        autoscale_count_(st, t);
        return q;
      }
    } else if (!(autoscale_site_rounds_output_(s) || autoscale_site_records_output_(s))) { /* nothing of the result to record */
      autoscale_count_(st, t);
      return v;
    } else if (autoscale_finite_d_(v)) {
      autoscale_record_value_d_(&out->c, autoscale_site_full_(s), v);
      autoscale_count_(st, t);
      return v;
    }
  }
#endif
  return sum ? autoscale_sum_record_d(s, v, a, b) : autoscale_result_record_d(s, v);
#endif
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_result_d(autoscale_site *s, double v) {
  return autoscale_result_of_d_(s, v, 0, 0.0, 0.0);
}

/* The arithmetic of a binary operation (AUTOSCALE_OP_ADD, _SUB, _MUL, _DIV) in the operation's
 * type; the runtime's fused entry points compute with these same functions. */
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_apply_f(int op, float a, float b) {
  return op == AUTOSCALE_OP_ADD ? a + b : op == AUTOSCALE_OP_SUB ? a - b : op == AUTOSCALE_OP_MUL ? a * b : a / b;
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_apply_d(int op, double a, double b) {
  return op == AUTOSCALE_OP_ADD ? a + b : op == AUTOSCALE_OP_SUB ? a - b : op == AUTOSCALE_OP_MUL ? a * b : a / b;
}

/* One execution of a binary site that rounds at its inputs, operand i belonging to tensor_i: the
 * common case inline (hot_path.h), the rest in autoscale_binary_inputs_*. Host only. */
#if !AUTOSCALE_DEVICE_PASS
AUTOSCALE_HOT float autoscale_binary_inputs_inline_f_(autoscale_site *s, int op, float a, float b, const void *tensor_a,
                                                     const void *tensor_b) {
#if AUTOSCALE_INLINE_HOT_PATH
  struct autoscale_site_state *st = __atomic_load_n(s->state, __ATOMIC_ACQUIRE);
  autoscale_thread_site_ *t = autoscale_thread_site_of_(st);
  if (t && t->slot[0].tag == autoscale_tag_(tensor_a) && t->slot[1].tag == autoscale_tag_(tensor_b)) {
    float r;
    const autoscale_u64 range_a = autoscale_load_u64_(&t->slot[0].range_f), range_b = autoscale_load_u64_(&t->slot[1].range_f);
    const int full = autoscale_site_full_(s), output = autoscale_site_records_output_(s);
    if (__atomic_load_n(&st->pass, __ATOMIC_RELAXED)) { /* empirical analysis: values pass, recorded */
      r = autoscale_apply_f(op, a, b);
      if (autoscale_finite_f_(a) & autoscale_finite_f_(b) & autoscale_finite_f_(r)) {
        autoscale_record_value_f_(&t->slot[0].c, full, a);
        autoscale_record_value_f_(&t->slot[1].c, full, b);
        if (output) autoscale_record_value_f_(&t->slot[AUTOSCALE_SLOT_OUTPUT].c, full, r);
        autoscale_count_(st, t);
        return r;
      }
    } else {
      const autoscale_u32 qa_bits = autoscale_round_f_(st, range_a, a), qb_bits = autoscale_round_f_(st, range_b, b);
      const float qa = autoscale_bits_float_(qa_bits), qb = autoscale_bits_float_(qb_bits);
      r = autoscale_apply_f(op, qa, qb);
      if ((qa_bits != AUTOSCALE_OUT_OF_LINE_F_) & (qb_bits != AUTOSCALE_OUT_OF_LINE_F_) & (!output || autoscale_finite_f_(r))) {
        const autoscale_u64 lane = autoscale_lane_(t);
        autoscale_record_rounded_f_(&t->slot[0].c, lane, full, range_a, a, qa);
        autoscale_record_rounded_f_(&t->slot[1].c, lane, full, range_b, b, qb);
        if (output) autoscale_record_value_f_(&t->slot[AUTOSCALE_SLOT_OUTPUT].c, full, r);
        autoscale_count_(st, t);
        return r;
      }
    }
  }
#endif
  return autoscale_binary_inputs_f(s, op, a, b, tensor_a, tensor_b);
}
AUTOSCALE_HOT double autoscale_binary_inputs_inline_d_(autoscale_site *s, int op, double a, double b, const void *tensor_a,
                                                     const void *tensor_b) {
#if AUTOSCALE_INLINE_HOT_PATH
  struct autoscale_site_state *st = __atomic_load_n(s->state, __ATOMIC_ACQUIRE);
  autoscale_thread_site_ *t = autoscale_thread_site_of_(st);
  if (t && t->slot[0].tag == autoscale_tag_(tensor_a) && t->slot[1].tag == autoscale_tag_(tensor_b)) {
    double r;
    const autoscale_u64 range_a = autoscale_load_u64_(&t->slot[0].range_d), range_b = autoscale_load_u64_(&t->slot[1].range_d);
    const int full = autoscale_site_full_(s), output = autoscale_site_records_output_(s);
    if (__atomic_load_n(&st->pass, __ATOMIC_RELAXED)) { /* empirical analysis: values pass, recorded */
      r = autoscale_apply_d(op, a, b);
      if (autoscale_finite_d_(a) & autoscale_finite_d_(b) & autoscale_finite_d_(r)) {
        autoscale_record_value_d_(&t->slot[0].c, full, a);
        autoscale_record_value_d_(&t->slot[1].c, full, b);
        if (output) autoscale_record_value_d_(&t->slot[AUTOSCALE_SLOT_OUTPUT].c, full, r);
        autoscale_count_(st, t);
        return r;
      }
    } else {
      const autoscale_u64 qa_bits = autoscale_round_d_(st, range_a, a), qb_bits = autoscale_round_d_(st, range_b, b);
      const double qa = autoscale_bits_double_(qa_bits), qb = autoscale_bits_double_(qb_bits);
      r = autoscale_apply_d(op, qa, qb);
      if ((qa_bits != AUTOSCALE_OUT_OF_LINE_D_) & (qb_bits != AUTOSCALE_OUT_OF_LINE_D_) & (!output || autoscale_finite_d_(r))) {
        const autoscale_u64 lane = autoscale_lane_(t);
        autoscale_record_rounded_d_(&t->slot[0].c, lane, full, range_a, a, qa);
        autoscale_record_rounded_d_(&t->slot[1].c, lane, full, range_b, b, qb);
        if (output) autoscale_record_value_d_(&t->slot[AUTOSCALE_SLOT_OUTPUT].c, full, r);
        autoscale_count_(st, t);
        return r;
      }
    }
  }
#endif
  return autoscale_binary_inputs_d(s, op, a, b, tensor_a, tensor_b);
}
#endif

/* One execution of a binary site: a site at fp32 or rounding its output computes from the operands
 * as they are and records (or rounds) the result; one rounding its inputs quantises both. */
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_binary_tensors_f_(autoscale_site *s, int op, float a, float b,
                                                                const void *tensor_a, const void *tensor_b) {
#if !AUTOSCALE_DEVICE_PASS
  if (autoscale_plain_(s)) return autoscale_apply_f(op, a, b);
  if (s->rounding == AUTOSCALE_ROUND_INPUTS && s->format != AUTOSCALE_FP32)
    return autoscale_binary_inputs_inline_f_(s, op, a, b, tensor_a, tensor_b);
#endif
  (void)tensor_a;
  (void)tensor_b;
  if ((op == AUTOSCALE_OP_ADD || op == AUTOSCALE_OP_SUB) && autoscale_site_rounds_output_(s)) /* operands as given */
    return autoscale_result_of_f_(s, autoscale_apply_f(op, a, b), 1, a, op == AUTOSCALE_OP_SUB ? -b : b);
  return autoscale_result_f(s, autoscale_apply_f(op, autoscale_operand_f(s, 0, a), autoscale_operand_f(s, 1, b)));
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_binary_f(autoscale_site *s, int op, float a, float b) {
  return autoscale_binary_tensors_f_(s, op, a, b, AUTOSCALE_NULL, AUTOSCALE_NULL);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_binary_tensors_d_(autoscale_site *s, int op, double a, double b,
                                                                const void *tensor_a, const void *tensor_b) {
#if !AUTOSCALE_DEVICE_PASS
  if (autoscale_plain_(s)) return autoscale_apply_d(op, a, b);
  if (s->rounding == AUTOSCALE_ROUND_INPUTS && s->format != AUTOSCALE_FP32)
    return autoscale_binary_inputs_inline_d_(s, op, a, b, tensor_a, tensor_b);
#endif
  (void)tensor_a;
  (void)tensor_b;
  if ((op == AUTOSCALE_OP_ADD || op == AUTOSCALE_OP_SUB) && autoscale_site_rounds_output_(s)) /* operands as given */
    return autoscale_result_of_d_(s, autoscale_apply_d(op, a, b), 1, a, op == AUTOSCALE_OP_SUB ? -b : b);
  return autoscale_result_d(s, autoscale_apply_d(op, autoscale_operand_d(s, 0, a), autoscale_operand_d(s, 1, b)));
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_binary_d(autoscale_site *s, int op, double a, double b) {
  return autoscale_binary_tensors_d_(s, op, a, b, AUTOSCALE_NULL, AUTOSCALE_NULL);
}

/* Binary operators in float (_f) and double (_d); operands arrive already converted to the
 * operation's type by the usual arithmetic conversions, which the tool spells out as casts. */
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_add_f(autoscale_site *s, float a, float b) {
  return autoscale_binary_f(s, AUTOSCALE_OP_ADD, a, b);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_add_d(autoscale_site *s, double a, double b) {
  return autoscale_binary_d(s, AUTOSCALE_OP_ADD, a, b);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_sub_f(autoscale_site *s, float a, float b) {
  return autoscale_binary_f(s, AUTOSCALE_OP_SUB, a, b);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_sub_d(autoscale_site *s, double a, double b) {
  return autoscale_binary_d(s, AUTOSCALE_OP_SUB, a, b);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_mul_f(autoscale_site *s, float a, float b) {
  return autoscale_binary_f(s, AUTOSCALE_OP_MUL, a, b);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_mul_d(autoscale_site *s, double a, double b) {
  return autoscale_binary_d(s, AUTOSCALE_OP_MUL, a, b);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_div_f(autoscale_site *s, float a, float b) {
  return autoscale_binary_f(s, AUTOSCALE_OP_DIV, a, b);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_div_d(autoscale_site *s, double a, double b) {
  return autoscale_binary_d(s, AUTOSCALE_OP_DIV, a, b);
}

/* The same, naming each operand's tensor (see the top of this file): each tensor of a site keeps its
 * own scale and amax history. */
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_add_tensors_f(autoscale_site *s, float a, float b, const void *tensor_a,
                                                              const void *tensor_b) {
  return autoscale_binary_tensors_f_(s, AUTOSCALE_OP_ADD, a, b, tensor_a, tensor_b);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_add_tensors_d(autoscale_site *s, double a, double b, const void *tensor_a,
                                                              const void *tensor_b) {
  return autoscale_binary_tensors_d_(s, AUTOSCALE_OP_ADD, a, b, tensor_a, tensor_b);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_sub_tensors_f(autoscale_site *s, float a, float b, const void *tensor_a,
                                                              const void *tensor_b) {
  return autoscale_binary_tensors_f_(s, AUTOSCALE_OP_SUB, a, b, tensor_a, tensor_b);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_sub_tensors_d(autoscale_site *s, double a, double b, const void *tensor_a,
                                                              const void *tensor_b) {
  return autoscale_binary_tensors_d_(s, AUTOSCALE_OP_SUB, a, b, tensor_a, tensor_b);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_mul_tensors_f(autoscale_site *s, float a, float b, const void *tensor_a,
                                                              const void *tensor_b) {
  return autoscale_binary_tensors_f_(s, AUTOSCALE_OP_MUL, a, b, tensor_a, tensor_b);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_mul_tensors_d(autoscale_site *s, double a, double b, const void *tensor_a,
                                                              const void *tensor_b) {
  return autoscale_binary_tensors_d_(s, AUTOSCALE_OP_MUL, a, b, tensor_a, tensor_b);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_div_tensors_f(autoscale_site *s, float a, float b, const void *tensor_a,
                                                              const void *tensor_b) {
  return autoscale_binary_tensors_f_(s, AUTOSCALE_OP_DIV, a, b, tensor_a, tensor_b);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_div_tensors_d(autoscale_site *s, double a, double b, const void *tensor_a,
                                                              const void *tensor_b) {
  return autoscale_binary_tensors_d_(s, AUTOSCALE_OP_DIV, a, b, tensor_a, tensor_b);
}

/* Compound assignment: *lhs = *lhs op rhs, lhs evaluated once (the tool passes its address). The
 * _fd forms take a float lhs and compute in double (f op= 0.5), converting the result back. */
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_add_assign_f(autoscale_site *s, float *lhs, float rhs) {
  return *lhs = autoscale_add_f(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_add_assign_d(autoscale_site *s, double *lhs, double rhs) {
  return *lhs = autoscale_add_d(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_add_assign_fd(autoscale_site *s, float *lhs, double rhs) {
  return *lhs = AUTOSCALE_CAST(float, autoscale_add_d(s, AUTOSCALE_CAST(double, *lhs), rhs));
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_sub_assign_f(autoscale_site *s, float *lhs, float rhs) {
  return *lhs = autoscale_sub_f(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_sub_assign_d(autoscale_site *s, double *lhs, double rhs) {
  return *lhs = autoscale_sub_d(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_sub_assign_fd(autoscale_site *s, float *lhs, double rhs) {
  return *lhs = AUTOSCALE_CAST(float, autoscale_sub_d(s, AUTOSCALE_CAST(double, *lhs), rhs));
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_mul_assign_f(autoscale_site *s, float *lhs, float rhs) {
  return *lhs = autoscale_mul_f(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_mul_assign_d(autoscale_site *s, double *lhs, double rhs) {
  return *lhs = autoscale_mul_d(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_mul_assign_fd(autoscale_site *s, float *lhs, double rhs) {
  return *lhs = AUTOSCALE_CAST(float, autoscale_mul_d(s, AUTOSCALE_CAST(double, *lhs), rhs));
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_div_assign_f(autoscale_site *s, float *lhs, float rhs) {
  return *lhs = autoscale_div_f(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_div_assign_d(autoscale_site *s, double *lhs, double rhs) {
  return *lhs = autoscale_div_d(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_div_assign_fd(autoscale_site *s, float *lhs, double rhs) {
  return *lhs = AUTOSCALE_CAST(float, autoscale_div_d(s, AUTOSCALE_CAST(double, *lhs), rhs));
}

AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_neg_f(autoscale_site *s, float a) {
  return autoscale_result_f(s, -autoscale_operand_f(s, 0, a));
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_neg_d(autoscale_site *s, double a) {
  return autoscale_result_d(s, -autoscale_operand_d(s, 0, a));
}

/* ++ and -- on floating lvalues: x = x +- 1 in the lvalue's type; pre forms return the new value,
 * post forms the old one. */
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_preinc_f(autoscale_site *s, float *p) {
  return *p = autoscale_add_f(s, *p, 1.0f);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_postinc_f(autoscale_site *s, float *p) {
  float old = *p;
  *p = autoscale_add_f(s, old, 1.0f);
  return old;
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_preinc_d(autoscale_site *s, double *p) {
  return *p = autoscale_add_d(s, *p, 1.0);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_postinc_d(autoscale_site *s, double *p) {
  double old = *p;
  *p = autoscale_add_d(s, old, 1.0);
  return old;
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_predec_f(autoscale_site *s, float *p) {
  return *p = autoscale_sub_f(s, *p, 1.0f);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE float autoscale_postdec_f(autoscale_site *s, float *p) {
  float old = *p;
  *p = autoscale_sub_f(s, old, 1.0f);
  return old;
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_predec_d(autoscale_site *s, double *p) {
  return *p = autoscale_sub_d(s, *p, 1.0);
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE double autoscale_postdec_d(autoscale_site *s, double *p) {
  double old = *p;
  *p = autoscale_sub_d(s, old, 1.0);
  return old;
}

/* The link-time ABI check (config.h): a reference the compiler keeps. Device code has none; a unit
 * that only reads constants from the headers and links no runtime (autoscale-rewrite itself)
 * defines AUTOSCALE_NO_ABI_REFERENCE. */
#if defined(__GNUC__) && !defined(__CUDA_ARCH__) && !defined(AUTOSCALE_NO_ABI_REFERENCE)
extern const int AUTOSCALE_ABI_SYMBOL;
/* `retain` keeps it through the linker's --gc-sections too (where the compiler knows it). */
#if defined(__has_attribute)
#if __has_attribute(retain)
#define AUTOSCALE_KEEP_ __attribute__((used, retain))
#endif
#endif
#ifndef AUTOSCALE_KEEP_
#define AUTOSCALE_KEEP_ __attribute__((used))
#endif
AUTOSCALE_KEEP_ static const int *const autoscale_abi_reference_ = &AUTOSCALE_ABI_SYMBOL;
#undef AUTOSCALE_KEEP_
#endif

AUTOSCALE_EXTERN_C_END

#include "autoscale/compact_calls.h"
#ifdef __cplusplus
#include "autoscale/generics.h"
#endif

#endif /* the C99 / C++11 check */
#endif
