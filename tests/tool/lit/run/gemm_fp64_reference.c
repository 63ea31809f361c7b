// A substituted GEMM rounds what the scalar rewrite of the same loops rounds: the operands in the
// format, each with the scale of its own amax, products summed in FP32. The loops of input.c are
// rewritten twice, as GEMM sites (autoscale_matmul_f) and as scalar dot_mul sites (the override
// `{op: matmul} -> {action: keep}` leaves a matmul's loops as written, their operations decided one
// by one), and reference.c, which the tool does not see, checks both against an FP64 reference of
// the same scaled semantics, on random operands spread over 16 binades, in e4m3, e5m2 and fp16.
//
// Same scale on both paths: the GEMM site's current scaling takes each operand's amax before
// quantising it; a scalar site cannot (it sees one element at a time), its `current` is delayed
// scaling with a one-step history, and until its first step it calibrates (values pass
// unrounded, measured). So reference.c calls each GEMM twice around autoscale_step(): the warm-up
// call measures every element of each operand (its tensor is the operand's base address), the
// step sets the scale from that amax, and the second call, which is checked, rounds with it. A
// step before the warm-up puts the runtime in explicit-step mode, so no window roll (every 1024
// executions) cuts a step short. The GEMM site gives the same answer on both calls.
//
// DEFINE: %{cc} = %cc -O2 -ffp-contract=off -std=c99 -I %runtime-include
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %{cc} -c reference.c -o reference.o
// RUN: %autoscale-rewrite --rules gemm.yaml --out-dir gemm input.c --
// RUN: %autoscale-rewrite --rules scalar.yaml --out-dir scalar input.c --
// RUN: %code gemm/input.c | FileCheck %s --check-prefix=GEMM --implicit-check-not=autoscale_
// RUN: %code scalar/input.c | FileCheck %s --check-prefix=SCALAR --implicit-check-not=autoscale_
// GEMM-COUNT-3: autoscale_matmul_nest_f({{.*}}))
// SCALAR-COUNT-3: autoscale_mul_tensors_f({{.*}});
// RUN: %{cc} gemm/input.c reference.o %runtime-link -o gemm.e4m3
// RUN: %{cc} scalar/input.c reference.o %runtime-link -o scalar.e4m3
// RUN: ./gemm.e4m3 e4m3 | FileCheck %s --check-prefix=OUT
// RUN: ./scalar.e4m3 e4m3 | FileCheck %s --check-prefix=OUT
//
// RUN: sed -e 's/format: e4m3/format: e5m2/' gemm.yaml > gemm_e5m2.yaml
// RUN: sed -e 's/format: e4m3/format: e5m2/' scalar.yaml > scalar_e5m2.yaml
// RUN: %autoscale-rewrite --rules gemm_e5m2.yaml --out-dir gemm_e5m2 input.c --
// RUN: %autoscale-rewrite --rules scalar_e5m2.yaml --out-dir scalar_e5m2 input.c --
// RUN: %{cc} gemm_e5m2/input.c reference.o %runtime-link -o gemm.e5m2
// RUN: %{cc} scalar_e5m2/input.c reference.o %runtime-link -o scalar.e5m2
// RUN: ./gemm.e5m2 e5m2 | FileCheck %s --check-prefix=OUT
// RUN: ./scalar.e5m2 e5m2 | FileCheck %s --check-prefix=OUT
//
// RUN: sed -e 's/format: e4m3/format: fp16/' gemm.yaml > gemm_fp16.yaml
// RUN: sed -e 's/format: e4m3/format: fp16/' scalar.yaml > scalar_fp16.yaml
// RUN: %autoscale-rewrite --rules gemm_fp16.yaml --out-dir gemm_fp16 input.c --
// RUN: %autoscale-rewrite --rules scalar_fp16.yaml --out-dir scalar_fp16 input.c --
// RUN: %{cc} gemm_fp16/input.c reference.o %runtime-link -o gemm.fp16
// RUN: %{cc} scalar_fp16/input.c reference.o %runtime-link -o scalar.fp16
// RUN: ./gemm.fp16 fp16 | FileCheck %s --check-prefix=OUT
// RUN: ./scalar.fp16 fp16 | FileCheck %s --check-prefix=OUT
// OUT: all 12 products within the bound of the FP64 reference, each off the unquantised product

//--- gemm.yaml
# The GEMMs substituted, current scaling (as default.yaml's gemm-current-scaling), margin 4 as
# default.yaml's allow class. reference.c's kMargin must match.
version: 1
step: none
treatment:
  allow: {action: scale, format: e4m3, strategy: current, margin: 4}

//--- scalar.yaml
# The same treatment, the GEMMs left as loops: their multiplies become scalar dot_mul sites, one
# call per product (vector_loops and loop_programs false: neither the runtime's dot kernel nor a
# loop program, which are that same loop).
version: 1
step: none
treatment:
  allow: {action: scale, format: e4m3, strategy: current, margin: 4, vector_loops: false, loop_programs: false}
overrides:
  - name: gemm-as-scalar-sites
    match: {op: matmul}
    set: {action: keep}

//--- reference.c
// The driver and the FP64 reference: random operands, each form and shape run as the comment at
// the top says, every element of C compared with the reference. Exit status 1 on any failure.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <autoscale/autoscale.h>

void gemm_ijk(float *c, const float *a, const float *b, int m, int n, int k);
void gemm_ikj(float *c, const float *a, const float *b, int m, int n, int k);
void gemm_transposed(float *c, const float *at, const float *bt, const float *bias, int m, int n,
                     int k);

enum { kMargin = 4 }; /* the rules' margin */

/* Element (i, j) of a matrix at x[i * rs + j * cs]. */
typedef struct {
  const float *x;
  ptrdiff_t rs, cs;
} View;

static float at(View v, int i, int j) { return v.x[i * v.rs + j * v.cs]; }

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static double uniform(void) { /* [0, 1), 53 bits (Knuth's MMIX LCG, high bits) */
  rng = rng * 6364136223846793005ull + 1442695040888963407ull;
  return (double)(rng >> 11) * 0x1p-53;
}
/* A random float of either sign: base times a 24-bit significand in [1, 2) times 2^-e, e uniform in
 * 0..16, so that the smallest elements fall into the format's subnormals (where the scale decides
 * what survives) and hardly any element is exactly representable in the format. */
static float spread(double base) {
  double v = ldexp(base * (1.0 + uniform()), -(int)(uniform() * 17.0));
  return (float)(uniform() < 0.5 ? -v : v);
}

/* The scale current scaling gives an operand: the power of two pow2(amax / fmt_max * 2^margin),
 * rounded up (rules/README.md, scaling.h), computed here from the definition. */
static double scale_of(View v, int rows, int cols, int format) {
  double amax = 0.0, m;
  int e;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) amax = fmax(amax, fabs(at(v, i, j)));
  m = frexp(ldexp(amax / autoscale_format_max(format), kMargin), &e);
  return ldexp(1.0, m == 0.5 ? e - 1 : e);
}

/* x rounded to the format under the scale: the code of x / scale (exact: a power of two, far
 * from float's limits here), saturating, decoded and scaled back: format.h's conversions, which
 * give CUDA's bits. */
static double quantise(float x, double scale, int format) {
  float data = (float)(x / scale);
  switch (format) {
  case AUTOSCALE_E4M3: data = autoscale_e4m3_to_float(autoscale_e4m3_from_float(data, 1)); break;
  case AUTOSCALE_E5M2: data = autoscale_e5m2_to_float(autoscale_e5m2_from_float(data, 1)); break;
  case AUTOSCALE_FP16: data = autoscale_fp16_to_float(autoscale_fp16_from_float(data, 1)); break;
  default: abort();
  }
  return data * scale;
}

enum Form { IJK, IKJ, TRANSPOSED };
static const char *const kFormNames[] = {"ijk", "ikj (C += A.B)", "transposed + bias"};

/* One product of one form and shape through the rewritten loops, checked; 1 if it passes. */
static int check(enum Form form, int m, int n, int k, int format) {
  const size_t mk = (size_t)m * k, kn = (size_t)k * n, mn = (size_t)m * n;
  float *a = malloc(mk * sizeof *a), *b = malloc(kn * sizeof *b), *d = malloc(mn * sizeof *d),
        *c = malloc(mn * sizeof *c);
  /* A's and B's values far from 1 (below 2^-19 and 2^7), so that their scales are far apart. */
  for (size_t i = 0; i < mk; i++) a[i] = spread(0x1p-20);
  for (size_t i = 0; i < kn; i++) b[i] = spread(0x1p6);
  for (size_t i = 0; i < mn; i++) d[i] = spread(0x1p-12);
  /* The operands as the loops read them: row-major, or stored transposed (at is k x m, bt n x k);
   * D is C's old value (C += A.B) or the bias row. */
  View va = {a, k, 1}, vb = {b, n, 1}, vd = {d, n, 1};
  if (form == TRANSPOSED) {
    va = (View){a, 1, m};
    vb = (View){b, 1, k};
    vd = (View){d, 0, 1};
  }
  for (int call = 0; call < 2; call++) { /* warm-up, step, the call checked (see the top) */
    autoscale_step();
    switch (form) {
    case IJK: gemm_ijk(c, a, b, m, n, k); break;
    case IKJ:
      memcpy(c, d, mn * sizeof *c);
      gemm_ikj(c, a, b, m, n, k);
      break;
    case TRANSPOSED: gemm_transposed(c, a, b, d, m, n, k); break;
    }
  }
  const double sa = scale_of(va, m, k, format), sb = scale_of(vb, k, n, format);
  /* The products of two quantised values are exact in FP32 (at most 2 x 11 significant bits, far
   * from FP32's underflow), so the only roundings left are the K additions (D counts as one more
   * term): for any order and grouping of the sum (the loop's, oneDNN's blocked one), |computed -
   * exact| <= gamma_K * sum |terms| with gamma_K = K u / (1 - K u), u = 2^-24 (Higham, Accuracy
   * and Stability of Numerical Algorithms, 2nd ed., (4.4): a term passes at most K additions). */
  const double u = 0x1p-24, gamma = k * u / (1.0 - k * u);
  double worst = 0.0;
  int failures = 0, quantised = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      const double dij = form == IJK ? 0.0 : at(vd, i, j);
      double ref = dij, ref_abs = fabs(dij), plain = dij, plain_abs = fabs(dij);
      for (int p = 0; p < k; p++) {
        const double qa = quantise(at(va, i, p), sa, format);
        const double qb = quantise(at(vb, p, j), sb, format);
        ref += qa * qb; /* the product exact, the sum within 2^-29 of the bound */
        ref_abs += fabs(qa * qb);
        plain += (double)at(va, i, p) * at(vb, p, j);
        plain_abs += fabs((double)at(va, i, p) * at(vb, p, j));
      }
      const double got = c[i * n + j], bound = gamma * ref_abs, err = fabs(got - ref);
      worst = fmax(worst, err / bound);
      if (!(err <= bound) && failures++ < 5)
        printf("  C(%d, %d) = %a, reference %a: off by %.3g, bound %.3g\n", i, j, got, ref, err,
               bound);
      /* Quantisation visible: no FP32 evaluation of the unquantised inner product (K products and
       * K additions rounded: gamma_{K+1} < 2 gamma_K) is this far from it. */
      quantised += fabs(got - plain) > 2.0 * gamma * plain_abs;
    }
  printf("%s %s %dx%dx%d: max |C - reference| / bound = %.3g; %d of %zu elements off the "
         "unquantised product by more than its bound\n",
         autoscale_format_name(format), kFormNames[form], m, n, k, worst, quantised, mn);
  if (failures) printf("  %d elements outside the bound\n", failures);
  free(a);
  free(b);
  free(d);
  free(c);
  return failures == 0 && quantised > 0;
}

int main(int argc, char **argv) {
  /* Non-square, K not a multiple of 16, K in the hundreds. */
  static const int kShapes[][3] = {{5, 7, 9}, {24, 40, 37}, {33, 17, 130}, {48, 32, 300}};
  int format = -1, passed = 0, total = 0;
  for (int f = AUTOSCALE_E4M3; argc == 2 && f <= AUTOSCALE_FP16; f++)
    if (strcmp(argv[1], autoscale_format_name(f)) == 0) format = f;
  if (format < 0) {
    fprintf(stderr, "usage: %s e4m3|e5m2|fp16 (the format the rules give the GEMMs)\n", argv[0]);
    return 2;
  }
  for (int form = IJK; form <= TRANSPOSED; form++)
    for (size_t s = 0; s < sizeof kShapes / sizeof kShapes[0]; s++, total++)
      passed += check((enum Form)form, kShapes[s][0], kShapes[s][1], kShapes[s][2], format);
  if (passed != total) {
    printf("%d of %d products failed\n", total - passed, total);
    return 1;
  }
  printf("all %d products within the bound of the FP64 reference, each off the unquantised "
         "product\n", total);
  return 0;
}

//--- input.c
// The GEMM loop nests of gemm_loops.c: a local sum, C += in i-k-j order, transposed operands with
// a bias.
void gemm_ijk(float *c, const float *a, const float *b, int m, int n, int k) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int p = 0; p < k; p++)
        s += a[i * k + p] * b[p * n + j];
      c[i * n + j] = s;
    }
}

void gemm_ikj(float *c, const float *a, const float *b, int m, int n, int k) {
  for (int i = 0; i < m; i++)
    for (int p = 0; p < k; p++)
      for (int j = 0; j < n; j++)
        c[i * n + j] += a[i * k + p] * b[p * n + j];
}

void gemm_transposed(float *c, const float *at, const float *bt, const float *bias, int m, int n,
                     int k) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float s = bias[j];
      for (int p = 0; p < k; p++)
        s += at[p * m + i] * bt[j * k + p];
      c[i * n + j] = s;
    }
}
