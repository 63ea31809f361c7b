// What a program prints is no float work for the step inference: a round loop calling a training
// function (which holds the epoch loop) and a progress printer, whose only float operation is in
// printf's arguments (op report), hands the step to the epoch loop, as it would without the
// printer; the rounds had been the steps (3 for 150).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out input.c -- 2>&1 | FileCheck %s
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir plain input.c -- 2>&1 | FileCheck %s
// CHECK: steps end at input.c:[[# @LINE + 9]] (found)
#include <stdio.h>
#define N 256
float w[N], x[N];
static void progress(int round, float loss) {
  printf("round %d loss %.6g\n", round, loss / 256.0f);
}
static float train(float *v, const float *in, int n) {
  float loss = 0;
  for (int e = 0; e < 50; e++) {
    for (int i = 0; i < n; i++)
      v[i] = v[i] - 0.1f * (v[i] * in[i] - 1.0f) * in[i];
    loss = 0;
    for (int i = 0; i < n; i++) {
      float r = v[i] * in[i] - 1.0f;
      loss += r * r;
    }
  }
  return loss;
}
int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = 1.0f + (i % 5) * 0.1f;
    w[i] = 0;
  }
  for (int round = 0; round < 3; round++)
    progress(round, train(w, x, N));
  return 0;
}
