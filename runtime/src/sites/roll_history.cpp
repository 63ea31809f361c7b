// A site's record per roll, decimated by merging pairs (roll_history.h).
#include "sites/roll_history.h"

#include <algorithm>

namespace autoscale::detail {

void merge_into(RollRecord &into, const RollRecord &later) {
  for (int k = 0; k < AUTOSCALE_SLOT_COUNT; ++k) {
    into.amax[k] = std::max(into.amax[k], later.amax[k]);
    into.scale[k] = later.scale[k];
  }
  into.values += later.values;
  into.overflows += later.overflows;
  into.underflows += later.underflows;
}

void RollHistory::add(const RollRecord &r) {
  if (filling_rolls_ == 0) filling_ = r;
  else merge_into(filling_, r);
  if (++filling_rolls_ < every_) return;
  full_.push_back(filling_);
  filling_rolls_ = 0;
  if (full_.size() < kMaxRecords) return;
  // Full: each pair becomes one record, and new records cover twice as many rolls.
  for (std::size_t i = 0; i < full_.size() / 2; ++i) {
    full_[i] = full_[2 * i];
    merge_into(full_[i], full_[2 * i + 1]);
  }
  full_.resize(full_.size() / 2);
  every_ *= 2;
}

std::vector<RollRecord> RollHistory::records() const {
  std::vector<RollRecord> out = full_;
  if (filling_rolls_ > 0) out.push_back(filling_);
  return out;
}

}  // namespace autoscale::detail
