// __builtin_constant_p asks whether its operand is a compile-time constant: rewriting the operand
// into a runtime call changes the answer.
// XFAIL: *
// Bug: the tool rewrites 2.0f * 3.0f inside __builtin_constant_p (reported as cast fp32, not as an
// unevaluated operand). Today the rewritten program prints 0 where the original prints 1.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out input.c --
// RUN: %code out/input.c | FileCheck %s --check-prefix=CONTROL
// RUN: %cc -O2 -ffp-contract=off input.c -o orig
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -o rewritten
// RUN: ./orig > orig.txt && ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <stdio.h>

int main(void) {
  printf("%d\n", __builtin_constant_p(2.0f * 3.0f));
  volatile float x = 0.1f;
  printf("%a\n", x * 3.0f);
  // CONTROL: printf("%a\n", autoscale_mul_f({{.*}}, x, 3.0f));
  return 0;
}
