/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 8
#error "rewritten for autoscale ABI 8"
#endif
#ifndef AUTOSCALE_SITES_E61789DF84F918D2
#define AUTOSCALE_SITES_E61789DF84F918D2
static struct autoscale_site_state *autoscale_sites_e61789df84f918d2_cells[1];
static const autoscale_site autoscale_sites_e61789df84f918d2_records[] = {
  AUTOSCALE_SITE(&autoscale_sites_e61789df84f918d2_cells[0], "input2.c", 2, 39, AUTOSCALE_OP_SUB, "sub", "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:infer"),
};
static inline AUTOSCALE_FORCE_INLINE autoscale_site *autoscale_sites_e61789df84f918d2_table(void) { return AUTOSCALE_SITE_TABLE(autoscale_sites_e61789df84f918d2_records); }
#define autoscale_sites_e61789df84f918d2 (autoscale_sites_e61789df84f918d2_table())
#endif
#line 1
#include "real.h"
float two(float x) { return autoscale_sub_f_compact(&autoscale_sites_e61789df84f918d2[0], square(x), half(x)); }
