// C89 loops assign a counter declared before them (`int i; for (i = 0; i < n; i++)`). They run as
// loop programs and vector loops as loops declaring theirs do, and the call leaves the counter
// the loop's exit value, which code after the loop reads. The program prints the same bits as one
// call per operation (loop_programs and vector_loops off), exit values included.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: cp %rules/default.yaml scalar.yaml
// RUN: printf '  - name: no-loops\n    set: {loop_programs: false, vector_loops: false}\n' >> scalar.yaml
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir program input.c --
// RUN: %autoscale-rewrite --rules scalar.yaml --out-dir scalar input.c --
// RUN: %code program/input.c | FileCheck %s --check-prefix=PROGRAM
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include program/input.c %runtime-link -lm -o program.out
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include scalar/input.c %runtime-link -lm -o scalar.out
// RUN: %cc -O2 -ffp-contract=off input.c -lm -o original.out
// RUN: env AUTOSCALE_SUMMARY=0 ./program.out > program.txt && env AUTOSCALE_SUMMARY=0 ./scalar.out > scalar.txt
// RUN: diff -u scalar.txt program.txt
// RUN: ./original.out | head -3 > original_exits.txt && head -3 program.txt > program_exits.txt
// RUN: diff -u original_exits.txt program_exits.txt
#include <stdio.h>

enum { N = 1000 };
static float x[N], y[N], z[N];

int main(void) {
  int i, j, k, n = N;
  float s = 0.0f;
  for (k = 0; k < N; k++) {
    x[k] = (float)(k % 17) - 8.0f;
    y[k] = (float)(k % 5) + 0.5f;
  }
  for (i = 0; i < n; i++)
    z[i] = x[i] * y[i] + 0.5f;
  // PROGRAM: autoscale_loop_f({{.*}}); i = 0 + AUTOSCALE_CAST(ptrdiff_t, autoscale_n_); } else for (i = 0; i < n; i++)
  printf("exit %d\n", i);
  for (j = 3; j <= n - 2; j++)
    s += x[j] * y[j];
  // PROGRAM: autoscale_dot_f({{.*}}); j = 3 + AUTOSCALE_CAST(ptrdiff_t, {{.*}}); }
  printf("exit %d\n", j);
  for (i = 5; i < 2; i++)
    s += x[i] * y[i];
  printf("exit %d\n", i);
  printf("%a\n", s);
  for (k = 0; k < N; k += 100)
    printf("%a\n", z[k]);
  return 0;
}
