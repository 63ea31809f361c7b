// The registry snapshot (snapshot.h), taken under the registry mutex.
#include "reports/snapshot.h"

#include <algorithm>
#include <string>

#include "sites/device_sites.h"
#include "sites/site_registry.h"
#include "sites/thread_counters.h"

namespace autoscale::detail {

RegistrySnapshot snapshot_registry() {
  Registry &reg = registry();
  std::lock_guard<RegistryMutex> lock(reg.mutex);
  RegistrySnapshot out;
  out.explicit_steps = reg.explicit_steps;
  out.explicit_mode = reg.explicit_mode;
  out.window = reg.window;
  out.first_nonfinite = first_nonfinite();
  out.sites.reserve(reg.sites.size());
  for (SiteState *st : reg.sites) {
    SiteSnapshot s;
    s.site = st->site;
    s.id = st->id;
    s.executions = sum_executions_locked(reg, st);
    s.rolls = st->rolls;
    s.lagging_rolls = st->lagging_rolls;
    s.history = st->history.records();
    s.rolls_per_record = st->history.rolls_per_record();
    s.strategy_note = st->note;
    s.remeasured = st->empirical && !st->empirical->compute_in_fp32() && st->empirical->remeasure();
    s.warnings = st->warnings;
    // Delayed scaling rounds from its first roll on: a site that never rolled passed every value.
    if (st->calibrating && s.executions > 0 && s.rolls == 0)
      s.warnings.push_back(
          "never left calibration: its " + std::to_string(s.executions) +
          " executions passed their values unrounded (fp32), as delayed scaling does until its first roll; " +
          (reg.explicit_mode ? std::string("no autoscale_step() came after it ran")
                             : "without autoscale_step() it rolls every " + std::to_string(reg.window) +
                                   " executions; name the step function in the rules (step: {function: ...}) "
                                   "or call autoscale_step()"));
    // A calibration that took much of the run: steps as long as epochs (the loop the rewriter took
    // for the step may be one) leave a large share of the values unrounded.
    if (reg.explicit_mode && !st->calibrating && st->calibration_executions * 4 > s.executions)
      s.warnings.push_back(std::to_string(st->calibration_executions) + " of its " + std::to_string(s.executions) +
                           " executions passed their values unrounded (fp32) in its first step, while delayed "
                           "scaling calibrated: with few or long steps (an epoch taken for the step?) much of the "
                           "run is not rounded; name a shorter step in the rules (step: {function: ...}), or use "
                           "strategy: current, which needs no calibration");
    for (const auto &[why, calls] : st->loops_as_written)
      s.warnings.push_back(std::to_string(calls) + (calls == 1 ? " call" : " calls") +
                           " ran the loops as written, unrounded (fp32): " + why);
    const bool passthrough = st->format == AUTOSCALE_FP32 || st->pass;
    for (std::size_t i = 0; i < st->tensors.size(); ++i) {
      const Tensor &t = st->tensors[i];
      TensorSnapshot o;
      o.slot = t.slot;
      o.key = t.key;
      o.overflow = t.overflow;
      o.freed = t.freed;
      o.counters = sum_tensor_locked(reg, st, static_cast<int>(i));
      o.scale = scale_pair(t.words.scale).scale;
      o.amax = std::max(t.amax_ever, autoscale_bits_float_(o.counters.amax_bits));
      if (t.delayed) o.amax_history = t.delayed->history();
      SlotSnapshot &slot = s.slot[t.slot];
      accumulate(slot.counters, o.counters);
      slot.amax = std::max(slot.amax, o.amax);
      slot.passthrough = passthrough;
      if (i == static_cast<std::size_t>(t.slot)) {  // the slot's default tensor
        slot.scale = o.scale;
        slot.amax_history = o.amax_history;
      }
      s.tensors.push_back(std::move(o));
    }
    // Most of a rounded slot's values passed unrounded by tensors calibrating alone: arrays new at
    // every step. Per slot: a fresh gradient beside a kept weight is half the site's values.
    for (int k = 0; k < kSlots; ++k) {
      uint64_t values = 0;
      for (const TensorSnapshot &t : s.tensors)
        if (t.slot == k) values += t.counters.quantized;
      if (st->passed_alone[k] == 0 || st->passed_alone[k] * 2 <= values) continue;
      const std::string whose = k == AUTOSCALE_SLOT_OUTPUT ? "its" : std::string("operand ") + autoscale_slot_name(k) + "'s";
      s.warnings.push_back(std::to_string(st->passed_alone[k]) + " of " + whose + " " + std::to_string(values) +
                           " values passed unrounded: their arrays were new after its first step, and each "
                           "calibrates alone through the step it is first seen in (an array allocated anew "
                           "every step is never rounded)");
    }
    if (st->empirical) {
      // The end of the run re-checks every empirical site, with the step still running: its
      // amaxes sit in the threads' counters until a step takes them.
      float output = autoscale_bits_float_(s.slot[AUTOSCALE_SLOT_OUTPUT].counters.amax_bits), operands = 0.0f;
      for (const TensorSnapshot &t : s.tensors)
        if (t.slot != AUTOSCALE_SLOT_OUTPUT && !st->round_output)
          operands = std::max(operands, autoscale_bits_float_(t.counters.amax_bits) / t.scale);
      if (std::optional<EmpiricalWarning> w = st->empirical->final_check(output, st->estimate, operands))
        s.warnings.push_back("final check: " + w->message);
    }
    out.sites.push_back(std::move(s));
  }
  if (DeviceSites *device = device_sites()) device->snapshot(out.sites, static_cast<uint32_t>(reg.sites.size()));
  return out;
}

}  // namespace autoscale::detail
