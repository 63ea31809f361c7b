// A C "template" header: each unit defines T before including it. Here one unit instantiates it
// with float and the other with long long, and the pass-through rewrite must not change what the
// program prints.
// Every unit that parses acc.h must agree that its operators are float operations: unit_ll.c
// sees integer arithmetic at the same places, so they are left as written and reported.
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out main.c unit_ll.c --
// RUN: %code out/main.c | FileCheck %s --check-prefix=CONTROL
// RUN: %cc -O2 -ffp-contract=off main.c unit_ll.c -o orig
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/main.c out/unit_ll.c %runtime-link -o rewritten
// RUN: ./orig > orig.txt && ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt

//--- acc.h
static inline T mad(T a, T b, T c) { return a * b + c; }

//--- unit_ll.c
#define T long long
#include "acc.h"
#undef T
long long mad_ll(long long a, long long b, long long c) { return mad(a, b, c); }

//--- main.c
#include <stdio.h>
#define T float
#include "acc.h"
#undef T
long long mad_ll(long long a, long long b, long long c);
int main(void) {
  volatile float x = 0.1f;
  printf("%a\n", mad(x, 3.0f, 0.2f));
  printf("%lld\n", mad_ll(123456789, 1000, 7));
  // The program's own arithmetic is rewritten (the test cannot pass by rewriting nothing).
  printf("%a\n", x * 3.0f);
  // CONTROL: printf("%a\n", autoscale_mul_f_compact({{.*}}, x, 3.0f));
  return 0;
}
