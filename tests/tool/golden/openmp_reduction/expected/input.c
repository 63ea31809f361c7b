/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 8
#error "rewritten for autoscale ABI 8"
#endif
#ifndef AUTOSCALE_SITES_18A5607D46E0C57A
#define AUTOSCALE_SITES_18A5607D46E0C57A
static struct autoscale_site_state *autoscale_sites_18a5607d46e0c57a_cells[1];
static const autoscale_site autoscale_sites_18a5607d46e0c57a_records[] = {
  AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[0], "input.c", 7, 15, AUTOSCALE_OP_MUL, "dot_mul", "*", AUTOSCALE_CLASS_ALLOW, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, AUTOSCALE_ROUND_INPUTS, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 4, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:allow"),
};
static inline AUTOSCALE_FORCE_INLINE autoscale_site *autoscale_sites_18a5607d46e0c57a_table(void) { return AUTOSCALE_SITE_TABLE(autoscale_sites_18a5607d46e0c57a_records); }
#define autoscale_sites_18a5607d46e0c57a (autoscale_sites_18a5607d46e0c57a_table())
#endif
#line 1
/* An OpenMP reduction: the loop body is rewritten; the combiner Clang synthesises for the
 * reduction clause is not an operation of the source. */
float dot(const float *a, const float *b, int n) {
  float s = 0.0f;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += autoscale_mul_tensors_f(&autoscale_sites_18a5607d46e0c57a[0], a[i], b[i], a, b);
  return s;
}
