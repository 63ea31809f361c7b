/* Rewritten C puts the tool's prelude (which includes autoscale.h) before the file's own first
 * line, so a file that defines _GNU_SOURCE itself must still get the GNU declarations: autoscale.h
 * includes no C library header that would fix the feature-test macros first (config.h). Compiled
 * by check_header.py as strict C99, where sincosf and M_PIf exist only under _GNU_SOURCE. */
#include "autoscale/autoscale.h"

#define _GNU_SOURCE
#include <math.h>

float autoscale_feature_macros_check(float x);
float autoscale_feature_macros_check(float x) {
  float s, c;
  sincosf(x * M_PIf, &s, &c);
  return s + c;
}
