// The entry of every out-of-line site call: the site's state, registered on first use. Internal
// to the runtime.
#ifndef AUTOSCALE_SRC_SITE_CALLS_H
#define AUTOSCALE_SRC_SITE_CALLS_H

#include "sites/site_state.h"

namespace autoscale::detail {

// The first use of any site also arranges for the report and the summary at exit (site_calls.cpp
// links both, so the registry knows nothing of reports).
SiteState *first_use(autoscale_site *site);
// The same for sites registered otherwise (device_sites.cpp). Once per process.
void arrange_report_at_exit();

inline SiteState *entered_state_of(autoscale_site *site) {
  autoscale_site_state *st = __atomic_load_n(site->state, __ATOMIC_ACQUIRE);
  return __builtin_expect(st != nullptr, 1) ? site_state(st) : first_use(site);
}

}  // namespace autoscale::detail

#endif
