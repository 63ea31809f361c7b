// Each rewritten file of a unit has its own site table, named from all 64 bits of its name's
// FNV-1a hash: k23222.h and k37375.h agree on the 32 bits the names had, and the second header's
// table was skipped by the first's guard, its operations indexing past the first's one site (a
// pass-through run crashed). Pass-through prints the original's bits.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cp %S/Inputs/table_names/*.h %t && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out input.c --
// RUN: %cc -O2 -ffp-contract=off input.c -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -Werror=array-bounds -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <stdio.h>
#include "k23222.h"
#include "k37375.h"

static volatile float start = 1.3f;

int main(void) {
  float x = start;
  for (int i = 0; i < 3; i++)
    x = kb(kc(kd(ke(ka(x)))));
  printf("%a\n", x);
  return 0;
}
