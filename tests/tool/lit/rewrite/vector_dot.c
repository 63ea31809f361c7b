/* An innermost loop whose only statement adds a dot_mul product (rounded at its inputs) to a kept
 * FP32 sum at a fixed place is one call of the runtime's dot kernel: the site is the multiply's,
 * the addresses are the elements at the first iteration, the strides come from the indexing. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
#include <stddef.h>

float unit(const float *a, const float *b, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; ++i)
  // CHECK: acc = autoscale_dot_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], acc, n > 0 ? AUTOSCALE_CAST(size_t, n) : 0, &a[0], 1, &b[0], 1, a, b);
    acc += a[i] * b[i];
    // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:17"],"function":"unit","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"unit","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
  return acc;
}

float row(const float *w, const float *x, int o, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++) {
  // CHECK: s = autoscale_dot_f(&[[SITES]][1], s, n > 0 ? AUTOSCALE_CAST(size_t, n) : 0, &w[o * n + 0], 1, &x[0], 1, w, x);
    s += w[o * n + i] * x[i];
    // REPORT: input.c:[[@LINE-1]]:7: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:23"],"function":"row","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
    // REPORT: input.c:[[@LINE-2]]:23: {"action":"scale","class":"allow","format":"e4m3","function":"row","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
  }
  return s;
}

float column(const float *a, const float *x, int j, int lda, size_t n) {
  float s = 0.0f;
  for (size_t i = 0; i < n; i += 1)
  // CHECK: s = autoscale_dot_f(&[[SITES]][2], s, n > 0 ? AUTOSCALE_CAST(size_t, n) : 0, &x[0], 1, &a[0 * lda + j], lda, x, a);
    s = s + x[i] * a[i * lda + j];
    // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:18"],"function":"column","op":"accumulate","rule":"class:deny","spelling":"+","type":"float","variable":"s"}
    // REPORT: input.c:[[@LINE-2]]:18: {"action":"scale","class":"allow","format":"e4m3","function":"column","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
  return s;
}

void into_element(float *restrict out, int o, const float *a, const float *b, long n) {
  for (long i = 0; i < n; i++)
  // CHECK: out[o] = autoscale_dot_f(&[[SITES]][3], out[o], n > 0 ? AUTOSCALE_CAST(size_t, n) : 0, &*(a + 2 * 0 + 1), 2, &b[n - 1 - 0], -1, a, b);
    out[o] += *(a + 2 * i + 1) * b[n - 1 - i];
    // REPORT: input.c:[[@LINE-1]]:12: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:32"],"function":"into_element","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"out"}
    // REPORT: input.c:[[@LINE-2]]:32: {"action":"scale","class":"allow","format":"e4m3","function":"into_element","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":"out"}
}

float inclusive(const float *a, const float *b, int lo, int hi) {
  float acc = 0.0f;
  for (int i = lo; i <= hi; i++)
  // CHECK: acc = autoscale_dot_f(&[[SITES]][4], acc, hi >= lo ? AUTOSCALE_CAST(size_t, hi - lo) + 1 : 0, &a[lo], 1, &b[lo - lo], 1, a, b);
    acc += a[i] * b[i - lo];
    // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:17"],"function":"inclusive","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"inclusive","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":4,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
  return acc;
}

double twice(const double *a, const double *b, int n) {
  double acc = 0.0;
  for (int i = 0; i < n; ++i)
  // CHECK: acc = autoscale_dot_d(&[[SITES]][5], acc, n > 0 ? AUTOSCALE_CAST(size_t, n) : 0, &a[0], 1, &b[0], 1, a, b);
    acc += a[i] * b[i];
    // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:17"],"function":"twice","op":"accumulate","rule":"class:deny","spelling":"+=","type":"double","variable":"acc"}
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"twice","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":5,"spelling":"*","strategy":"delayed","type":"double","variable":"acc"}
  return acc;
}
// REPORT: file: {"changed":true,"path":"input.c","sites":6,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"column":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"inclusive":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"into_element":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"row":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"twice":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"unit":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2}},"total":{"conversions":6,"converted":6,"line":"converted 6 of 12 operations using 6 conversions","operations":12}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 12 float operations in 1 file: 6 scaled e4m3, 6 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
