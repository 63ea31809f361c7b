// The site registry: per-site state, per-thread counter blocks, and the snapshot the report reads.
//
// Counters live in per-thread blocks indexed by site id, so the hot path never writes a cache line
// another thread writes: each counter has one writer (its thread), which updates it with a relaxed
// atomic load and store (no lock prefix), and readers (report, step) load it relaxed. The amax of a
// slot is the exception: autoscale_step takes it (exchange with 0) from other threads, so its owner
// raises it with a compare-exchange, which only runs when the amax grows.
#ifndef AUTOSCALE_SRC_SITE_REGISTRY_H
#define AUTOSCALE_SRC_SITE_REGISTRY_H

#include <cstdint>
#include <string>
#include <vector>

#include "autoscale/autoscale.h"

namespace autoscale {

constexpr int kSlots = AUTOSCALE_SLOT_OUTPUT + 1;

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

// Scale of a slot, published as one 64-bit word so a reader never pairs a new scale with an old
// inverse. inverse is 0 when 1/scale is not exact (a non-power-of-two static scale): divide then.
struct ScalePair {
  float scale;
  float inverse;
};

using SiteState = autoscale_site_state;  // defined in site_registry.cpp

// Everything the report shows of one site, summed over threads at one moment.
struct SlotSnapshot {
  float scale = 1.0f;
  float amax = 0.0f;                  // largest |v| ever seen
  std::vector<float> amax_history;    // delayed scaling's history, oldest first
  bool passthrough = false;           // FP32 now (format fp32, or empirical analysis)
  SlotCounters counters{};
};

struct SiteSnapshot {
  const autoscale_site *site = nullptr;
  uint32_t id = 0;
  uint64_t executions = 0;
  uint64_t rolls = 0;                 // amax-history rolls of this site
  std::string strategy_note;          // how the strategy was applied, when it differs from asked
  bool remeasured = false;            // empirical, past analysis: the on/off policy re-measures it
  std::vector<std::string> warnings;  // empirical checks that found a scale wrong
  SlotSnapshot slot[kSlots];
};

struct RegistrySnapshot {
  uint64_t explicit_steps = 0;        // autoscale_step() calls
  uint64_t window = 0;                // executions per roll when there were none
  std::vector<SiteSnapshot> sites;    // in registration order
};

RegistrySnapshot snapshot_registry();

// Defined in report.cpp; the registry installs it with atexit at the first registration.
void report_at_exit();

}  // namespace autoscale

#endif
