// Steps (autoscale_begin_steps, autoscale_step) and, for programs that never declare one, window
// rolls.
#include "sites/steps.h"

#include <algorithm>

#include "autoscale/autoscale.h"
#include "float_flags.h"
#include "sites/device_sites.h"
#include "sites/site_registry.h"
#include "sites/site_scaling.h"

namespace autoscale::detail {

__attribute__((noinline, cold)) void flush_window(SiteState *st, ThreadSite &t) {
  Registry &reg = registry();
  // The executions since the last count (t.left is 0 when the hot path calls).
  const uint64_t delta = t.budget - t.left;
  store_relaxed(t.base, t.base + delta);
  if (load_relaxed(reg.explicit_mode)) {
    store_relaxed(t.budget, uint64_t(1) << 62);
    store_relaxed(t.left, t.budget);
    return;
  }
  const uint64_t w = reg.window;
  uint64_t total = __atomic_add_fetch(&st->window_total, delta, __ATOMIC_RELAXED);
  if (total / w != (total - delta) / w) {
    KeepFloatFlags flags;
    std::lock_guard<RegistryMutex> lock(reg.mutex);
    if (!reg.explicit_mode) {
      roll_site_locked(reg, st);
      update_output_scale_locked(reg, st);
      apply_remeasure_policy_locked(reg);
    }
  }
  // Count again at the next window boundary at the latest, so one thread rolls exactly every w.
  store_relaxed(t.budget, std::min(kFlushBatch, w - total % w));
  store_relaxed(t.left, t.budget);
}

}  // namespace autoscale::detail

extern "C" void autoscale_begin_steps(void) {
  using namespace autoscale::detail;
  Registry &reg = registry();
  // explicit_mode never goes back to false: once seen set, there is nothing to do.
  if (load_relaxed(reg.explicit_mode)) return;
  std::lock_guard<RegistryMutex> lock(reg.mutex);
  store_relaxed(reg.explicit_mode, true);
}

extern "C" void autoscale_step(void) {
  using namespace autoscale::detail;
  KeepFloatFlags flags;
  Registry &reg = registry();
  {
    std::lock_guard<RegistryMutex> lock(reg.mutex);
    store_relaxed(reg.explicit_steps, reg.explicit_steps + 1);  // an origin (nonfinite_origin.cpp) reads it unlocked
    store_relaxed(reg.explicit_mode, true);
    for (SiteState *st : reg.sites)
      if (!step_passes_over_locked(reg, st)) roll_site_locked(reg, st);
    for (SiteState *st : reg.sites) update_output_scale_locked(reg, st);
    apply_remeasure_policy_locked(reg);
  }
  if (DeviceSites *device = device_sites()) device->step();
}
