/* A filter's delay elements (transposed direct form II: z2 is read into z1, then given its next
 * value from the output): each is read before it is given the next value, which depends on other
 * values the function writes, so both are state, kept FP32 by the default rules (fp16 made one band
 * of a filter bank 7x too loud). A value kept for the next iteration from data alone
 * (`previous = x[i] * 0.5f`) is no state. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
typedef struct { float b0, b1, b2, a1, a2, z1, z2; } biquad;

float biquad_process(biquad *f, float x) {
  float y = f->b0 * x + f->z1;
  f->z1 = f->b1 * x - f->a1 * y + f->z2;
  f->z2 = f->b2 * x - f->a2 * y;
  // REPORT: input.c:[[@LINE-1]]:17: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
  return y;
}

void differences(float *y, const float *x, int n) {
  float previous = 0.0f;
  for (int i = 0; i < n; i++) {
    y[i] = x[i] - previous;
    previous = x[i] * 0.5f;
    // REPORT: input.c:[[@LINE-1]]:21: {"action":"cast","class":"infer",{{.*}}"op":"mul",{{.*}}"spelling":"*"
  }
}

/* The same in C89's style: the loop's counter, given its value by `i = 0`, is no float the
 * function writes. */
void differences89(float *y, const float *x, int n) {
  float previous = 0.0f;
  int i;
  for (i = 0; i < n; i++) {
    y[i] = x[i] - previous;
    previous = x[i] * 0.25f;
    // REPORT: input.c:[[@LINE-1]]:21: {"action":"cast","class":"infer",{{.*}}"op":"mul",{{.*}}"spelling":"*"
  }
}
