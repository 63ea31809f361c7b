// The registry snapshot (snapshot.h), taken under the registry mutex.
#include "snapshot.h"

#include <algorithm>

#include "site_registry.h"
#include "site_scaling.h"
#include "thread_counters.h"

namespace autoscale::detail {

RegistrySnapshot snapshot_registry() {
  Registry &reg = registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  RegistrySnapshot out;
  out.explicit_steps = reg.explicit_steps;
  out.window = reg.window;
  out.sites.reserve(reg.sites.size());
  for (SiteState *st : reg.sites) {
    SiteCounters sum = sum_counters_locked(reg, st);
    SiteSnapshot s;
    s.site = st->site;
    s.id = st->id;
    s.executions = sum.executions;
    s.rolls = st->rolls;
    s.strategy_note = st->note;
    s.remeasured = st->empirical && !st->empirical->compute_in_fp32() && st->empirical->remeasure();
    s.warnings = st->warnings;
    if (st->empirical)
      if (std::optional<EmpiricalWarning> w = st->empirical->final_check())
        s.warnings.push_back("final check: " + w->message);
    for (int k = 0; k < kSlots; ++k) {
      SlotSnapshot &o = s.slot[k];
      o.counters = sum.slot[k];
      o.scale = load_scale(st, k).scale;
      o.amax = std::max(st->amax_ever[k], autoscale_bits_float_(sum.slot[k].amax_bits));
      o.passthrough = st->mode == AUTOSCALE_FP32;
      if (st->delayed[k] && !(k == AUTOSCALE_SLOT_OUTPUT && output_propagates(*st->site)))
        o.amax_history = st->delayed[k]->history();
    }
    out.sites.push_back(std::move(s));
  }
  return out;
}

}  // namespace autoscale::detail
