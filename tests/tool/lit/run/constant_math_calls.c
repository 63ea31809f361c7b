// A math call whose arguments are all constants may be folded at compile time (correctly
// rounded) in the original; the rewritten program must print the same bits.
// An operation whose operands are all constants is left as written and reported ("constant
// operands"): an all-constant operation is no tensor operation, and the compiler folds it as the
// original does. With GCC all four calls fold (Clang folds only tanhf); libm at run time would
// differ in the last bit (tanhf 0x1.536166p-1 vs 0x1.536164p-1, cbrt ...28bp+0 vs ...28cp+0, acosh
// ...435p+0 vs ...434p+0, tgamma ...c65p+3 vs ...c66p+3).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %code out/input.c | FileCheck %s --check-prefix=CONTROL
// RUN: %cc -O2 -ffp-contract=off input.c -o orig -lm
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -o rewritten
// RUN: ./orig > orig.txt && ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
// RUN: %host-cc -O2 -ffp-contract=off input.c -o orig-host -lm
// RUN: %host-cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -o rewritten-host
// RUN: ./orig-host > orig-host.txt && ./rewritten-host > rewritten-host.txt && diff -u orig-host.txt rewritten-host.txt
#include <math.h>
#include <stdio.h>

int main(void) {
  printf("%a\n", tanhf(0.7978845608f)); /* GELU's sqrt(2/pi) */
  // REPORT: input.c:[[@LINE-1]]:18: {"action":"skipped",{{.*}}"reason":"constant operands (evaluated at compile time)"{{.*}}
  printf("%a\n", cbrt(2.0));
  // REPORT: input.c:[[@LINE-1]]:18: {"action":"skipped",{{.*}}"reason":"constant operands (evaluated at compile time)"{{.*}}
  printf("%a\n", acosh(2.0));
  // REPORT: input.c:[[@LINE-1]]:18: {"action":"skipped",{{.*}}"reason":"constant operands (evaluated at compile time)"{{.*}}
  printf("%a\n", tgamma(4.5));
  // REPORT: input.c:[[@LINE-1]]:18: {"action":"skipped",{{.*}}"reason":"constant operands (evaluated at compile time)"{{.*}}
  volatile float x = 0.1f;
  printf("%a\n", x * 3.0f);
  // CONTROL: printf("%a\n", autoscale_mul_f_compact({{.*}}, x, 3.0f));
  // A constant argument of a call that is not all-constant passes through the site.
  printf("%a\n", powf(x, 2.0f));
  // CONTROL: printf("%a\n", autoscale_result_f_compact({{.*}}, powf(autoscale_operand_f({{.*}}, 0, x), autoscale_operand_f({{.*}}, 1, 2.0f))));
  return 0;
}
