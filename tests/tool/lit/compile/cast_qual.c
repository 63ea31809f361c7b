// Rewritten C builds under strict warnings: no cast drops a const (-Wcast-qual), where loop
// programs once cast each array's address to float *. A loop program, a dot loop and a GEMM read
// const arrays here, under the default and the pass-through rules.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.c --
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough input.c --
// RUN: %code default/input.c | FileCheck %s
// RUN: %host-cc -std=c99 -Wall -Wextra -Wcast-qual -Werror -c -I %runtime-include default/input.c -o default.o
// RUN: %host-cc -std=c99 -Wall -Wextra -Wcast-qual -Werror -c -I %runtime-include passthrough/input.c -o passthrough.o
// RUN: %cc -std=c99 -Wall -Wextra -Wcast-qual -Werror -c -I %runtime-include default/input.c -o default-clang.o
// CHECK-DAG: autoscale_loop_f(
// CHECK-DAG: autoscale_dot_f(
// CHECK-DAG: autoscale_matmul_nest_f(

void gelu(float *out, const float *in, int n) {
  for (int i = 0; i < n; i++)
    out[i] = 0.5f * in[i] * (1.0f + in[i] * 0.25f);
}

float dot(const float *a, const float *b, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

void product(float *c, const float *a, const float *b, int m, int n, int k) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int p = 0; p < k; p++)
        s += a[i * k + p] * b[p * n + j];
      c[i * n + j] = s;
    }
}
