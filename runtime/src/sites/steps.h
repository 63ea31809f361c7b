// Steps and windows: when a site's amax history rolls. Internal to the runtime.
#ifndef AUTOSCALE_SRC_STEPS_H
#define AUTOSCALE_SRC_STEPS_H

#include "sites/site_state.h"

namespace autoscale::detail {

// Executions a thread counts privately before adding them to the site's window count.
constexpr uint64_t kFlushBatch = 64;

// Adds this thread's executions of the site (block t) to the site's window count; rolls the site
// when the count crosses a multiple of the window and the program has never called autoscale_step.
// Sets t.left, the executions until the hot path calls it next.
void flush_window(SiteState *st, ThreadSite &t);

}  // namespace autoscale::detail

#endif
