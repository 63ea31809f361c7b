// Where the first NaN or inf was born. Once a value is not finite, every site it reaches counts it
// (nan_in, inf_in), so the counters of a run gone NaN name dozens of sites; the first site that saw
// one, and how, is where to look. A scale cannot be the origin: scale_from_amax keeps every scale
// finite and above 0 (scaling.h). Host sites only: device sites count on the GPU (device_sites.h)
// and record no origin. Internal to the runtime.
#ifndef AUTOSCALE_SRC_NONFINITE_ORIGIN_H
#define AUTOSCALE_SRC_NONFINITE_ORIGIN_H

#include <cstdint>
#include <optional>

#include "sites/site_state.h"

namespace autoscale::detail {

// How the value came to be, as far as the site can tell.
enum class NonFiniteCause : uint8_t {
  Rounded,   // a finite value rounded to inf or NaN in the site's format (overflow, no saturation)
  Computed,  // the operation made it from operands the site had rounded or recorded as finite
  Result,    // the site's result; the site does not see its operands (it rounds its result), so
             // the operation made it, or an operand brought it from code the runtime does not see
  Arrived,   // an operand was not finite on entry: made by code the runtime does not see (an
             // operation left as written, a library call) or read from the program's input
};
const char *cause_name(NonFiniteCause cause);

struct NonFiniteOrigin {
  const autoscale_site *site = nullptr;
  int slot = 0;                  // the operand's slot, or AUTOSCALE_SLOT_OUTPUT for the result
  const void *tensor = nullptr;  // the slot's tensor then (nullptr: its default tensor)
  NonFiniteCause cause = NonFiniteCause::Arrived;
  double value = 0;              // the value that entered: finite for Rounded
  double became = 0;             // the NaN or inf
  uint64_t step = 0;             // autoscale_step() calls before it
  uint64_t execution = 0;        // the site's execution in the calling thread, from 1
};

// Records the event if it is the first of the process; later ones cost one relaxed load: v, of
// the site's operand `slot` (or result) in `tensor`, rounded or passed to `became`.
void note_nonfinite(const SiteState *st, int slot, const void *tensor, double v, double became);
// The same for a slot of the calling thread's block of the site, and its active tensor.
void note_nonfinite(const SiteState *st, const ThreadSlot &slot, double v, double became);

// The first event, once its record is complete.
std::optional<NonFiniteOrigin> first_nonfinite();

}  // namespace autoscale::detail

#endif
