// The per-step roll of CUDA code's scaled device slots (device_sites.cpp launches it).
#ifndef AUTOSCALE_SRC_CUDA_SLOT_ROLLS_H
#define AUTOSCALE_SRC_CUDA_SLOT_ROLLS_H

#include <cuda_runtime.h>

#include "autoscale/device_sites.h"

namespace autoscale::detail {

// A device slot that takes its scale from its amax history (any strategy but static: device sites
// scale as delayed scaling does), and its history in device memory.
struct SlotRoll {
  autoscale_device_slot *slot;
  float *history;
  int length, reduce, margin;
  float fmt_max;
};

// Queues the roll of `count` slots (device array) as step `step` on the default stream.
cudaError_t roll_slots(const SlotRoll *rolls, int count, unsigned long long step);

}  // namespace autoscale::detail

#endif
