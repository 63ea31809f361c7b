// An argument that a macro stringises shows its text: rewritten, the program would print the
// runtime's call. Directly (`#e`) or handed on to another macro that does (SHOW calls STR), the
// operations in it stay as written; an argument the macros only compute with is rewritten.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -O2 -ffp-contract=off input.c -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <stdio.h>
#define STR(e) #e
#define SHOW(e) printf("%s = %a\n", STR(e), (double)(e))
#define TWICE(e) (2.0f * (e))

int main(int argc, char **argv) {
  (void)argv;
  float a = 1.5f, b = 0.25f;
  if (argc > 5)
    a = 3.0f; // data, not a value computed from integers
  SHOW(a * b);
  // REPORT: input.c:[[@LINE-1]]:10: {"action":"skipped",{{.*}}"reason":"macro argument that the macro stringises or pastes"{{.*}}
  printf("%a\n", (double)TWICE(a - b));
  // REPORT: input.c:[[@LINE-1]]:34: {"action":"cast",{{.*}}"spelling":"-"{{.*}}
  return 0;
}
