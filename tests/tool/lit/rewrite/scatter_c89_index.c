/* A scatter-add whose index is a C89 local declared at the top and given its value in the loop
 * (`c = lab[i]; s[c] += x[i];`, k-means' sums by label): an accumulate, kept FP32 by the default
 * rules (bf16 stopped a sum of 1000 threes at 1024). */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c -- -std=c99
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
void sums(float *out, const float *x, const int *lab, int n) {
  float s[4];
  int i, c;
  for (c = 0; c < 4; c++)
    s[c] = 0.0f;
  for (i = 0; i < n; i++) {
    c = lab[i];
    s[c] += x[i];
    /*
    REPORT: input.c:[[@LINE-2]]:10: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
    */
  }
  for (c = 0; c < 4; c++)
    out[c] = s[c];
}

/* A counter reused in C89's style (`j = col[k]` before, `for (j = 0; ...)` now) is the loop's
 * index where it runs, no loaded one: the product is a plain one. */
void reused(float *t, const float *a, const float *b, const int *col, int n, int *last) {
  int j, k;
  for (k = 0; k < n; k++)
    j = col[k];
  *last = j;
  for (j = 0; j < n; j++)
    t[j] += a[j] * b[j];
  /*
  REPORT: input.c:[[@LINE-2]]:10: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+="
  */
}
