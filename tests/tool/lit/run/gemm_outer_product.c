// A rank-1 update W += x·yᵀ written as loops (a per-sample weight gradient: no loop sums into W,
// so its statement is an update) is a product with K = 1, the rules' op outer_product. Under the
// pass-through rules it becomes one GEMM call at fp32, which adds each product to its element as
// the loops do: the program prints the original's bits. The bias gradient in the same outer loop
// is a member of the same struct as the weights, other storage: it stays in the loop, and the
// call follows it. Updates that are no outer product stay as they are, and are not reported as
// GEMMs: a scaled matrix (`W += lr * G`), a subtraction, a product along one loop only; and
// rank-1 updates whose other work touches their storage: a union's other member, a bound read
// through the same pointer. Under the default rules outer_product is denied, so the nest is left
// as written.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --check-prefix=CONTROL
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -O2 -ffp-contract=off input.c -o orig
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -o rewritten
// RUN: ./orig > orig.txt && env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir kept --report kept.json input.c --
// RUN: %report kept.json | FileCheck %s --check-prefix=KEPT
#include <stdio.h>

enum { IN = 19, OUT = 13 };

struct layer {
  float w[OUT * IN], b[OUT];
};
union shared {
  float w[OUT * IN], b[OUT * IN];
};
struct sized {
  int in;
  float w[OUT * IN];
};

static void outer(float *w, const float *x, const float *y) {
  for (int i = 0; i < OUT; i++)
    for (int j = 0; j < IN; j++)
      w[i * IN + j] += x[i] * y[j];
}
// CONTROL: autoscale_matmul_nest_f({{.*}}, 13, 19, 1, x, 1, 0, y, 0, 1, w, 19, 1, w, 19, 1))
// REPORT: input.c:[[@LINE-5]]:{{[0-9]+}}: {"action":"cast","class":"deny","format":"fp32",{{.*}}"op":"outer_product",{{.*}}}
// KEPT: input.c:[[@LINE-6]]:{{[0-9]+}}: {"action":"keep","class":"deny",{{.*}}"op":"outer_product",{{.*}}}

static void gradient(struct layer *g, const float *dy, const float *x) {
  for (int o = 0; o < OUT; o++) {
    for (int i = 0; i < IN; i++)
      g->w[o * IN + i] = g->w[o * IN + i] + dy[o] * x[i];
    g->b[o] += dy[o];
  }
}
// CONTROL: } autoscale_matmul_f({{.*}}, 13, 19, 1, dy, 1, 0, x, 0, 1, &g->w[0], 19, 1, &g->w[0], 19, 1);
// REPORT: input.c:[[@LINE-7]]:{{[0-9]+}}: {"action":"cast",{{.*}}"op":"outer_product",{{.*}}}

static void not_outer(float *w, const float *g, const float *x, const float *y, float lr) {
  for (int i = 0; i < OUT; i++)
    for (int j = 0; j < IN; j++)
      w[i * IN + j] += lr * g[i * IN + j];
  for (int i = 0; i < OUT; i++)
    for (int j = 0; j < IN; j++)
      w[i * IN + j] -= x[i] * y[j];
  for (int i = 0; i < OUT; i++)
    for (int j = 0; j < IN; j++)
      w[i * IN + j] += x[j] * y[j];
}

static void through_union(union shared *u, const float *dy, const float *x) {
  for (int o = 0; o < OUT; o++) {
    for (int i = 0; i < IN; i++)
      u->w[o * IN + i] += dy[o] * x[i];
    u->b[o] += dy[o];
  }
}

static void bound_written(struct sized *g, const float *dy, const float *x) {
  for (int o = 0; o < OUT; o++) {
    for (int i = 0; i < g->in; i++)
      g->w[o * IN + i] += dy[o] * x[i];
    g->in = IN - o % 3;
  }
}
// REPORT-NOT: "op":"outer_product"
// REPORT-NOT: "op":"matmul"

static float value(unsigned i) {
  unsigned h = i * 2654435761u;
  float v = (float)((h >> 8) & 0xFFFF) / 65536.0f + 0.5f;
  return (h & 1) ? -v : v;
}

int main(void) {
  static float w[OUT * IN], g[OUT * IN], x[IN], y[IN];
  static struct layer grad;
  static union shared u;
  static struct sized s = {IN, {0}};
  for (int i = 0; i < OUT * IN; i++)
    w[i] = value(4u * i), g[i] = value(4u * i + 1), grad.w[i] = value(4u * i + 2);
  for (int i = 0; i < IN; i++)
    x[i] = value(5u * i + 3), y[i] = value(5u * i + 4);
  for (int step = 0; step < 3; step++) {
    outer(w, x, y);
    gradient(&grad, x, y);
    not_outer(w, g, x, y, 0.01f);
    through_union(&u, y, x);
    bound_written(&s, y, x);
  }
  for (int i = 0; i < OUT * IN; i++) printf("%a %a\n", u.w[i], s.w[i]);
  for (int i = 0; i < OUT * IN; i++) printf("%a %a\n", w[i], grad.w[i]);
  for (int o = 0; o < OUT; o++) printf("%a\n", grad.b[o]);
  return 0;
}
// KEPT: summary: {{.*}}; 2 matmuls left as written by the rules
