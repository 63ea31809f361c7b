// A registered site's state: its tensors and their scaling state. Internal to the runtime.
//
// Each thread counts into its own block of the site (autoscale_thread_site_, hot_path.h), so the
// hot path never writes a cache line another thread writes: each counter has one writer (its
// thread), which updates it with a relaxed atomic load and store (no lock prefix), and readers
// (report, step) load it relaxed. The amax is the exception: a step takes it (exchange with 0) from
// other threads, so its owner raises it with a compare-exchange, which only runs when it grows.
//
// A site keeps its scaling state per tensor: each slot has a default tensor (the calls that name
// none), and the tensors the calls name (the base address of the array an operand reads) get their
// own, at most AUTOSCALE_MAX_TENSORS_PER_SITE per site; later ones share the slot's overflow
// tensor. An array's tensor ends when its memory is freed (allocations.cpp): a new array at the
// same address starts afresh, so no result depends on where the heap puts an array. A thread block holds the counters and scale of one active tensor per slot; the others'
// counters it keeps parked, and switching tensors (one site serving layer after layer) swaps them
// under the registry mutex, as steps and reports read them. A GEMM site at fp32 reads no scale and
// switches nothing: its thread updates each tensor's counters where they are, active or parked,
// with the same relaxed stores; only the owner grows its parked array, under the mutex, and
// readers hold the mutex.
#ifndef AUTOSCALE_SRC_SITE_STATE_H
#define AUTOSCALE_SRC_SITE_STATE_H

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "autoscale/autoscale.h"
#include "autoscale/defaults.h"
#include "autoscale/scaling.h"
#include "scaling/scale_math.h"
#include "sites/roll_history.h"

namespace autoscale::detail {

constexpr int kSlots = AUTOSCALE_SLOT_COUNT;
constexpr int kLanes = AUTOSCALE_LANES_;

// One thread's counters of one tensor (hot_path.h).
using Counters = autoscale_counters_;
// A thread's block of one site: what the inline path reads (hot_path.h), then the runtime's own.
struct ThreadSite : autoscale_thread_site_ {
  uint64_t base;            // executions counted before this window count
  uint64_t budget;          // left as the last window count set it
  Counters *parked;         // this thread's counters of the site's inactive tensors
  uint32_t parked_capacity;
  uint8_t active[kSlots];   // index of the active tensor of each slot
};
static_assert(sizeof(ThreadSite) == AUTOSCALE_THREAD_SITE_BYTES_, "hot_path.h's stride of the blocks");
using ThreadSlot = autoscale_slot_;

template <class T> inline T load_relaxed(const T &x) {
  T r;
  __atomic_load(&x, &r, __ATOMIC_RELAXED);
  return r;
}
template <class T> inline void store_relaxed(T &x, T v) { __atomic_store(&x, &v, __ATOMIC_RELAXED); }
// Owner-only updates: the owner is the only writer, so load + store is enough.
inline void bump(uint64_t &c) { store_relaxed(c, c + 1); }
inline void add(double &s, double v) { store_relaxed(s, s + v); }

// Counters summed over threads and lanes, as the report reads them.
struct SlotCounters {
  uint32_t amax_bits = 0;  // float bits of the largest |v| since the last roll
  uint64_t quantized = 0;
  double error_sum = 0;    // sum |q - v| over finite results
  double value_sum = 0;    // sum |v| over the same values
  uint64_t overflows = 0, underflows = 0, subnormals = 0;
  uint64_t nan_in = 0, inf_in = 0, nan_out = 0, inf_out = 0;
  uint64_t absorbed = 0;   // sums that lost an operand whole (autoscale_may_absorb_f_)
};

// dst += src (src read relaxed, its lanes in order); the amax becomes the larger.
void accumulate(SlotCounters &dst, const Counters &src);
void accumulate(SlotCounters &dst, const SlotCounters &src);
// The same, lane by lane (folding an exited thread's counters).
void accumulate(Counters &dst, const Counters &src);

// A scale and its exact inverse (0 when 1/scale is not exact: a non-power-of-two static scale,
// then values are divided), published as one 64-bit word so a reader never pairs a new scale with
// an old inverse.
struct ScalePair {
  float scale;
  float inverse;
};
inline uint64_t scale_word(float scale) {
  ScalePair p{scale, exact_inverse(scale)};
  uint64_t w;
  std::memcpy(&w, &p, sizeof w);
  return w;
}
inline ScalePair scale_pair(uint64_t w) {
  ScalePair p;
  std::memcpy(&p, &w, sizeof p);
  return p;
}

// The words a thread block keeps for a tensor's scale (hot_path.h): the scale word and the range
// words for floats and doubles in `format`.
struct ScaleWords {
  uint64_t scale = 0, range_f = 0, range_d = 0;
};
ScaleWords scale_words(int format, float scale);

// One tensor of a site.
struct Tensor {
  int slot = 0;
  const void *key = nullptr;  // nullptr: the slot's default tensor (or its overflow tensor)
  bool overflow = false;      // the slot's overflow tensor: every key past the site's limit
  ScaleWords words;           // of the scale in force; thread blocks keep copies (publish_scale)
  std::optional<DelayedScaling> delayed;
  float amax_ever = 0.0f;
  Counters folded{};          // counters of threads that have exited
  bool freed = false;         // its memory was freed (allocations.cpp): no state until a key reuses it
  uint64_t counted_before_alone = 0;  // its values counted when it began calibrating alone
};

// The runtime's side of the pointer in autoscale_site (site.h), extending what the hot path reads.
struct SiteState : autoscale_site_state {
  // Written at registration only.
  autoscale_site *site = nullptr;
  // What the record decides (autoscale_site_*_ in site.h; the inline path reads the record):
  bool round_output = false;  // the site rounds its result, not its operands
  bool full = false;          // statistics full: every counter; else executions and amax only
  bool record_output = false; // a site rounding its inputs records its result (full, or empirical)
  int format = AUTOSCALE_FP32;
  int saturate = 1;
  float fmt_max = 0, fmt_min_normal = 0;  // fmt_max: what its scales bring codes to (scaling_max)
  // By tensor index (the defaults, the named tensors, at most one overflow tensor per slot): the
  // GEMM site's operand tensors that take their scale from their history for good (gemm_site.cpp).
  // Set once under the registry mutex, read without it.
  uint8_t gemm_scale_settled[2 * kSlots + AUTOSCALE_MAX_TENSORS_PER_SITE] = {};
  // By tensor index: a tensor that calibrates alone (site_scaling.cpp, calibrates_alone): its
  // values pass unrounded, measured, until its first roll with values. Set under the registry
  // mutex, read without it.
  uint8_t calibrating_alone[2 * kSlots + AUTOSCALE_MAX_TENSORS_PER_SITE] = {};
  // Executions flushed by threads, for window rolls; written by all threads, so on its own line.
  alignas(64) uint64_t window_total = 0;

  // Everything below is guarded by the registry mutex.
  // [0, kSlots): the default tensor of each slot; then the named ones in first-seen order, and
  // the overflow tensors.
  std::vector<Tensor> tensors;
  int named = 0;                      // named tensors so far
  // Per slot: each named tensor's key and index, and the overflow tensor's index (0: none yet). At
  // most AUTOSCALE_MAX_TENSORS_PER_SITE keys in all, searched in order: for the few tensors a site
  // sees in practice, faster than a hash table (a small network's GEMM sites switch tensors every
  // call: docs/PERFORMANCE.md, design choices).
  std::vector<std::pair<const void *, std::size_t>> named_tensors[kSlots];
  std::size_t overflow_tensor[kSlots] = {};
  // Per slot: the indices of tensors whose memory was freed, for the next new key to take (a
  // program that allocates an array per step keeps a bounded number of tensors).
  std::vector<std::size_t> freed_tensors[kSlots];
  uint64_t folded_executions = 0;     // executions of threads that have exited
  uint64_t rolls = 0;
  uint64_t executions_at_step = 0;    // every thread's executions at the last step
  std::vector<float> roll_amaxes;     // roll_site_locked's per tensor, kept to allocate once
  uint64_t passed_alone[kSlots] = {};  // per slot, values passed unrounded by tensors calibrating alone
  // A GEMM nest's calls that computed nothing, their loops run as written, unrounded
  // (gemm_site.cpp): how many for each reason, in the order the reasons first came.
  std::vector<std::pair<std::string, uint64_t>> loops_as_written;
  uint64_t lagging_rolls = 0;         // rolls whose values all lay below the format's normal range
                                      // at the scale the amax history had set (roll_site_locked)
  bool calibrating = false;           // delayed scaling's first step: values pass, amaxes recorded
  uint64_t calibration_executions = 0;  // the executions that passed while it calibrated
  std::optional<EmpiricalScaling> empirical;  // the output of an empirical site
  float estimate = 1.0f;              // empirical: the propagated output scale in force
  std::string note;
  std::vector<std::string> warnings;  // empirical re-measures that found the old scale wrong
  RollHistory history;                // what each roll saw (roll_site_locked)
  SlotCounters rolled;                // the rounded slots' counters at the last roll
};

inline SiteState *site_state(autoscale_site_state *st) { return static_cast<SiteState *>(st); }


}  // namespace autoscale::detail

#endif
