// Sites' scaling state: the strategies of scaling.h applied to a site's slots.
#include "site_scaling.h"

#include <algorithm>
#include <cstdio>

#include "env.h"
#include "thread_counters.h"

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

// The output scale a propagating site expects from its operand scales (1 for operands the site
// does not quantise).
float propagated_estimate(const SiteState *st) {
  bool inputs = st->site->rounding == AUTOSCALE_ROUND_INPUTS;
  float s[3];
  for (int k = 0; k < 3; ++k) s[k] = inputs ? load_scale(st, k).scale : 1.0f;
  return PropagateScaling::output_scale(static_cast<autoscale_op>(st->site->op), st->site->name, s[0], s[1], s[2]);
}

void set_output_scale_locked(SiteState *st) {
  const autoscale_site &s = *st->site;
  if (s.strategy == AUTOSCALE_STRATEGY_PROPAGATE) {
    publish_scale(st, AUTOSCALE_SLOT_OUTPUT, propagated_estimate(st));
  } else if (s.strategy == AUTOSCALE_STRATEGY_EMPIRICAL) {
    st->estimate = propagated_estimate(st);
    bool fp32 = st->empirical->compute_in_fp32();
    store_relaxed(st->mode, uint8_t(fp32 ? AUTOSCALE_FP32 : st->format));
    publish_scale(st, AUTOSCALE_SLOT_OUTPUT, st->empirical->scale(st->estimate));
  }
}

// What a strategy does on a scalar site where that differs from what its name promises; empty
// where it does what it says.
std::string scalar_strategy_note(const autoscale_site &s) {
  if (s.op == AUTOSCALE_OP_MATMUL) return "";  // a GEMM site sees whole tensors
  bool at_output = s.rounding == AUTOSCALE_ROUND_OUTPUT;
  switch (s.strategy) {
  case AUTOSCALE_STRATEGY_CURRENT:
    return "current on a scalar site acts as delayed scaling with a one-step history (most_recent): a "
           "scalar has no tensor to take the amax of before quantising it";
  case AUTOSCALE_STRATEGY_PROPAGATE:
    // Scalars carry no scale: only operand scales this site measures itself can propagate.
    return at_output ? "propagate on a scalar site acts as a cast: rounding at the output leaves the operands "
                       "unquantised, their scales count as 1, so the output scale is always 1"
                     : "propagate on a scalar site acts as delayed scaling of its operands: the output is not "
                       "rounded (rounding at the inputs), so its propagated scale is only reported";
  case AUTOSCALE_STRATEGY_EMPIRICAL:
    return at_output ? "operands are not quantised at this site (rounding at the output): their scales count as 1"
                     : "";
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

}  // namespace

bool output_propagates(const autoscale_site &s) {
  return s.action == AUTOSCALE_ACTION_SCALE &&
         (s.strategy == AUTOSCALE_STRATEGY_PROPAGATE || s.strategy == AUTOSCALE_STRATEGY_EMPIRICAL);
}

void init_scaling_locked(SiteState *st) {
  const autoscale_site &s = *st->site;
  for (int k = 0; k < kSlots; ++k) publish_scale(st, k, 1.0f);
  st->delayed.resize(kSlots);
  if (s.action == AUTOSCALE_ACTION_SCALE && s.strategy == AUTOSCALE_STRATEGY_STATIC) {
    for (int k = 0; k < kSlots; ++k) publish_scale(st, k, s.params.static_scale);
  } else if (uses_delayed(s)) {
    DelayedScalingConfig c = delayed_config(s.params);
    if (s.strategy == AUTOSCALE_STRATEGY_CURRENT) {
      // A scalar has no tensor to take the amax of before quantising it.
      c.history_len = 1;
      c.reduce = AUTOSCALE_AMAX_MOST_RECENT;
    }
    for (int k = 0; k < kSlots; ++k) st->delayed[k].emplace(st->fmt_max, c);
  }
  if (s.action == AUTOSCALE_ACTION_SCALE && s.strategy == AUTOSCALE_STRATEGY_EMPIRICAL)
    st->empirical.emplace(empirical_config(s.format, s.params));
  if (s.action == AUTOSCALE_ACTION_SCALE) {
    set_output_scale_locked(st);
    st->note = scalar_strategy_note(s);
    say_note_once(s, st->note);
  }
}

void roll_site_locked(Registry &reg, SiteState *st) {
  float amax[kSlots];
  for (int k = 0; k < kSlots; ++k) {
    amax[k] = autoscale_bits_float_(take_amax_locked(reg, st, k));
    st->amax_ever[k] = std::max(st->amax_ever[k], amax[k]);
  }
  const autoscale_site &s = *st->site;
  if (st->delayed[0]) {
    for (int k = 0; k < kSlots; ++k) {
      if (k == AUTOSCALE_SLOT_OUTPUT && output_propagates(s)) continue;
      st->delayed[k]->record(amax[k]);
      st->delayed[k]->step();
      publish_scale(st, k, st->delayed[k]->scale());
    }
  }
  if (st->empirical) {
    st->empirical->record(amax[AUTOSCALE_SLOT_OUTPUT], st->estimate);
    if (std::optional<EmpiricalWarning> w = st->empirical->step()) st->warnings.push_back(w->message);
    if (st->empirical->step_index() == st->empirical->config().analysis_steps) reg.analysis_ended = true;
  }
  if (s.action == AUTOSCALE_ACTION_SCALE) set_output_scale_locked(st);
  ++st->rolls;
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
