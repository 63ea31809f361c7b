// A site's scaling state as the strategies drive it: set up at registration, rolled at each step
// (or window), and the empirical on/off policy across sites. Internal to the runtime; every
// function runs under the registry mutex.
#ifndef AUTOSCALE_SRC_SITE_SCALING_H
#define AUTOSCALE_SRC_SITE_SCALING_H

#include "site_registry.h"

namespace autoscale::detail {

// The scaling state of a new site (validated by the registry): scales, histories, the empirical
// state, and the note on what its strategy does on a scalar site (printed once per strategy).
void init_scaling_locked(SiteState *st);

// Ends the site's step: the amax of every thread since the last roll enters the scaling state, and
// the scales of the next step are published.
void roll_site_locked(Registry &reg, SiteState *st);

// The on/off policy (AutoScale proposal B): of the empirical sites past their analysis, the
// AUTOSCALE_EMPIRICAL_OP_FRACTION most variable re-measure their multiplier, the rest keep it
// frozen. Rerun whenever another site ends its analysis, so the ranking covers every measured site.
void apply_remeasure_policy_locked(Registry &reg);

// The output slot's scale comes from the operand scales, not from its own amax history.
bool output_propagates(const autoscale_site &s);

}  // namespace autoscale::detail

#endif
