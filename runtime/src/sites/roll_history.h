// A site's amax, scale and losses at each roll of its amax history (each step, or each window of
// executions without steps), for the report's charts: where a lagging history or a blow-up shows.
// Bounded: every roll up to kMaxRecords, then pairs of records merged and each new record covering
// twice as many rolls, so a 100k-step run keeps as much as a 128-step one. Internal to the runtime.
#ifndef AUTOSCALE_SRC_ROLL_HISTORY_H
#define AUTOSCALE_SRC_ROLL_HISTORY_H

#include <cstdint>
#include <vector>

#include "autoscale/site.h"

namespace autoscale::detail {

// What a site saw over one roll, or over consecutive rolls once merged.
struct RollRecord {
  uint64_t roll = 0;                    // the site's first roll it covers, from 1
  uint64_t step = 0;                    // autoscale_step() calls before that roll
  float amax[AUTOSCALE_SLOT_COUNT] = {};   // largest |v| of each slot over the rolls covered
  float scale[AUTOSCALE_SLOT_COUNT] = {};  // each slot's scale after the last of them
  uint64_t values = 0;                  // values rounded (the site's rounded slots)
  uint64_t overflows = 0, underflows = 0;
};

class RollHistory {
 public:
  static constexpr std::size_t kMaxRecords = 128;

  // Adds one roll's record.
  void add(const RollRecord &r);
  // The records, the one still filling last (if any).
  std::vector<RollRecord> records() const;
  // Rolls each full record covers.
  uint64_t rolls_per_record() const { return every_; }

 private:
  std::vector<RollRecord> full_;
  RollRecord filling_;
  uint64_t filling_rolls_ = 0;  // rolls in filling_
  uint64_t every_ = 1;
};

// `later` folded into `into`, which covers the rolls before it.
void merge_into(RollRecord &into, const RollRecord &later);

}  // namespace autoscale::detail

#endif
