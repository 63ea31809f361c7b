// Loop nests whose counters are declared before the loops (C89, PolyBench, `#pragma omp parallel
// for private(i)` as in llama2.c) are GEMMs too, where nothing reads a counter after the nest:
// the GEMM leaves it as it was, the loops leave their last value. So every use outside the nest is
// an assignment to it or lies in a for loop that starts by assigning it (`for (i = 0; ...)`), and
// the function has no label. Under the pass-through rules the program prints the original's bits.
// Two nests sharing i, j, k (the first sets each element of C to 0 before its sum); an OpenMP
// matrix-vector product; loops whose other work steps the product's counter; a nest whose counter
// is read after it, and one on a global, left as loops.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c -- -fopenmp
// RUN: %code out/input.c | FileCheck %s --check-prefix=CONTROL
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %host-cc -O2 -ffp-contract=off -fopenmp input.c -o orig
// RUN: %host-cc -O2 -ffp-contract=off -fopenmp -I %runtime-include out/input.c %runtime-link -o rewritten
// RUN: env OMP_NUM_THREADS=2 ./orig > orig.txt && env OMP_NUM_THREADS=2 AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <stdio.h>

enum { N = 23 };

static void two_nests(float *t, float *d, const float *a, const float *b, const float *c) {
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      t[i * N + j] = 0.0f;
      for (k = 0; k < N; ++k)
        t[i * N + j] += a[i * N + k] * b[k * N + j];
    }
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      float s = 0.0f;
      for (k = 0; k < N; k++)
        s += t[i * N + k] * c[k * N + j];
      d[i * N + j] = s;
    }
}
// CONTROL-COUNT-2: autoscale_matmul_nest_f(

static void matmul_omp(float *xout, const float *x, const float *w, int n, int m) {
  int i;
#pragma omp parallel for private(i)
  for (i = 0; i < m; i++) {
    float val = 0.0f;
    for (int j = 0; j < n; j++)
      val += w[i * n + j] * x[j];
    xout[i] = val;
  }
}
// CONTROL: autoscale_matmul_nest_f(

static void other_work(float *y, float *z, const float *a, const float *x) {
  int i, j;
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++)
      z[i * N + j] = x[j];
    y[i] = 0.0f;
    for (j = 0; j < N; j++)
      y[i] += a[i * N + j] * x[j];
  }
}
// CONTROL: autoscale_matmul_nest_f(

static int read_after(float *y, const float *a, const float *x) {
  int i, j;
  for (i = 0; i < N; i++) {
    float s = 0.0f;
    for (j = 0; j < N; j++)
      s += a[i * N + j] * x[j];
    y[i] = s;
  }
  return i + j;
}
// REPORT: input.c:[[@LINE-8]]:{{[0-9]+}}: {"action":"skipped",{{.*}}"op":"matmul","reason":"not substituted as a GEMM: the loop at line [[@LINE-8]] leaves its variable, declared before it, to code that may read it"{{.*}}}

int g;
static void global_counter(float *y, const float *a, const float *x) {
  for (g = 0; g < N; g++) {
    float s = 0.0f;
    for (int j = 0; j < N; j++)
      s += a[g * N + j] * x[j];
    y[g] = s;
  }
}
// REPORT: input.c:[[@LINE-7]]:{{[0-9]+}}: {"action":"skipped",{{.*}}"op":"matmul","reason":"not substituted as a GEMM: the loop at line [[@LINE-7]] leaves its variable, declared before it, to code that may read it"{{.*}}}

static float value(unsigned i) {
  unsigned h = i * 2654435761u;
  float v = (float)((h >> 8) & 0xFFFF) / 65536.0f + 0.5f;
  return (h & 1) ? -v : v;
}

int main(void) {
  static float a[N * N], b[N * N], c[N * N], t[N * N], d[N * N], y[N], z[N * N];
  for (int i = 0; i < N * N; i++)
    a[i] = value(3u * i), b[i] = value(3u * i + 1), c[i] = value(3u * i + 2);
  two_nests(t, d, a, b, c);
  matmul_omp(y, b, a, N, N);
  for (int i = 0; i < N; i++)
    printf("%a %a\n", d[i * N + i], y[i]);
  other_work(y, z, c, a);
  printf("%a %a %d\n", y[N - 1], z[N], read_after(y, a, b));
  global_counter(y, b, c);
  printf("%a %d\n", y[2], g);
  return 0;
}
