/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 8
#error "rewritten for autoscale ABI 8"
#endif
#ifndef AUTOSCALE_SITES_CB7736DF75B53B7B
#define AUTOSCALE_SITES_CB7736DF75B53B7B
static struct autoscale_site_state *autoscale_sites_cb7736df75b53b7b_cells[1];
static const autoscale_site autoscale_sites_cb7736df75b53b7b_records[] = {
  AUTOSCALE_SITE(&autoscale_sites_cb7736df75b53b7b_cells[0], "input1.c", 3, 41, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:infer"),
};
static inline AUTOSCALE_FORCE_INLINE autoscale_site *autoscale_sites_cb7736df75b53b7b_table(void) { return AUTOSCALE_SITE_TABLE(autoscale_sites_cb7736df75b53b7b_records); }
#define autoscale_sites_cb7736df75b53b7b (autoscale_sites_cb7736df75b53b7b_table())
#endif
#line 1
#define REAL double
#include "real.h"
double one(double x) { return autoscale_add_d_compact(&autoscale_sites_cb7736df75b53b7b[0], square(x), (double)(half((float)x))); }
