// The first NaN or inf of the process, recorded by the thread that saw it.
#include "sites/nonfinite_origin.h"

#include <atomic>
#include <cmath>

#include "sites/site_registry.h"
#include "sites/thread_counters.h"

namespace autoscale::detail {
namespace {

// 0: nothing seen; 1: the first thread is writing `origin`; 2: written.
std::atomic<int> origin_state{0};
NonFiniteOrigin origin;

}  // namespace

const char *cause_name(NonFiniteCause cause) {
  switch (cause) {
  case NonFiniteCause::Rounded: return "rounded";
  case NonFiniteCause::Computed: return "computed";
  case NonFiniteCause::Result: return "result";
  case NonFiniteCause::Arrived: return "arrived";
  }
  return "?";
}

__attribute__((noinline, cold)) void note_nonfinite(const SiteState *st, int slot, const void *tensor, double v,
                                                    double became) {
  int none = 0;
  if (origin_state.load(std::memory_order_relaxed) != 0 ||
      !origin_state.compare_exchange_strong(none, 1, std::memory_order_acquire))
    return;
  NonFiniteOrigin o;
  o.site = st->site;
  o.slot = slot;
  o.tensor = tensor;
  o.cause = std::isfinite(v)                   ? NonFiniteCause::Rounded
            : slot != AUTOSCALE_SLOT_OUTPUT    ? NonFiniteCause::Arrived
            : st->round_output                 ? NonFiniteCause::Result
                                               : NonFiniteCause::Computed;
  o.value = v;
  o.became = became;
  o.step = load_relaxed(registry().explicit_steps);  // written under the mutex: a relaxed read
  // This execution is counted when it ends.
  o.execution = executions(this_thread_sites()[st->id]) + 1;
  origin = o;
  origin_state.store(2, std::memory_order_release);
}

void note_nonfinite(const SiteState *st, const ThreadSlot &slot, double v, double became) {
  const ThreadSite &t = this_thread_sites()[st->id];
  // The tag is the active tensor's key + 1.
  note_nonfinite(st, static_cast<int>(&slot - t.slot), reinterpret_cast<const void *>(load_relaxed(slot.tag) - 1), v,
                 became);
}

std::optional<NonFiniteOrigin> first_nonfinite() {
  if (origin_state.load(std::memory_order_acquire) != 2) return std::nullopt;
  return origin;
}

}  // namespace autoscale::detail
