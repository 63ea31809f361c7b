/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 8
#error "rewritten for autoscale ABI 8"
#endif
#ifndef AUTOSCALE_SITES_18A5607D46E0C57A
#define AUTOSCALE_SITES_18A5607D46E0C57A
static struct autoscale_site_state *autoscale_sites_18a5607d46e0c57a_cells[1];
static const autoscale_site autoscale_sites_18a5607d46e0c57a_records[] = {
  AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[0], "input.c", 2, 32, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:infer"),
};
static inline AUTOSCALE_FORCE_INLINE autoscale_site *autoscale_sites_18a5607d46e0c57a_table(void) { return AUTOSCALE_SITE_TABLE(autoscale_sites_18a5607d46e0c57a_records); }
#define autoscale_sites_18a5607d46e0c57a (autoscale_sites_18a5607d46e0c57a_table())
#endif
#line 1
#include "consts.h"
float gain(float x) { return autoscale_mul_f_compact(&autoscale_sites_18a5607d46e0c57a[0], x, GAIN); }
