/* A C program with a known sequence of operations and no autoscale_step call; run by ctest with
 * AUTOSCALE_REPORT / AUTOSCALE_SUMMARY / AUTOSCALE_WINDOW set, its report and summary are checked
 * by check_site_report.py and by the tests' regular expressions. Written in C so the runtime's C
 * entry points are linked from C, as rewritten C sources link them. */
#include "autoscale/autoscale.h"

static struct autoscale_site_state *cells[3];
static autoscale_site cast_mul = AUTOSCALE_SITE(&cells[0], "report_program.cpp", 10, 5, AUTOSCALE_OP_MUL, "mul", "*",
                                                AUTOSCALE_CLASS_ALLOW, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                                AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 0,
                                                AUTOSCALE_AMAX_MAX, 0, 1.0f, 0, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "op: \"*\" -> e4m3 cast");
static autoscale_site kept_add = AUTOSCALE_SITE(&cells[1], "report_program.cpp", 20, 9, AUTOSCALE_OP_ADD, "add", "+=",
                                                AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32,
                                                AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 0,
                                                AUTOSCALE_AMAX_MAX, 0, 1.0f, 0, 0, AUTOSCALE_STATS_FULL, 1, -1, -1, -1, "passthrough");
static autoscale_site delayed_mul = AUTOSCALE_SITE(&cells[2], "report_program.cpp", 30, 3, AUTOSCALE_OP_MUL, "mul", "*",
                                                   AUTOSCALE_CLASS_ALLOW, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                                   AUTOSCALE_ROUND_INPUTS, 1, AUTOSCALE_STRATEGY_DELAYED, 4,
                                                   AUTOSCALE_AMAX_MAX, 0, 1.0f, 0, 0, AUTOSCALE_STATS_FULL, 2, -1, -1, -1, "default: allow");

int main(void) {
  volatile float tenth = 0.1f, hundredth = 0.01f;
  float acc = 0.0f;
  acc += autoscale_mul_f(&cast_mul, 1.0f, 1.0f);         /* exact */
  acc += autoscale_mul_f(&cast_mul, 250.0f, 2.0f);       /* 500: overflow, saturates to 448 */
  acc += autoscale_mul_f(&cast_mul, hundredth, hundredth); /* 1e-4: underflows to 0 */
  acc += autoscale_mul_f(&cast_mul, tenth, tenth);       /* 0.01: subnormal in e4m3 */
  for (int i = 0; i < 3; ++i) autoscale_add_assign_f(&kept_add, &acc, 1.0f);
  for (int i = 0; i < 10; ++i) acc += autoscale_mul_f(&delayed_mul, 100.0f, 1.0f);
  return acc > 0.0f ? 0 : 1;
}
