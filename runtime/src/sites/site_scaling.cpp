// Sites' scaling state: the strategies of scaling.h applied to a site's slots.
#include "sites/site_scaling.h"

#include <algorithm>
#include <cstdio>

#include "env.h"
#include "sites/allocations.h"
#include "sites/thread_counters.h"

namespace autoscale::detail {
namespace {

// A GEMM site sees whole operands: current scaling there is true current scaling (gemm_site.cpp),
// with no history. Everywhere else current scaling is delayed scaling with a one-step history.
bool true_current(const autoscale_site &s) {
  return s.strategy == AUTOSCALE_STRATEGY_CURRENT && s.op == AUTOSCALE_OP_MATMUL;
}

bool uses_delayed(const autoscale_site &s) {
  return s.action == AUTOSCALE_ACTION_SCALE && !true_current(s) &&
         (s.strategy == AUTOSCALE_STRATEGY_DELAYED || s.strategy == AUTOSCALE_STRATEGY_CURRENT ||
          s.strategy == AUTOSCALE_STRATEGY_PROPAGATE || s.strategy == AUTOSCALE_STRATEGY_EMPIRICAL);
}

// The site whose result feeds operand i (fed_by, in the same site table), if it is registered.
const SiteState *producer_of(const SiteState *st, int i) {
  const autoscale_site &s = *st->site;
  if (s.fed_by[i] < 0) return nullptr;
  const autoscale_site *producer = st->site - s.index + s.fed_by[i];  // checked at registration
  autoscale_site_state *p = __atomic_load_n(producer->state, __ATOMIC_ACQUIRE);
  return p ? site_state(p) : nullptr;
}

// The scale of operand slot k as the site itself quantises it: its default tensor's, or, when the
// calls name their tensors, the first named one's.
float own_operand_scale(const SiteState *st, int k) {
  const Tensor *chosen = &st->tensors[static_cast<std::size_t>(k)];
  if (chosen->amax_ever == 0.0f)
    for (std::size_t i = kSlots; i < st->tensors.size(); ++i)
      if (st->tensors[i].slot == k) {
        chosen = &st->tensors[i];
        break;
      }
  return scale_pair(chosen->words.scale).scale;
}

// The output scale a propagating site expects from its operands' scales: a site rounding its
// operands quantises them itself; one rounding its output takes each operand at the output scale
// of the site that produces it (fed_by), or 1 where none is known (a value read from memory).
float propagated_estimate(const SiteState *st) {
  const bool inputs = st->site->rounding == AUTOSCALE_ROUND_INPUTS;
  float s[3];
  for (int k = 0; k < 3; ++k) {
    const SiteState *p = inputs ? nullptr : producer_of(st, k);
    s[k] = inputs ? own_operand_scale(st, k)
                  : p ? scale_pair(p->tensors[AUTOSCALE_SLOT_OUTPUT].words.scale).scale : 1.0f;
  }
  return PropagateScaling::output_scale(static_cast<autoscale_op>(st->site->op), st->site->name, s[0], s[1], s[2]);
}

void set_output_scale_locked(Registry &reg, SiteState *st) {
  const autoscale_site &s = *st->site;
  if (s.strategy == AUTOSCALE_STRATEGY_PROPAGATE) {
    publish_scale_locked(reg, st, AUTOSCALE_SLOT_OUTPUT, propagated_estimate(st));
  } else if (s.strategy == AUTOSCALE_STRATEGY_EMPIRICAL) {
    st->estimate = propagated_estimate(st);
    bool fp32 = st->empirical->compute_in_fp32();
    __atomic_store_n(&st->pass, static_cast<uint8_t>(fp32 || st->format == AUTOSCALE_FP32), __ATOMIC_RELAXED);
    publish_scale_locked(reg, st, AUTOSCALE_SLOT_OUTPUT, st->empirical->scale(st->estimate));
  }
}

// A tensor's scaling state as the site's strategy wants it: a static scale, a delayed-scaling
// history (also for current on a scalar site, with one step, and for the operands of propagate
// and empirical), or scale 1 (a cast, or a site at fp32).
Tensor new_tensor(const SiteState *st, int slot, const void *key, bool overflow) {
  const autoscale_site &s = *st->site;
  Tensor t;
  t.slot = slot;
  t.key = key;
  t.overflow = overflow;
  float scale = 1.0f;
  if (s.format == AUTOSCALE_FP32) {
    // Values pass unrounded: a scale would only round them (x / scale * scale), never help.
  } else if (s.action == AUTOSCALE_ACTION_SCALE && s.strategy == AUTOSCALE_STRATEGY_STATIC) {
    scale = s.params.static_scale;
  } else if (uses_delayed(s) && !(slot == AUTOSCALE_SLOT_OUTPUT && output_propagates(s))) {
    DelayedScalingConfig c = delayed_config(s.params);
    if (s.strategy == AUTOSCALE_STRATEGY_CURRENT) {
      // A scalar has no tensor to take the amax of before quantising it.
      c.history_len = 1;
      c.reduce = AUTOSCALE_AMAX_MOST_RECENT;
    }
    t.delayed.emplace(st->fmt_max, c);
  }
  t.words = scale_words(st->format, scale);
  return t;
}

// A tensor a site first sees after it calibrated has no history, and no other tensor's scale is a
// guess for it: at the scale of a site's 1e-3 residuals, a one-shot dot of unit vectors saturates
// every value; at the scale of its largest tensor, a small one flushes to zero. So it calibrates
// alone, as its site did: its values pass unrounded, measured, until its first roll with values,
// which sets its scale from its own amax. Passing them depends on no thread's timing, as a scale
// set by the first value another thread happens to bring would. Only for the slots a scalar
// delayed site rounds: a GEMM site measures a new operand whole, and a propagated, static or cast
// scale is no history.
bool calibrates_alone(const SiteState *st, int slot) {
  const autoscale_site &s = *st->site;
  return !st->calibrating && uses_delayed(s) && s.op != AUTOSCALE_OP_MATMUL &&
         s.strategy != AUTOSCALE_STRATEGY_EMPIRICAL && (slot == AUTOSCALE_SLOT_OUTPUT) == st->round_output;
}

// Tensor `index`, new or never measured, as calibrates_alone says: its range words are emptied so
// that its values (zero aside, which passes either way) take the out-of-line path, which passes
// them (site_quantize.h).
void start_tensor_locked(Registry &reg, SiteState *st, std::size_t index) {
  const bool alone = calibrates_alone(st, st->tensors[index].slot);
  if (alone) {
    ScaleWords calibrating = st->tensors[index].words;
    calibrating.range_f = calibrating.range_d = 0;
    publish_words_locked(reg, st, static_cast<int>(index), calibrating);
    st->tensors[index].counted_before_alone = sum_tensor_locked(reg, st, static_cast<int>(index)).quantized;
  }
  __atomic_store_n(&st->calibrating_alone[index], static_cast<uint8_t>(alone), __ATOMIC_RELAXED);
}

// Tensor `index` ends calibrating alone (a roll measured it, or its memory is freed): the values it
// passed count in the site's, for the summary.
void end_alone_locked(Registry &reg, SiteState *st, std::size_t index) {
  st->passed_alone[st->tensors[index].slot] += sum_tensor_locked(reg, st, static_cast<int>(index)).quantized - st->tensors[index].counted_before_alone;
  __atomic_store_n(&st->calibrating_alone[index], uint8_t{0}, __ATOMIC_RELAXED);
}

// What a strategy does on a scalar site where that differs from what its name promises; empty
// where it does what it says.
std::string scalar_strategy_note(const autoscale_site &s) {
  if (s.op == AUTOSCALE_OP_MATMUL) return "";  // a GEMM site sees whole tensors
  const bool at_output = s.rounding == AUTOSCALE_ROUND_OUTPUT;
  const bool producers = s.fed_by[0] >= 0 || s.fed_by[1] >= 0 || s.fed_by[2] >= 0;
  switch (s.strategy) {
  case AUTOSCALE_STRATEGY_CURRENT:
    return "current on a scalar site acts as delayed scaling with a one-step history (most_recent): a "
           "scalar has no tensor to take the amax of before quantising it";
  case AUTOSCALE_STRATEGY_PROPAGATE:
    if (!at_output)
      return "propagate on a scalar site acts as delayed scaling of its operands: the output is not rounded "
             "(rounding at the inputs), so its propagated scale is only reported";
    return producers ? "" : "propagate on a scalar site acts as a cast here: no site producing its operands is known "
                            "(fed_by), so their scales count as 1 and so does the output's";
  case AUTOSCALE_STRATEGY_EMPIRICAL:
    return at_output && !producers ? "no site producing the operands is known (fed_by): their scales count as 1" : "";
  default: return "";
  }
}

// A strategy note goes to stderr once per strategy and process (with the summary, so
// AUTOSCALE_SUMMARY=0 silences it); the report lists it for every site.
void say_note_once(const autoscale_site &s, const std::string &note) {
  static bool said[AUTOSCALE_STRATEGY_COUNT] = {};
  if (note.empty() || said[s.strategy] || !settings().summary) return;
  said[s.strategy] = true;
  std::fprintf(stderr, "%s:%d:%d: autoscale: note: %s (said once; the report notes every such site)\n",
               s.file ? s.file : "?", s.line, s.column, note.c_str());
}

// Whether every value a scalar site's delayed tensor saw since the last roll (their largest |v|,
// amax) lay below the format's normal range at the scale in force: the largest amax of the history
// set that scale, and the values shrank faster than the history forgets them (an iterative
// solver's residuals), so they lost their precision or went to zero. The summary then suggests a
// shorter history (summary.cpp). A GEMM site measures its operands itself.
bool history_lags(const SiteState *st, const Tensor &t, float amax) {
  return st->site->strategy == AUTOSCALE_STRATEGY_DELAYED && st->site->op != AUTOSCALE_OP_MATMUL && !st->calibrating &&
         !st->pass && amax > 0.0f && amax / scale_pair(t.words.scale).scale < st->fmt_min_normal;
}

}  // namespace

bool output_propagates(const autoscale_site &s) {
  return s.action == AUTOSCALE_ACTION_SCALE &&
         (s.strategy == AUTOSCALE_STRATEGY_PROPAGATE || s.strategy == AUTOSCALE_STRATEGY_EMPIRICAL);
}

ScaleWords scale_words(int format, float scale) {
  ScaleWords w;
  w.scale = scale_word(scale);
  const uint64_t empty = 0;  // only zero is in it, and nothing below it: every other value goes out of line
  w.range_f = w.range_d = empty;
  if (format == AUTOSCALE_FP32 || exact_inverse(scale) == 0.0f) return w;
  // v / scale is normal in the format for |v| in [lo, hi]; v itself must be a normal float too,
  // and round to a finite one (below 2^127), for v's own mantissa to round the same way.
  const double lo = static_cast<double>(autoscale_format_min_normal(format)) * scale;
  const double hi = static_cast<double>(autoscale_format_max(format)) * scale;
  const double lo_f = std::max(lo, 0x1p-126), hi_f = std::min(hi, 0x1p127);
  if (lo_f <= hi_f) {
    uint32_t a = autoscale_float_bits_(static_cast<float>(lo_f)), b = autoscale_float_bits_(static_cast<float>(hi_f));
    w.range_f = a | uint64_t(b - a) << 32;
  }
  // Doubles: lo and hi are powers of two times format values, so their low 32 bits are zero and
  // the high 32 bits of |v| compare exactly (a |v| just above hi rounds down to hi anyway).
  uint32_t a = static_cast<uint32_t>(autoscale_double_bits_(lo) >> 32), b = static_cast<uint32_t>(autoscale_double_bits_(hi) >> 32);
  w.range_d = a | uint64_t(b - a) << 32;
  return w;
}

void init_scaling_locked(Registry &reg, SiteState *st) {
  const autoscale_site &s = *st->site;
  // The rounding of the hot path (hot_path.h); a site at fp32 passes its values and never rounds.
  // Calibration: a delayed scale is a guess until a tensor has a history, and the guess 1 makes
  // FP8 flush a tensor of small values to zero (a CG residual, a gradient) and divide by it. So a
  // site scaled from amax histories lets its values pass unrounded until its first roll with
  // values, measuring them; then every tensor starts at the scale of its own amax. Empirical
  // scaling has its own FP32 analysis steps; a GEMM site measures a new operand whole
  // (gemm_site.cpp).
  const bool rounds_by_history = s.rounding == AUTOSCALE_ROUND_INPUTS || !output_propagates(s);
  st->calibrating = uses_delayed(s) && rounds_by_history && s.strategy != AUTOSCALE_STRATEGY_EMPIRICAL &&
                    s.format != AUTOSCALE_FP32 && s.op != AUTOSCALE_OP_MATMUL;
  st->pass = s.format == AUTOSCALE_FP32 || st->calibrating;
  if (s.format != AUTOSCALE_FP32) {
    const int mant_bits = autoscale_format_desc_of_(s.format).mant_bits;
    st->drop_f = 23 - mant_bits;
    st->half_f = (1u << (st->drop_f - 1)) - 1u;
    st->mask_f = ~((1u << st->drop_f) - 1u);
    st->drop_d = 52 - mant_bits;
    st->half_d = (uint64_t(1) << (st->drop_d - 1)) - 1u;
    st->mask_d = ~((uint64_t(1) << st->drop_d) - 1u);
  }
  for (int k = 0; k < kSlots; ++k) st->tensors.push_back(new_tensor(st, k, nullptr, false));
  if (s.action == AUTOSCALE_ACTION_SCALE && s.strategy == AUTOSCALE_STRATEGY_EMPIRICAL)
    st->empirical.emplace(empirical_config(s.format, s.params));
  if (s.action == AUTOSCALE_ACTION_SCALE) {
    set_output_scale_locked(reg, st);
    st->note = scalar_strategy_note(s);
    say_note_once(s, st->note);
  }
}

std::size_t tensor_index_locked(Registry &reg, SiteState *st, int slot, const void *key) {
  if (!key) return static_cast<std::size_t>(slot);
  auto &named = st->named_tensors[slot];
  for (const auto &[known, index] : named)
    if (known == key) return index;
  if (st->named < AUTOSCALE_MAX_TENSORS_PER_SITE) {
    ++st->named;
    std::size_t index = st->tensors.size();
    std::vector<std::size_t> &freed = st->freed_tensors[slot];
    if (freed.empty()) {
      st->tensors.push_back(new_tensor(st, slot, key, false));
    } else {
      index = freed.back();
      freed.pop_back();
      Tensor fresh = new_tensor(st, slot, key, false);
      fresh.folded = st->tensors[index].folded;  // the report still counts the freed array's values
      st->tensors[index] = std::move(fresh);
    }
    start_tensor_locked(reg, st, index);
    named.emplace_back(key, index);
    note_tensor_key(key);
    return index;
  }
  // Keys past the limit are not kept (a program may name a new array every call): each finds
  // itself missing and takes the slot's overflow tensor.
  std::size_t &overflow = st->overflow_tensor[slot];
  if (!overflow) {
    st->tensors.push_back(new_tensor(st, slot, nullptr, true));
    overflow = st->tensors.size() - 1;
    start_tensor_locked(reg, st, overflow);
  }
  return overflow;
}

void forget_keys_locked(Registry &reg, std::uintptr_t begin, std::uintptr_t end) {
  for (SiteState *st : reg.sites) {
    for (int slot = 0; slot < kSlots; ++slot) {
      auto &named = st->named_tensors[slot];
      for (std::size_t n = 0; n < named.size();) {
        const auto key = reinterpret_cast<std::uintptr_t>(named[n].first);
        if (key < begin || key >= end) {
          ++n;
          continue;
        }
        const std::size_t index = named[n].second;
        named.erase(named.begin() + static_cast<std::ptrdiff_t>(n));
        --st->named;
        // The freed array's values set no scale (they may be the step's only ones), but stay in
        // its report.
        Tensor &t = st->tensors[index];
        t.amax_ever = std::max(t.amax_ever, autoscale_bits_float_(take_amax_locked(reg, st, static_cast<int>(index))));
        if (st->calibrating_alone[index]) end_alone_locked(reg, st, index);
        forget_tensor_locked(reg, st, index);
        t.freed = true;  // its amax and history stay for the report; it rolls no more
        __atomic_store_n(&st->gemm_scale_settled[index], static_cast<uint8_t>(0), __ATOMIC_RELAXED);
        st->freed_tensors[slot].push_back(index);
        __atomic_store_n(&reg.tensors_freed, reg.tensors_freed + 1, __ATOMIC_RELAXED);
      }
    }
  }
}

namespace {

// The roll's record for the site's history: each slot's amax and the scale of the tensor that
// held it (of its default tensor when none saw a value), and the values the rounded slots lost
// since the last roll, when the site rounded during it (`rounded`: not at fp32, not passing
// values during calibration or empirical analysis).
void record_roll_locked(Registry &reg, SiteState *st, const std::vector<float> &amaxes, bool rounded) {
  RollRecord r;
  r.roll = st->rolls + 1;
  r.step = reg.explicit_steps;
  std::size_t largest[kSlots];
  for (int k = 0; k < kSlots; ++k) largest[k] = static_cast<std::size_t>(k);
  SlotCounters totals{};
  for (std::size_t i = 0; i < st->tensors.size(); ++i) {
    const int slot = st->tensors[i].slot;
    if (amaxes[i] > r.amax[slot]) r.amax[slot] = amaxes[i], largest[slot] = i;
    if (st->format != AUTOSCALE_FP32 && (slot == AUTOSCALE_SLOT_OUTPUT) == (st->round_output != 0))
      accumulate(totals, sum_tensor_locked(reg, st, static_cast<int>(i)));
  }
  for (int k = 0; k < kSlots; ++k) r.scale[k] = scale_pair(st->tensors[largest[k]].words.scale).scale;
  if (rounded) {
    r.values = totals.quantized - std::min(totals.quantized, st->rolled.quantized);
    r.overflows = totals.overflows - std::min(totals.overflows, st->rolled.overflows);
    r.underflows = totals.underflows - std::min(totals.underflows, st->rolled.underflows);
  }
  st->rolled = totals;
  st->history.add(r);
}

}  // namespace

void roll_site_locked(Registry &reg, SiteState *st) {
  float output_amax = 0.0f;
  const bool operands = st->empirical && !st->round_output;  // quantised here: judged too
  bool lagged = false;
  std::vector<float> &amaxes = st->roll_amaxes;
  amaxes.assign(st->tensors.size(), 0.0f);
  const bool rounded = st->format != AUTOSCALE_FP32 && !__atomic_load_n(&st->pass, __ATOMIC_RELAXED);
  for (std::size_t i = 0; i < st->tensors.size(); ++i) {
    Tensor &t = st->tensors[i];
    if (t.freed) continue;
    float amax = autoscale_bits_float_(take_amax_locked(reg, st, static_cast<int>(i)));
    amaxes[i] = amax;
    t.amax_ever = std::max(t.amax_ever, amax);
    if (t.slot == AUTOSCALE_SLOT_OUTPUT) output_amax = std::max(output_amax, amax);
    else if (operands) st->empirical->record_operand(amax / scale_pair(t.words.scale).scale);
    if (st->calibrating_alone[i]) {
      if (amax == 0.0f) continue;  // still no value: it calibrates on
      end_alone_locked(reg, st, i);
    }
    if (t.delayed) {
      lagged |= history_lags(st, t, amax);
      t.delayed->record(amax);
      t.delayed->step();
      publish_scale_locked(reg, st, static_cast<int>(i), t.delayed->scale());
    }
  }
  const auto measured = [](const Tensor &t) { return t.amax_ever > 0.0f; };
  if (st->calibrating && std::any_of(st->tensors.begin(), st->tensors.end(), measured)) {
    st->calibrating = false;
    st->calibration_executions = sum_executions_locked(reg, st);
    __atomic_store_n(&st->pass, static_cast<uint8_t>(0), __ATOMIC_RELAXED);
    // A tensor the calibration saw no value of (Adam's moments, zero at first) has no history.
    for (std::size_t i = 0; i < st->tensors.size(); ++i)
      if (!measured(st->tensors[i]) && !st->tensors[i].freed) start_tensor_locked(reg, st, i);
  }
  if (st->empirical) {
    st->empirical->record(output_amax, st->estimate);
    if (std::optional<EmpiricalWarning> w = st->empirical->step()) st->warnings.push_back(w->message);
    if (st->empirical->step_index() == st->empirical->config().analysis_steps) reg.analysis_ended = true;
  }
  record_roll_locked(reg, st, amaxes, rounded);
  ++st->rolls;
  st->lagging_rolls += lagged;
}

bool step_passes_over_locked(Registry &reg, SiteState *st) {
  const uint64_t executions = sum_executions_locked(reg, st);
  const bool ran = executions != st->executions_at_step;
  st->executions_at_step = executions;
  return !ran && st->format == AUTOSCALE_FP32 && !st->empirical;
}

void update_output_scale_locked(Registry &reg, SiteState *st) {
  if (st->site->action == AUTOSCALE_ACTION_SCALE) set_output_scale_locked(reg, st);
}

void apply_remeasure_policy_locked(Registry &reg) {
  if (!reg.analysis_ended) return;
  reg.analysis_ended = false;
  std::vector<EmpiricalScaling *> measured;
  std::vector<float> variability;
  for (SiteState *st : reg.sites) {
    if (!st->empirical || st->empirical->compute_in_fp32()) continue;
    measured.push_back(&*st->empirical);
    variability.push_back(st->empirical->variability());
  }
  std::vector<bool> on = choose_remeasured(variability, settings().empirical_op_fraction);
  for (size_t i = 0; i < measured.size(); ++i) measured[i]->set_remeasure(on[i]);
}

}  // namespace autoscale::detail
