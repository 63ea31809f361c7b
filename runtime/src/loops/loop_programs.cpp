// autoscale_loop_f (autoscale.h): a loop program run as its loop of rewritten statements would run
// it, the same results and counters (the error sums within 1e-6 relative: a block sums them in
// float first, BlockTally).
//
// The reference is run_one: one iteration, every op the call the rewritten statement makes. The
// fast path runs blocks of up to 64 iterations op by op, each register a block of lanes: plain
// arithmetic and math calls lane by lane, and each site the way the inline path computes it
// (hot_path.h), rounding 8 lanes at once (simd_rounding.h) with its statistics summed per block. A
// block holding any value the inline path would hand out of line changes nothing (its stores wait
// until every op succeeded) and its iterations run one by one. Blocks run between the points where
// the scalar calls could see anything change: a window count (a site's `left` reaching 0) and the
// first use of a tensor or a site, which the iterations run one by one meet themselves.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "autoscale/autoscale.h"
#include "formats/simd_rounding.h"
#include "loops/loop_program.h"
#include "sites/site_calls.h"
#include "sites/thread_counters.h"

namespace autoscale::detail::loop_program {
namespace {

int arithmetic_of(int code) {  // AUTOSCALE_OP_* of ADD..DIV and SITE_ADD..SITE_DIV
  static const int ops[] = {AUTOSCALE_OP_ADD, AUTOSCALE_OP_SUB, AUTOSCALE_OP_MUL, AUTOSCALE_OP_DIV};
  return ops[is_site_arithmetic(code) ? code - AUTOSCALE_LOOP_SITE_ADD : code - AUTOSCALE_LOOP_ADD];
}

bool is_choice(int code) { return code >= AUTOSCALE_LOOP_LESS && code <= AUTOSCALE_LOOP_SELECT; }

// A comparison or a selection from the values of its registers a, b and (SELECT) c. A conditional
// expression evaluates one of its values; the finder only makes a program of one whose values are
// computed whatever the condition, so reading both here changes nothing.
AUTOSCALE_FORCE_INLINE inline float choice(const autoscale_loop_op &op, float a, float b, float c) {
  switch (op.code) {
  case AUTOSCALE_LOOP_LESS: return a < b ? 1.0f : 0.0f;
  case AUTOSCALE_LOOP_LESS_EQUAL: return a <= b ? 1.0f : 0.0f;
  case AUTOSCALE_LOOP_EQUAL: return a == b ? 1.0f : 0.0f;
  default: return a != 0.0f ? b : c;  // SELECT
  }
}

// The counter at iteration i from its first value: exact, as AUTOSCALE_COUNTER_EXACT holds.
AUTOSCALE_FORCE_INLINE inline float counter(float first, std::size_t i) { return first + static_cast<float>(i); }

// Iteration i, exactly the calls of the rewritten statements.
void run_one(const Program &p, std::size_t i, float *r) {
  for (int o = 0; o < p.count; ++o) {
    const autoscale_loop_op &op = p.ops[o];
    autoscale_site *s = has_site(op.code) ? p.sites[op.site] : nullptr;
    switch (op.code) {
    case AUTOSCALE_LOOP_LOAD: r[op.dst] = p.at(op.a, i); break;
    case AUTOSCALE_LOOP_STORE: p.at(op.a, i) = r[op.b]; break;
    case AUTOSCALE_LOOP_PARAM: r[op.dst] = p.params[op.a]; break;
    case AUTOSCALE_LOOP_ADD:
    case AUTOSCALE_LOOP_SUB:
    case AUTOSCALE_LOOP_MUL:
    case AUTOSCALE_LOOP_DIV: r[op.dst] = autoscale_apply_f(arithmetic_of(op.code), r[op.a], r[op.b]); break;
    case AUTOSCALE_LOOP_NEG: r[op.dst] = -r[op.a]; break;
    case AUTOSCALE_LOOP_SITE_ADD:
    case AUTOSCALE_LOOP_SITE_SUB:
    case AUTOSCALE_LOOP_SITE_MUL:
    case AUTOSCALE_LOOP_SITE_DIV:
      r[op.dst] = autoscale_binary_tensors_f_(s, arithmetic_of(op.code), r[op.a], r[op.b], p.key(op.key_a),
                                              p.key(op.key_b));
      break;
    case AUTOSCALE_LOOP_SITE_NEG: r[op.dst] = autoscale_neg_f(s, r[op.a]); break;
    case AUTOSCALE_LOOP_OPERAND: r[op.dst] = autoscale_operand_f(s, op.b, r[op.a]); break;
    case AUTOSCALE_LOOP_RESULT: r[op.dst] = autoscale_result_f(s, r[op.a]); break;
    case AUTOSCALE_LOOP_CALL: r[op.dst] = p.functions[op.b](r[op.a]); break;
    case AUTOSCALE_LOOP_COUNTER: r[op.dst] = counter(r[op.a], i); break;
    default: r[op.dst] = choice(op, r[op.a], r[op.b], op.code == AUTOSCALE_LOOP_SELECT ? r[op.c] : 0.0f);
    }
  }
}

// How a site op runs now, as the header's inline path would run it.
enum class Kind : uint8_t {
  Plain,     // fp32 with statistics amax: the plain operation, nothing counted
  Identity,  // an OPERAND of a site that does not round its inputs: the value as it is
  Inputs,    // rounds both operands (slots 0 and 1), records them and, when asked, the result
  PassInputs,  // would round both operands but passes them now (empirical analysis, a delayed
               // site's calibration step): records them as they are and, when asked, the result
  Output,    // rounds the result (the output slot)
  Count,     // counts the execution only
  Record,    // records the result as it is (fp32 statistics, empirical analysis)
  Never      // goes out of line: the iterations run one by one
};

bool counts(Kind k) {
  return k == Kind::Inputs || k == Kind::PassInputs || k == Kind::Output || k == Kind::Count || k == Kind::Record;
}

struct Ready {
  Kind kind = Kind::Never;
  SiteState *st = nullptr;
  ThreadSite *t = nullptr;
  uint64_t range[kSlots] = {};  // the float range words of the slots the kind rounds
  bool full = false, record_output = false;
  int mant_bits = 0;  // the format's, for the sums that may lose an operand whole
};

// The state of op o's site for the next run, into r (in place: a Ready returned by value costs a
// stalled copy per op and run); the calling thread's block is set up for the op's tensors as its
// call would set it up.
void prepare(const Program &p, const autoscale_loop_op &op, Ready &r) {
  r.kind = Kind::Never;
  r.st = nullptr;
  r.t = nullptr;
  autoscale_site *s = p.sites[op.site];
  const bool rounds_inputs = s->rounding == AUTOSCALE_ROUND_INPUTS && s->format != AUTOSCALE_FP32;
  if (op.code == AUTOSCALE_LOOP_OPERAND) {
    r.kind = rounds_inputs ? Kind::Never : Kind::Identity;  // autoscale_operand_f rounds out of line
    return;
  }
  if (autoscale_plain_(s)) {
    r.kind = Kind::Plain;
    return;
  }
  if (rounds_inputs && op.code != AUTOSCALE_LOOP_RESULT && !is_site_arithmetic(op.code)) return;  // SITE_NEG
  r.st = entered_state_of(s);
  r.t = &thread_site(r.st);
  r.full = r.st->full != 0;
  r.record_output = r.st->record_output != 0;
  const bool pass = __atomic_load_n(&r.st->pass, __ATOMIC_RELAXED) != 0;
  if (rounds_inputs && op.code != AUTOSCALE_LOOP_RESULT) {
    const void *keys[kSlots] = {p.key(op.key_a), p.key(op.key_b), nullptr, nullptr};
    use_tensors(r.st, *r.t, {0, 1}, keys);
    r.kind = pass ? Kind::PassInputs : Kind::Inputs;
  } else {
    const void *keys[kSlots] = {};
    use_tensors(r.st, *r.t, {AUTOSCALE_SLOT_OUTPUT}, keys);
    r.kind = r.st->round_output && !pass                    ? Kind::Output
             : !(r.st->round_output || r.st->record_output) ? Kind::Count
                                                             : Kind::Record;
  }
  for (int k = 0; k < kSlots; ++k) r.range[k] = load_relaxed(r.t->slot[k].range_f);
  r.mant_bits = autoscale_format_desc_of_(r.st->format).mant_bits;
}

// Each slot's statistics over a block (BlockTally's totals).
struct OpSums {
  BlockTotals slot[kSlots];
};

AUTOSCALE_FORCE_INLINE inline U8 not_finite(U8 v) { return (U8)((v & 0x7FFFFFFFu) >= 0x7F800000u); }

// The lane loops of a block, each with its operation fixed so that it vectorises.
AUTOSCALE_FORCE_INLINE inline void arithmetic(int op, const float *a, const float *b, float *d, int m) {
  switch (op) {
  case AUTOSCALE_OP_ADD: for (int k = 0; k < m; ++k) d[k] = a[k] + b[k]; break;
  case AUTOSCALE_OP_SUB: for (int k = 0; k < m; ++k) d[k] = a[k] - b[k]; break;
  case AUTOSCALE_OP_MUL: for (int k = 0; k < m; ++k) d[k] = a[k] * b[k]; break;
  default: for (int k = 0; k < m; ++k) d[k] = a[k] / b[k]; break;
  }
}
// m is a multiple of 8: whole vectors, copied inline (memcpy of a variable length is a call).
AUTOSCALE_FORCE_INLINE inline void strided_copy(const float *from, std::ptrdiff_t from_stride, float *to,
                                                std::ptrdiff_t to_stride, int m) {
  if (from_stride == 1 && to_stride == 1) {
    for (int k = 0; k < m; k += 8) __builtin_memcpy(to + k, from + k, sizeof(F8));
  } else if (from_stride == 0 && to_stride == 1) {
    std::fill(to, to + m, *from);
  } else {
    for (int k = 0; k < m; ++k) to[k * to_stride] = from[k * from_stride];
  }
}
// v rounded into q as the site's inline path rounds it, and counted in s.
struct Rounding {
  uint64_t range;
  uint32_t half, mask, drop;
  bool full;
};
AUTOSCALE_FORCE_INLINE inline BlockTotals round_lanes(const Rounding &r, const float *v, float *q, int m, U8 &bad) {
  BlockTally s;
  for (int k = 0; k < m; k += 8) {
    U8 x;
    __builtin_memcpy(&x, v + k, sizeof x);
    const U8 y = round8(x, r.range, r.half, r.mask, r.drop, bad);
    s.rounded(x, y, r.range, r.full);
    __builtin_memcpy(q + k, &y, sizeof y);
  }
  return s.totals(v, q, m, r.range, r.full);
}
// v recorded as it is (amax), which needs every value finite.
AUTOSCALE_FORCE_INLINE inline BlockTotals record_lanes(const float *v, int m, U8 &bad) {
  BlockTally s;
  U8 nonfinite = {};
  for (int k = 0; k < m; k += 8) {
    U8 x;
    __builtin_memcpy(&x, v + k, sizeof x);
    nonfinite |= not_finite(x);
    s.recorded(x);
  }
  bad |= nonfinite;
  return s.totals(v, v, m, 0, false);
}

// A site that passes its inputs now, over a block: the operands as they are, recorded, and the
// result, which must be finite. Out of line and on its own sums: it runs in the first steps only,
// and inside run_block's body it slowed the common case (docs/PERFORMANCE.md, design choices).
__attribute__((noinline)) void pass_lanes(const autoscale_loop_op &op, const float *a,
                                          const float *b, float *dst, int m, OpSums &sums, U8 &bad) {
  sums.slot[0] = record_lanes(a, m, bad);
  sums.slot[1] = record_lanes(b, m, bad);
  arithmetic(arithmetic_of(op.code), a, b, dst, m);
  sums.slot[AUTOSCALE_SLOT_OUTPUT] = record_lanes(dst, m, bad);  // read when the site records its output
}

// A site op that adds or subtracts, whose rounding may absorb an operand (autoscale.h), and its
// second operand as added.
bool is_sum(int code) { return code == AUTOSCALE_LOOP_SITE_ADD || code == AUTOSCALE_LOOP_SITE_SUB; }
AUTOSCALE_FORCE_INLINE inline float signed_addend(int code, float b) { return code == AUTOSCALE_LOOP_SITE_SUB ? -b : b; }
// Whether a sum's lane v = a + b, rounded to q, lost an operand whole (autoscale_may_absorb_f_): the
// larger rounds alone to q under the output's range.
AUTOSCALE_FORCE_INLINE inline bool absorbed_lane(const Ready &r, float a, float b, float v, float q) {
  float big;
  return __builtin_expect(autoscale_may_absorb_f_(a, b, v, r.mant_bits, &big), 0) &&
         autoscale_round_f_(r.st, r.range[AUTOSCALE_SLOT_OUTPUT], big) == autoscale_float_bits_(q);
}

// One lane's value v rounded to q as the inline path rounds it, counted into t (as
// autoscale_record_rounded_f_ counts).
AUTOSCALE_FORCE_INLINE inline void rounded_lane(BlockTotals &t, float v, float q, uint64_t range, bool full) {
  const uint32_t av = autoscale_float_bits_(v) & 0x7FFFFFFFu, aq = autoscale_float_bits_(q) & 0x7FFFFFFFu;
  t.amax = std::max(t.amax, av);
  if (!full) return;
  t.error += static_cast<double>(__builtin_fabsf(q - v));
  t.value += static_cast<double>(__builtin_fabsf(v));
  if (aq < static_cast<uint32_t>(range)) (aq != 0 ? t.subnormals : t.underflows) += aq != 0 || av != 0;
}

// A carried op on one lane, as run_block's lanes compute it: false when the site would go out of
// line.
AUTOSCALE_FORCE_INLINE inline bool site_lane(const autoscale_loop_op &op, const Ready &r, float a, float b, float &out,
                                             BlockTotals *t) {
  const bool arith = is_site_arithmetic(op.code);
  const float v = arith ? autoscale_apply_f(arithmetic_of(op.code), a, b) : op.code == AUTOSCALE_LOOP_SITE_NEG ? -a : a;
  switch (r.kind) {
  case Kind::Plain:
  case Kind::Identity:
  case Kind::Count: out = v; return true;
  case Kind::Inputs: {
    const uint32_t qa = autoscale_round_f_(r.st, r.range[0], a), qb = autoscale_round_f_(r.st, r.range[1], b);
    if (qa == AUTOSCALE_OUT_OF_LINE_F_ || qb == AUTOSCALE_OUT_OF_LINE_F_) return false;
    rounded_lane(t[0], a, autoscale_bits_float_(qa), r.range[0], r.full);
    rounded_lane(t[1], b, autoscale_bits_float_(qb), r.range[1], r.full);
    out = autoscale_apply_f(arithmetic_of(op.code), autoscale_bits_float_(qa), autoscale_bits_float_(qb));
    if (r.record_output) {
      if (!autoscale_finite_f_(out)) return false;
      t[AUTOSCALE_SLOT_OUTPUT].amax = std::max(t[AUTOSCALE_SLOT_OUTPUT].amax, autoscale_float_bits_(out) & 0x7FFFFFFFu);
    }
    return true;
  }
  case Kind::Output: {
    const uint32_t q = autoscale_round_f_(r.st, r.range[AUTOSCALE_SLOT_OUTPUT], v);
    if (q == AUTOSCALE_OUT_OF_LINE_F_) return false;
    out = autoscale_bits_float_(q);
    rounded_lane(t[AUTOSCALE_SLOT_OUTPUT], v, out, r.range[AUTOSCALE_SLOT_OUTPUT], r.full);
    if (r.full && is_sum(op.code)) t[AUTOSCALE_SLOT_OUTPUT].absorbed += absorbed_lane(r, a, signed_addend(op.code, b), v, out);
    return true;
  }
  case Kind::PassInputs:  // as the inline path's pass: every value finite, each recorded as it is
    if (!(autoscale_finite_f_(a) & autoscale_finite_f_(b) & autoscale_finite_f_(v))) return false;
    t[0].amax = std::max(t[0].amax, autoscale_float_bits_(a) & 0x7FFFFFFFu);
    t[1].amax = std::max(t[1].amax, autoscale_float_bits_(b) & 0x7FFFFFFFu);
    if (r.record_output)
      t[AUTOSCALE_SLOT_OUTPUT].amax = std::max(t[AUTOSCALE_SLOT_OUTPUT].amax, autoscale_float_bits_(v) & 0x7FFFFFFFu);
    out = v;
    return true;
  case Kind::Record:
    if (!autoscale_finite_f_(v)) return false;
    t[AUTOSCALE_SLOT_OUTPUT].amax = std::max(t[AUTOSCALE_SLOT_OUTPUT].amax, autoscale_float_bits_(v) & 0x7FFFFFFFu);
    out = v;
    return true;
  case Kind::Never: break;
  }
  return false;
}

// The carried ops of iterations [i0, i0 + m), lane after lane, each in program order, on the lanes
// of their registers (the ops they read that are not carried have run); a carried cell's load reads
// what the last store to it left. false when a site would go out of line.
bool run_carried(const Program &p, const Ready *ready, std::size_t i0, int m, float *reg, OpSums *sums) {
  const auto lane = [reg](int r, int k) -> float & { return reg[static_cast<std::ptrdiff_t>(r) * kBlock + k]; };
  for (const Recurrence &r : *p.recurrences) {
    const autoscale_loop_op &load = p.ops[r.load], &arith = p.ops[r.arith];
    const bool left = arith.a == load.dst;
    float *loaded = &lane(load.dst, 0), *out = &lane(arith.dst, 0);
    const float *other = &lane(left ? arith.b : arith.a, 0);
    float v = p.at(load.a, i0);
    const auto recur = [&](auto apply) {
      for (int k = 0; k < m; ++k) loaded[k] = v, v = left ? apply(v, other[k]) : apply(other[k], v), out[k] = v;
    };
    switch (arithmetic_of(arith.code)) {
    case AUTOSCALE_OP_ADD: recur([](float x, float y) { return x + y; }); break;
    case AUTOSCALE_OP_SUB: recur([](float x, float y) { return x - y; }); break;
    case AUTOSCALE_OP_MUL: recur([](float x, float y) { return x * y; }); break;
    default: recur([](float x, float y) { return x / y; }); break;
    }
  }
  for (const CarriedOp &c : *p.carried)
    if (has_site(p.ops[c.op].code)) sums[c.op] = OpSums{};
  for (int k = 0; k < m; ++k)
    for (const CarriedOp &c : *p.carried) {
      const autoscale_loop_op &op = p.ops[c.op];
      switch (op.code) {
      case AUTOSCALE_LOOP_LOAD:
        lane(op.dst, k) = c.same >= 0 ? lane(c.same, k) : k > 0 ? lane(c.previous, k - 1) : p.at(op.a, i0);
        break;
      case AUTOSCALE_LOOP_STORE: break;  // held in its register's lane until the block commits
      case AUTOSCALE_LOOP_ADD:
      case AUTOSCALE_LOOP_SUB:
      case AUTOSCALE_LOOP_MUL:
      case AUTOSCALE_LOOP_DIV:
        lane(op.dst, k) = autoscale_apply_f(arithmetic_of(op.code), lane(op.a, k), lane(op.b, k));
        break;
      case AUTOSCALE_LOOP_NEG: lane(op.dst, k) = -lane(op.a, k); break;
      case AUTOSCALE_LOOP_CALL: lane(op.dst, k) = p.functions[op.b](lane(op.a, k)); break;
      case AUTOSCALE_LOOP_COUNTER: lane(op.dst, k) = counter(lane(op.a, k), i0 + static_cast<std::size_t>(k)); break;
      default:
        if (is_choice(op.code)) {
          lane(op.dst, k) = choice(op, lane(op.a, k), lane(op.b, k), op.code == AUTOSCALE_LOOP_SELECT ? lane(op.c, k) : 0.0f);
          break;
        }
        if (!site_lane(op, ready[c.op], lane(op.a, k), is_site_arithmetic(op.code) ? lane(op.b, k) : 0.0f,
                       lane(op.dst, k), sums[c.op].slot))
          return false;
      }
    }
  return true;
}

// Iterations [i0, i0 + m) (m a multiple of 8) in registers of blocks, their statistics into sums:
// false when a site would go out of line for any of them, and then nothing is stored.
AUTOSCALE_SIMD_CLONES bool run_block(const Program &p, const Ready *ready, std::size_t i0, int m, float *reg,
                                     OpSums *sums) {
  const auto lanes = [reg](int r) { return reg + static_cast<std::ptrdiff_t>(r) * kBlock; };
  U8 bad = {};
  alignas(32) float qa[kBlock], qb[kBlock];
  for (int o = 0; o < p.count; ++o) {
    const autoscale_loop_op &op = p.ops[o];
    if (p.chained[o]) continue;  // after the others, lane by lane
    float *dst = op.dst >= 0 ? lanes(op.dst) : nullptr;
    const float *a = op.a >= 0 ? lanes(op.a) : nullptr;
    switch (op.code) {
    case AUTOSCALE_LOOP_LOAD: strided_copy(&p.at(op.a, i0), p.strides[op.a], dst, 1, m); continue;
    case AUTOSCALE_LOOP_STORE: continue;  // once every op has succeeded
    case AUTOSCALE_LOOP_PARAM: std::fill(dst, dst + m, p.params[op.a]); continue;
    case AUTOSCALE_LOOP_ADD:
    case AUTOSCALE_LOOP_SUB:
    case AUTOSCALE_LOOP_MUL:
    case AUTOSCALE_LOOP_DIV: arithmetic(arithmetic_of(op.code), a, lanes(op.b), dst, m); continue;
    case AUTOSCALE_LOOP_NEG:
      for (int k = 0; k < m; ++k) dst[k] = -a[k];
      continue;
    case AUTOSCALE_LOOP_CALL:
      for (int k = 0; k < m; ++k) dst[k] = p.functions[op.b](a[k]);
      continue;
    case AUTOSCALE_LOOP_COUNTER:
      for (int k = 0; k < m; ++k) dst[k] = counter(a[k], i0 + static_cast<std::size_t>(k));
      continue;
    default:
      if (is_choice(op.code)) {
        const float *b = lanes(op.b), *c = op.code == AUTOSCALE_LOOP_SELECT ? lanes(op.c) : b;
        for (int k = 0; k < m; ++k) dst[k] = choice(op, a[k], b[k], c[k]);
        continue;
      }
      break;
    }
    // A site op: what it computes before rounding, into dst; then its rounding and counting.
    const Ready &r = ready[o];
    if (r.kind == Kind::Never) return false;
    if (r.kind == Kind::PassInputs) {
      pass_lanes(op, a, lanes(op.b), dst, m, sums[o], bad);
      continue;
    }
    const bool arith = is_site_arithmetic(op.code);
    BlockTotals *s = sums[o].slot;  // only the slots commit() reads for the op's kind are written
    const Rounding rounding{0, r.st ? r.st->half_f : 0, r.st ? r.st->mask_f : 0,
                            r.st ? static_cast<uint32_t>(r.st->drop_f) : 0, r.full};
    const auto slot = [&](int k) {
      Rounding x = rounding;
      x.range = r.range[k];
      return x;
    };
    if (r.kind == Kind::Inputs) {  // both operands rounded, then the arithmetic
      s[0] = round_lanes(slot(0), a, qa, m, bad);
      s[1] = round_lanes(slot(1), lanes(op.b), qb, m, bad);
      arithmetic(arithmetic_of(op.code), qa, qb, dst, m);
      if (r.record_output) s[AUTOSCALE_SLOT_OUTPUT] = record_lanes(dst, m, bad);
    } else {
      // A value to round goes to qb, then rounded into qa: the operands, the value and its rounding
      // all stay for the counts (below the range, absorbed), whatever registers dst shares.
      float *v = r.kind == Kind::Output ? qb : dst;
      if (arith) {
        arithmetic(arithmetic_of(op.code), a, lanes(op.b), v, m);
      } else if (op.code == AUTOSCALE_LOOP_SITE_NEG) {
        for (int k = 0; k < m; ++k) v[k] = -a[k];
      } else {
        std::copy(a, a + m, v);
      }
      if (r.kind == Kind::Output) {
        s[AUTOSCALE_SLOT_OUTPUT] = round_lanes(slot(AUTOSCALE_SLOT_OUTPUT), v, qa, m, bad);
        if (r.full && is_sum(op.code)) {
          const float *b = lanes(op.b), sign = signed_addend(op.code, 1.0f);
          // The lanes that may have lost an operand, counted in a pass the compiler vectorises;
          // only where there are some are they rounded again, lane by lane.
          uint32_t candidates = 0, absorbed = 0;
          for (int k = 0; k < m; ++k) {
            float big;
            candidates += static_cast<uint32_t>(autoscale_may_absorb_f_(a[k], sign * b[k], v[k], r.mant_bits, &big));
          }
          if (candidates)
            for (int k = 0; k < m; ++k) absorbed += absorbed_lane(r, a[k], sign * b[k], v[k], qa[k]);
          s[AUTOSCALE_SLOT_OUTPUT].absorbed += absorbed;
        }
        std::copy(qa, qa + m, dst);
      }
      if (r.kind == Kind::Record) s[AUTOSCALE_SLOT_OUTPUT] = record_lanes(dst, m, bad);
    }
  }
  if (any(bad) || ((!p.carried->empty() || !p.recurrences->empty()) && !run_carried(p, ready, i0, m, reg, sums)))
    return false;
  for (int o = 0; o < p.count; ++o) {
    const autoscale_loop_op &op = p.ops[o];
    if (op.code == AUTOSCALE_LOOP_STORE) strided_copy(lanes(op.b), 1, &p.at(op.a, i0), p.strides[op.a], m);
  }
  return true;
}

// Adds one slot's block statistics to the thread's counters of its active tensor; the error sums
// go to the lane of the block's first execution.
void commit_slot(Counters &c, const BlockTotals &s, int m, bool full, bool rounded, int lane) {
  if (full) {
    store_relaxed(c.quantized, load_relaxed(c.quantized) + static_cast<uint64_t>(m));
    if (rounded) {
      add(c.error_sum[lane], s.error);
      add(c.value_sum[lane], s.value);
      store_relaxed(c.subnormals, load_relaxed(c.subnormals) + s.subnormals);
      store_relaxed(c.underflows, load_relaxed(c.underflows) + s.underflows);
      store_relaxed(c.absorbed, load_relaxed(c.absorbed) + s.absorbed);
    }
  }
  autoscale_raise_(&c, s.amax);
}

void commit(const Ready &r, const OpSums &s, int m) {
  const uint64_t left = load_relaxed(r.t->left);
  const int lane = static_cast<int>(left % kLanes);
  ThreadSlot *slot = r.t->slot;
  if (r.kind == Kind::Inputs || r.kind == Kind::PassInputs) {
    const bool rounded = r.kind == Kind::Inputs;
    commit_slot(slot[0].c, s.slot[0], m, r.full, rounded, lane);
    commit_slot(slot[1].c, s.slot[1], m, r.full, rounded, lane);
    if (r.record_output) commit_slot(slot[AUTOSCALE_SLOT_OUTPUT].c, s.slot[AUTOSCALE_SLOT_OUTPUT], m, r.full, false, lane);
  } else if (r.kind == Kind::Output || r.kind == Kind::Record) {
    commit_slot(slot[AUTOSCALE_SLOT_OUTPUT].c, s.slot[AUTOSCALE_SLOT_OUTPUT], m, r.full, r.kind == Kind::Output, lane);
  }
  store_relaxed(r.t->left, left - static_cast<uint64_t>(m));
}

// A thread's buffers for a program's runs: they only grow, so a loop run again allocates nothing.
struct Buffers {
  std::vector<float> registers, one;
  std::vector<Ready> ready;
  std::vector<OpSums> sums;
  AnalysisCache analysis;
};

Buffers &buffers_for(const Program &p) {
  thread_local Buffers b;
  const auto count = static_cast<std::size_t>(p.count), registers = static_cast<std::size_t>(std::max(p.registers, 1));
  if (b.registers.size() < registers * kBlock) b.registers.resize(registers * kBlock);
  if (b.one.size() < registers) b.one.resize(registers);
  if (b.ready.size() < count) b.ready.resize(count), b.sums.resize(count);
  if (b.analysis.carried_register.size() < registers) b.analysis.carried_register.resize(registers);
  return b;
}

void run_program(Program p) {
  Buffers &b = buffers_for(p);
  const auto one_by_one = [&](std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i) run_one(p, i, b.one.data());
  };
  if (p.n < 8) return one_by_one(0, p.n);  // no block
  const Analysis &an = analysis_of(p, b.analysis);
  if (an.twice || !blocks_are_exact(p)) return one_by_one(0, p.n);
  p.chained = an.chained.data();
  p.carried = &an.carried;
  p.recurrences = &an.recurrences;
  for (int o = 0; o < p.count; ++o)
    if (!has_site(p.ops[o].code)) b.ready[o].kind = Kind::Plain;
  std::size_t i = 0;
  // Iterations a block runs: halved after a block fails, from the same iteration (a failed block
  // changed nothing), doubled after one succeeds. A value the inline path declines then costs a
  // few smaller blocks and the calls of the 8 iterations around it, not the calls of 64; where
  // blocks of 8 keep failing, the calls between two tries double, up to 64 (docs/PERFORMANCE.md,
  // design choices: where overflows are dense, run_one's interpreted iterations are the cost).
  int block = kBlock;
  std::size_t calls = 8;
  while (i < p.n) {
    // A run: the iterations before any site's next window count, which the calls then make as
    // the loop would, between the same two executions.
    std::size_t run = p.n - i;
    bool blocks = true;
    for (int o = 0; o < p.count; ++o) {
      if (!has_site(p.ops[o].code)) continue;
      prepare(p, p.ops[o], b.ready[o]);
      if (b.ready[o].kind == Kind::Never) blocks = false;
      if (counts(b.ready[o].kind)) run = std::min<std::size_t>(run, load_relaxed(b.ready[o].t->left) - 1);
    }
    if (!blocks || run < 8) {
      const std::size_t end = i + std::max<std::size_t>(std::min(run, p.n - i), 1);
      one_by_one(i, end);
      i = end;
      continue;
    }
    std::size_t j = 0;
    while (run - j >= 8) {
      const int m = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(block), (run - j) & ~std::size_t(7)));
      if (!run_block(p, b.ready.data(), i + j, m, b.registers.data(), b.sums.data())) {
        if (m > 8) {
          block = std::max(8, m / 2 & ~7);
          continue;
        }
        const std::size_t to = std::min(p.n, i + j + calls);
        one_by_one(i + j, to);
        j = to - i;
        calls = std::min<std::size_t>(kBlock, 2 * calls);
        break;  // the calls may have changed a scale or a tensor: prepare again
      }
      for (int o = 0; o < p.count; ++o)
        if (counts(b.ready[o].kind)) commit(b.ready[o], b.sums[o], m);
      j += static_cast<std::size_t>(m);
      block = std::min(kBlock, 2 * block);
      calls = 8;
    }
    i += j;
  }
}

}  // namespace
}  // namespace autoscale::detail::loop_program

extern "C" void autoscale_loop_f(const autoscale_loop_op *ops, int op_count, int registers, size_t n,
                                 const float *const *arrays, const ptrdiff_t *strides, int array_count,
                                 const float *params, autoscale_site *const *sites, const void *const *keys,
                                 const autoscale_loop_function *functions) {
  using namespace autoscale::detail::loop_program;
  // The arrays a program stores to are the ones its loop as written stores to: not const objects.
  run_program(Program{ops, op_count, registers, n, const_cast<float *const *>(arrays), strides, array_count, params,
                      sites, keys, functions});
}
