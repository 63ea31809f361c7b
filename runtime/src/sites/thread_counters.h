// Per-thread blocks: each thread keeps, per site, its counters and the scales of the tensors active
// in it (the threading rules are in site_state.h). Internal to the runtime.
#ifndef AUTOSCALE_SRC_THREAD_COUNTERS_H
#define AUTOSCALE_SRC_THREAD_COUNTERS_H

#include <cstdint>
#include <initializer_list>

#include "sites/site_registry.h"
#include "sites/site_state.h"

namespace autoscale::detail {

// One thread's blocks of every site, indexed by site id (autoscale_tls_ is the hot path's copy).
// Only its thread writes the counters of its tensors (active ones; parked ones too, for a GEMM site
// at fp32: tensor_counters); everything else of it changes under the registry mutex.
struct ThreadBlock {
  ThreadSite *sites = nullptr;
  uint32_t capacity = 0;
};

// The calling thread's blocks, as the inline path finds them (autoscale_tls_).
inline ThreadSite *this_thread_sites() { return reinterpret_cast<ThreadSite *>(autoscale_tls_.sites); }

// The executions a block has counted.
uint64_t executions(const ThreadSite &t);

// The calling thread's block of the site, created, or set up for the site, when it is not yet
// (every slot's default tensor active).
ThreadSite &thread_site(SiteState *st);

// Makes keys[k] (nullptr: the default) the active tensor of slot k in the calling thread's block
// t, for the slots whose tag differs, parking the counters of the tensors active before; under
// one lock of the registry. `slots` lists the slots to look at.
void use_tensors(SiteState *st, ThreadSite &t, std::initializer_list<int> slots, const void *const keys[kSlots]);

// The calling thread's counters of the tensor `key` names at `slot` of its block t (key nullptr:
// the slot's default), where they are now (the slot's, when that tensor is active there, else
// parked), without making it active: for a site that reads no scale, a GEMM at fp32, whose
// operands change tensor every call in a small network (a switch parks and copies counters under
// the lock). Takes no lock once the calling thread has met the tensor.
Counters &tensor_counters(SiteState *st, ThreadSite &t, int slot, const void *key);

// No thread block keeps tensor `index` of the site active any more (its memory was freed): the
// next execution naming a key there looks its tensor up again. Its counters stay where they are.
void forget_tensor_locked(Registry &reg, SiteState *st, std::size_t index);

// Sets the scale of tensor `index` of the site, and of every thread block where it is active.
void publish_scale_locked(Registry &reg, SiteState *st, int index, float scale);
// The same with the words given (a scale with an empty range, whose values all come out of line).
void publish_words_locked(Registry &reg, SiteState *st, int index, const ScaleWords &words);

// The counters of tensor `index`, summed over exited threads and the blocks of live ones.
SlotCounters sum_tensor_locked(Registry &reg, const SiteState *st, int index);
uint64_t sum_executions_locked(Registry &reg, const SiteState *st);

// Takes the amax of tensor `index` since the last roll from every thread (resetting it to 0), as
// float bits.
uint32_t take_amax_locked(Registry &reg, SiteState *st, int index);

}  // namespace autoscale::detail

#endif
