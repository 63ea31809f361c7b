// Per-thread counter blocks: each thread keeps the counters of every site it executes in its own
// block, indexed by site id (the threading rules are in site_state.h). Internal to the runtime.
#ifndef AUTOSCALE_SRC_THREAD_COUNTERS_H
#define AUTOSCALE_SRC_THREAD_COUNTERS_H

#include <cstdint>

#include "site_registry.h"
#include "site_state.h"

namespace autoscale::detail {

// One thread's counters for every site, indexed by site id. Only its thread writes it; report,
// step and thread exit read it under the registry mutex.
struct ThreadBlock {
  SiteCounters *sites = nullptr;
  uint32_t capacity = 0;
};

// The hot path's copy of its own thread's block (initial-exec TLS: a plain %fs-relative load).
struct ThreadView {
  SiteCounters *sites;
  uint32_t capacity;
};
extern __thread ThreadView tl_view __attribute__((tls_model("initial-exec")));

// The calling thread's block has no entry for site id yet: creates or enlarges it.
SiteCounters &grow_thread_block(uint32_t id);

// The calling thread's counters of site id.
inline SiteCounters &counters_for(uint32_t id) {
  if (__builtin_expect(id < tl_view.capacity, 1)) return tl_view.sites[id];
  return grow_thread_block(id);
}

// The site's counters summed over exited threads and the blocks of live ones.
SiteCounters sum_counters_locked(Registry &reg, const SiteState *st);

// Takes the amax of one slot since the last roll from every thread (resetting it to 0), as float
// bits.
uint32_t take_amax_locked(Registry &reg, SiteState *st, int slot);

}  // namespace autoscale::detail

#endif
