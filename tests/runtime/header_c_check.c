/* Build-time check: autoscale.h and the C headers it pulls in compile as strict C99. */
#include "autoscale/autoscale.h"
#include "autoscale/scale_rules.h"

float autoscale_header_c_check(float x);
float autoscale_header_c_check(float x) {
  autoscale_u8 code = autoscale_e4m3_from_float(x, 1);
  double d = autoscale_round_double((double)x, AUTOSCALE_BF16, 0);
  float s = autoscale_scale_add(autoscale_pow2_floor(3.0f), 1.0f, 1);
  return autoscale_e4m3_to_float(code) + (float)d + s + autoscale_round_float(x, AUTOSCALE_FP16, 1);
}
