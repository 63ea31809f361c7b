/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 8
#error "rewritten for autoscale ABI 8"
#endif
#ifndef AUTOSCALE_SITES_18A5607D46E0C57A
#define AUTOSCALE_SITES_18A5607D46E0C57A
static struct autoscale_site_state *autoscale_sites_18a5607d46e0c57a_cells[8];
static const autoscale_site autoscale_sites_18a5607d46e0c57a_records[] = {
  AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[0], "input.c", 14, 12, AUTOSCALE_OP_ADD, "accumulate", "+=", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 0, -1, 1, -1, "class:deny"),
  AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[1], "input.c", 14, 20, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 1, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[2], "input.c", 18, 16, AUTOSCALE_OP_ADD, "report", "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 2, -1, 4, -1, "class:deny"),
  AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[3], "input.c", 18, 35, AUTOSCALE_OP_SUB, "report", "-", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 3, -1, -1, -1, "class:deny"),
  AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[4], "input.c", 18, 41, AUTOSCALE_OP_MUL, "report", "*", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 4, 3, -1, -1, "class:deny"),
  AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[5], "input.c", 27, 29, AUTOSCALE_OP_ADD, "update", "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 5, -1, -1, -1, "class:deny"),
  AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[6], "input.c", 31, 26, AUTOSCALE_OP_MUL, "update", "*", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 6, -1, -1, -1, "class:deny"),
  AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[7], "input.c", 33, 19, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 7, -1, -1, -1, "class:infer"),
};
static inline AUTOSCALE_FORCE_INLINE autoscale_site *autoscale_sites_18a5607d46e0c57a_table(void) { return AUTOSCALE_SITE_TABLE(autoscale_sites_18a5607d46e0c57a_records); }
#define autoscale_sites_18a5607d46e0c57a (autoscale_sites_18a5607d46e0c57a_table())
#endif
#line 1
/* OpenMP code that includes <omp.h> and calls its runtime API: Clang 19 as Debian ships it has no
 * omp.h (and GCC's does not parse with Clang), so the tool parses with a stand-in and leaves the
 * include for the user's compiler. */
#include <omp.h>

double scaled_sum(const float *x, int n, float s) {
  double t0 = omp_get_wtime();
  float total = 0.0f;
#pragma omp parallel
  {
    float part = 0.0f;
    int nt = omp_get_num_threads();
    for (int i = omp_get_thread_num(); i < n; i += nt)
      autoscale_add_assign_f(&autoscale_sites_18a5607d46e0c57a[0], &(part), autoscale_mul_f(&autoscale_sites_18a5607d46e0c57a[1], x[i], s));
#pragma omp atomic
    total += part;
  }
  return autoscale_add_d_compact(&autoscale_sites_18a5607d46e0c57a[2], (double)(total), autoscale_mul_d_compact(&autoscale_sites_18a5607d46e0c57a[4], (autoscale_sub_d_compact(&autoscale_sites_18a5607d46e0c57a[3], omp_get_wtime(), t0)), 0.0));
}

/* Every form of an atomic update keeps its operator; what it adds is rewritten. */
float atomic_forms(float *acc, const float *x, float s) {
  float old;
#pragma omp parallel
  {
#pragma omp atomic update
    acc[0] = acc[0] * (autoscale_add_f_compact(&autoscale_sites_18a5607d46e0c57a[5], x[0], s));
#pragma omp atomic
    acc[1]++;
#pragma omp atomic capture
    old = acc[2] -= autoscale_mul_f_compact(&autoscale_sites_18a5607d46e0c57a[6], x[1], s);
#pragma omp atomic write
    acc[3] = autoscale_mul_f_compact(&autoscale_sites_18a5607d46e0c57a[7], x[2], s);
  }
  return old;
}
