// A C "template" header: each unit defines T before including it. Here one unit instantiates it
// with float and the other with long long, and the pass-through rewrite must not change what the
// program prints.
// Bug: the tool decides acc.h's operations from main.c (float) alone and rewrites them as float
// calls; unit_ll.c's long long mad() then computes 123456789 * 1000 + 7 through float. Today the
// rewritten program prints 123456790528 instead of 123456789007; the report lists 2 cast fp32 in
// acc.h and nothing about the long long instantiation.
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
  // CONTROL: printf("%a\n", autoscale_mul_f({{.*}}, x, 3.0f));
  return 0;
}
