// A site's scaling state as the strategies drive it, per tensor: set up at registration and when a
// call names a new tensor, rolled at each step (or window), and the empirical on/off policy across
// sites. Internal to the runtime; every function runs under the registry mutex.
#ifndef AUTOSCALE_SRC_SITE_SCALING_H
#define AUTOSCALE_SRC_SITE_SCALING_H

#include <cstddef>
#include <cstdint>

#include "sites/site_registry.h"

namespace autoscale::detail {

// The scaling state of a new site (validated by the registry): its default tensors, the empirical
// state, the format its values round to now, and the note on what its strategy does on a scalar
// site (printed once per strategy).
void init_scaling_locked(Registry &reg, SiteState *st);

// The index in st->tensors of the tensor `key` (nullptr: the default) at `slot`, created with its
// scaling state on first sight (in the place of a freed one, if any); past
// AUTOSCALE_MAX_TENSORS_PER_SITE named tensors, the slot's overflow tensor.
std::size_t tensor_index_locked(Registry &reg, SiteState *st, int slot, const void *key);

// Ends the named tensors of every site whose keys lie in [begin, end), memory being freed: their
// scaling state and amaxes are dropped, no thread block keeps them active, and their places wait
// for new keys. Their counters stay, for the report.
void forget_keys_locked(Registry &reg, std::uintptr_t begin, std::uintptr_t end);

// Ends the site's step: the amax of every thread since the last roll enters each tensor's scaling
// state, and the scales of the next step are published.
void roll_site_locked(Registry &reg, SiteState *st);

// Whether a step passes over the site: at fp32 it rounds nothing and its scale sets no value, so
// where it has not run since the last step, a roll would only record zeros. A program whose steps
// are a few operations (a time step of a small simulation) while most of its sites run in other
// phases spent most of its time rolling those (docs/PERFORMANCE.md). Called once per site and
// step: it notes the site's executions for the next step's question.
bool step_passes_over_locked(Registry &reg, SiteState *st);

// The output scale of a propagate or empirical site, from the scales of its operands (its own, or
// those of the sites producing them): after every site has rolled, so that it follows the scales
// of this step's producers.
void update_output_scale_locked(Registry &reg, SiteState *st);

// The on/off policy (AutoScale proposal B): of the empirical sites past their analysis, the
// AUTOSCALE_EMPIRICAL_OP_FRACTION most variable re-measure their multiplier, the rest keep it
// frozen. Rerun whenever another site ends its analysis, so the ranking covers every measured site.
void apply_remeasure_policy_locked(Registry &reg);

// The output's scale comes from the operand scales, not from its own amax history.
bool output_propagates(const autoscale_site &s);

}  // namespace autoscale::detail

#endif
