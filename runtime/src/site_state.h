// A registered site's state, and the counters one thread keeps for it. Internal to the runtime.
//
// Counters live in per-thread blocks indexed by site id (thread_counters.h), so the hot path never
// writes a cache line another thread writes: each counter has one writer (its thread), which
// updates it with a relaxed atomic load and store (no lock prefix), and readers (report, step) load
// it relaxed. The amax of a slot is the exception: a step takes it (exchange with 0) from other
// threads, so its owner raises it with a compare-exchange, which only runs when the amax grows.
#ifndef AUTOSCALE_SRC_SITE_STATE_H
#define AUTOSCALE_SRC_SITE_STATE_H

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "autoscale/scaling.h"
#include "autoscale/site.h"
#include "scale_math.h"

namespace autoscale::detail {

constexpr int kSlots = AUTOSCALE_SLOT_COUNT;

template <class T> inline T load_relaxed(const T &x) {
  T r;
  __atomic_load(&x, &r, __ATOMIC_RELAXED);
  return r;
}
template <class T> inline void store_relaxed(T &x, T v) { __atomic_store(&x, &v, __ATOMIC_RELAXED); }
// Owner-only increments: the owner is the only writer, so load + store is enough.
inline void bump(uint64_t &c) { store_relaxed(c, c + 1); }
inline void add(double &s, double v) { store_relaxed(s, s + v); }

// Counters of one quantised slot. Plain fields accessed through __atomic builtins so a block can
// be copied with memcpy when it grows.
struct SlotCounters {
  uint32_t amax_bits;   // float bits of the largest |v| since the last history roll
  uint32_t pad_;
  uint64_t quantized;   // values seen
  double error_sum;     // sum |q - v| over finite results
  double value_sum;     // sum |v| over the same values
  uint64_t overflows;   // finite v / scale rounded beyond the format's max: saturated, inf or NaN
  uint64_t underflows;  // v != 0 rounded to 0
  uint64_t subnormals;  // results that are subnormal in the format
  uint64_t nan_in, inf_in, nan_out, inf_out;
};

struct SiteCounters {
  uint64_t executions;
  uint64_t flushed;     // executions already added to the site's window count (owner only)
  uint64_t next_flush;  // owner only: when to add them next
  SlotCounters slot[kSlots];
};

// Adds src's counters into dst; the amax becomes the larger of the two.
void accumulate(SiteCounters &dst, const SiteCounters &src);

// Scale of a slot, published as one 64-bit word so a reader never pairs a new scale with an old
// inverse. inverse is 0 when 1/scale is not exact (a non-power-of-two static scale): divide then.
struct ScalePair {
  float scale;
  float inverse;
};

}  // namespace autoscale::detail

// The runtime's side of the opaque pointer in autoscale_site (site.h).
struct autoscale_site_state {
  // Read on every call; written only at registration and (scale_word, mode) at rolls.
  uint32_t id;
  int format;
  int saturate;
  bool round_output;
  float fmt_max;
  float fmt_min_normal;
  // The format every slot rounds to now; AUTOSCALE_FP32 (0) when values pass unchanged (format
  // fp32, empirical analysis). One for all slots, so a fused call dispatches on it once.
  uint8_t mode;
  uint64_t scale_word[autoscale::detail::kSlots];  // a ScalePair
  // Executions flushed by threads, for window rolls; written by all threads, so on its own line.
  alignas(64) uint64_t window_total;

  // Everything below is guarded by the registry mutex.
  autoscale_site *site;
  // Counters of threads that have exited; its amax_bits hold their amax since the last roll.
  autoscale::detail::SiteCounters folded{};
  float amax_ever[autoscale::detail::kSlots]{};
  uint64_t rolls = 0;
  std::vector<std::optional<autoscale::DelayedScaling>> delayed;  // per slot, for strategies that use it
  std::optional<autoscale::EmpiricalScaling> empirical;         // the output slot of an empirical site
  float estimate = 1.0f;        // empirical: the propagated output scale in force
  std::string note;
  std::vector<std::string> warnings;  // empirical re-measures that found the old scale wrong
};

namespace autoscale::detail {

using SiteState = autoscale_site_state;

inline ScalePair load_scale(const SiteState *st, int slot) {
  uint64_t w = load_relaxed(st->scale_word[slot]);
  ScalePair p;
  std::memcpy(&p, &w, sizeof p);
  return p;
}

inline void publish_scale(SiteState *st, int slot, float scale) {
  ScalePair p{scale, exact_inverse(scale)};
  uint64_t w;
  std::memcpy(&w, &p, sizeof w);
  store_relaxed(st->scale_word[slot], w);
}

}  // namespace autoscale::detail

#endif
