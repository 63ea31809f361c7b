// __builtin_constant_p asks whether its operand is a compile-time constant: rewriting the operand
// into a runtime call changes the answer.
// Its operand is left as written, reported as an unevaluated operand, even where it is not constant.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %code out/input.c | FileCheck %s --check-prefix=CONTROL
// RUN: %cc -O2 -ffp-contract=off input.c -o orig
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -o rewritten
// RUN: ./orig > orig.txt && ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <stdio.h>

int main(void) {
  printf("%d\n", __builtin_constant_p(2.0f * 3.0f));
  // REPORT: input.c:[[@LINE-1]]:{{[0-9]+}}: {"action":"skipped",{{.*}}"reason":"unevaluated operand (__builtin_constant_p)"{{.*}}
  volatile float x = 0.1f;
  float y = x;
  printf("%d\n", __builtin_constant_p(y * 2.0f));
  // REPORT: input.c:[[@LINE-1]]:{{[0-9]+}}: {"action":"skipped",{{.*}}"reason":"unevaluated operand (__builtin_constant_p)"{{.*}}
  printf("%a\n", x * 3.0f);
  // CONTROL: printf("%a\n", autoscale_mul_f_compact({{.*}}, x, 3.0f));
  return 0;
}
