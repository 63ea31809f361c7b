/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 8
#error "rewritten for autoscale ABI 8"
#endif
#ifndef AUTOSCALE_SITES_1C0E856E7191965C
#define AUTOSCALE_SITES_1C0E856E7191965C
#if defined(__GNUC__)
__attribute__((unused))
#endif
static struct autoscale_site_state *autoscale_sites_1c0e856e7191965c_cells[3];
#if defined(__GNUC__)
__attribute__((unused))
#endif
static const autoscale_site autoscale_sites_1c0e856e7191965c_records[] = {
  AUTOSCALE_SITE(&autoscale_sites_1c0e856e7191965c_cells[0], "shared.h", 4, 64, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 0, -1, 1, -1, "class:infer"),
  AUTOSCALE_SITE(&autoscale_sites_1c0e856e7191965c_cells[1], "shared.h", 4, 68, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 1, -1, 2, -1, "class:infer"),
  AUTOSCALE_SITE(&autoscale_sites_1c0e856e7191965c_cells[2], "shared.h", 4, 73, AUTOSCALE_OP_SUB, "sub", "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 2, -1, -1, -1, "class:infer"),
};
#if defined(__GNUC__)
__attribute__((unused))
#endif
static inline AUTOSCALE_FORCE_INLINE autoscale_site *autoscale_sites_1c0e856e7191965c_table(void) { return AUTOSCALE_SITE_TABLE(autoscale_sites_1c0e856e7191965c_records); }
#define autoscale_sites_1c0e856e7191965c (autoscale_sites_1c0e856e7191965c_table())
#endif
#line 1
#ifndef SHARED_H
#define SHARED_H
/* Included by both units: rewritten once, and the units agree. */
static inline float lerp(float a, float b, float t) { return autoscale_add_f_compact(&autoscale_sites_1c0e856e7191965c[0], a, autoscale_mul_f_compact(&autoscale_sites_1c0e856e7191965c[1], t, (autoscale_sub_f_compact(&autoscale_sites_1c0e856e7191965c[2], b, a)))); }
#endif
