// The per-step roll of CUDA code's scaled device slots (slot_rolls.h).
#include "cuda/slot_rolls.h"

#include "scaling/scale_math.h"

namespace autoscale::detail {
namespace {

constexpr int kThreads = 256;

// The host's delayed-scaling step (scale_math.h) on every scaled slot: the step's amax enters the
// history, the scale follows it. A calibrating slot (scale 0) keeps passing values until a step
// saw some, as a host site does.
__global__ void roll_kernel(const SlotRoll *rolls, int count, unsigned long long step) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  const SlotRoll r = rolls[i];
  const float amax = __uint_as_float(atomicExch(&r.slot->amax_bits, 0u));
  const float scale = delayed_roll(r.history, r.length, static_cast<int>(step % r.length), amax, r.reduce, r.fmt_max,
                                   r.margin, true, r.slot->scale);
  r.slot->scale = scale;
  r.slot->inverse = scale == 0.0f ? 0.0f : 1.0f / scale;  // exact: a power of two in [2^-126, 2^126]
}

}  // namespace

cudaError_t roll_slots(const SlotRoll *rolls, int count, unsigned long long step) {
  if (count == 0) return cudaSuccess;
  roll_kernel<<<(count + kThreads - 1) / kThreads, kThreads>>>(rolls, count, step);
  return cudaGetLastError();
}

}  // namespace autoscale::detail
