// What the report and the summary read: every site's counters summed over threads and its scaling
// state, at one moment. Tests read it too, instead of running a program to its exit.
#ifndef AUTOSCALE_SRC_SNAPSHOT_H
#define AUTOSCALE_SRC_SNAPSHOT_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sites/nonfinite_origin.h"
#include "sites/site_state.h"

namespace autoscale::detail {

// One tensor of a site.
struct TensorSnapshot {
  int slot = 0;
  const void *key = nullptr;          // nullptr: the slot's default tensor, or its overflow tensor
  bool overflow = false;              // the tensors past the site's limit share it
  bool freed = false;                 // its memory was freed and no new array took its place yet
  float scale = 1.0f;
  float amax = 0.0f;                  // largest |v| ever seen
  std::vector<float> amax_history;    // delayed scaling's history, oldest first
  SlotCounters counters{};
};

// One slot of a site: its tensors' counters summed; the scale and history of its default tensor.
struct SlotSnapshot {
  float scale = 1.0f;
  float amax = 0.0f;                  // largest |v| ever seen, over the slot's tensors
  std::vector<float> amax_history;
  bool passthrough = false;           // FP32 now (format fp32, or empirical analysis)
  SlotCounters counters{};
};

// A rewritten cuBLAS call at e4m3 (cuda/library_sites.h): how its products ran.
struct ProductCounts {
  uint64_t calls = 0;
  uint64_t on_fp8 = 0;    // of them, on FP8 tensor cores; the others as bf16 values (the same values)
  std::string otherwise;  // why the others did not
};

struct SiteSnapshot {
  const autoscale_site *site = nullptr;
  uint32_t id = 0;
  uint64_t executions = 0;
  uint64_t rolls = 0;                 // amax-history rolls of this site
  uint64_t lagging_rolls = 0;         // of them, rolls the history's scale was too large for
  std::string strategy_note;          // how the strategy was applied, when it differs from asked
  bool remeasured = false;            // empirical, past analysis: the on/off policy re-measures it
  std::vector<std::string> warnings;  // empirical checks that found a scale wrong
  bool device = false;                // a CUDA device site (device_sites.h): executions not counted
  ProductCounts products;             // a rewritten cuBLAS call's, at e4m3
  SlotSnapshot slot[kSlots];
  std::vector<TensorSnapshot> tensors;  // every tensor, the default ones first, then first-seen order
  std::vector<RollRecord> history;      // what each roll saw (roll_history.h); host sites only
  uint64_t rolls_per_record = 1;
};

struct RegistrySnapshot {
  uint64_t explicit_steps = 0;        // autoscale_step() calls
  bool explicit_mode = false;         // steps are the program's (Registry::explicit_mode)
  uint64_t window = 0;                // executions per roll when there were none
  std::vector<SiteSnapshot> sites;    // in registration order
  std::optional<NonFiniteOrigin> first_nonfinite;  // the first NaN or inf a host site saw
};

RegistrySnapshot snapshot_registry();

}  // namespace autoscale::detail

#endif
