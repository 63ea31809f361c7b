/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 8
#error "rewritten for autoscale ABI 8"
#endif
#ifndef AUTOSCALE_SITES_A466E0AA8FF20931
#define AUTOSCALE_SITES_A466E0AA8FF20931
#if defined(__GNUC__)
__attribute__((unused))
#endif
static struct autoscale_site_state *autoscale_sites_a466e0aa8ff20931_cells[1];
#if defined(__GNUC__)
__attribute__((unused))
#endif
static const autoscale_site autoscale_sites_a466e0aa8ff20931_records[] = {
  AUTOSCALE_SITE(&autoscale_sites_a466e0aa8ff20931_cells[0], "real.h", 7, 46, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:infer"),
};
#if defined(__GNUC__)
__attribute__((unused))
#endif
static inline AUTOSCALE_FORCE_INLINE autoscale_site *autoscale_sites_a466e0aa8ff20931_table(void) { return AUTOSCALE_SITE_TABLE(autoscale_sites_a466e0aa8ff20931_records); }
#define autoscale_sites_a466e0aa8ff20931 (autoscale_sites_a466e0aa8ff20931_table())
#endif
#line 1
/* REAL is float in one unit and double in the other: the same text computes in two types, so
 * the units disagree and the operation is left alone. The unconditional one is rewritten. */
#ifndef REAL
#define REAL float
#endif
static inline REAL square(REAL x) { return x * x; }
static inline float half(float x) { return autoscale_mul_f_compact(&autoscale_sites_a466e0aa8ff20931[0], x, 0.5f); }
