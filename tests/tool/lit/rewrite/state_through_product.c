// A state stepped through a product, x <- F x, its new value copied back element by element (a
// Kalman filter's prediction, a Markov chain's distribution), is an update, as the same step
// written out (`x0 = F00 * x0 + F01 * x1`) is: it stays FP32 and is no GEMM. Rounded to e4m3
// every step, a constant-velocity model's position went 200 -> 192.1 where it reaches 300. Layers
// (W[l] x, a matrix that moves with the loop around the copy) are data: their product is a GEMM.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c

void predict(const double F[2][2], double x[2], int steps) {
  for (int t = 0; t < steps; t++) {
  // CHECK: { autoscale_begin_steps(); for (int t = 0; t < steps; autoscale_step(), t++) {
    double xp[2];
    for (int i = 0; i < 2; i++) {
      xp[i] = 0;
      for (int k = 0; k < 2; k++)
        xp[i] += F[i][k] * x[k];
        // CHECK: xp[i] += F[i][k] * x[k];
        // REPORT: input.c:[[@LINE-2]]:15: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:26"],"function":"predict","op":"update","rule":"class:deny","spelling":"+=","type":"double","variable":"xp"}
        // REPORT: input.c:[[@LINE-3]]:26: {"action":"keep","class":"deny","function":"predict","op":"update","rule":"class:deny","spelling":"*","type":"double","variable":"xp"}
    }
    for (int i = 0; i < 2; i++)
      x[i] = xp[i];
  }
  // CHECK: } }
}

void markov(const float P[4][4], float p[4], int steps) {
  float q[4];
  for (int t = 0; t < steps; t++) {
  // CHECK: { autoscale_begin_steps(); for (int t = 0; t < steps; autoscale_step(), t++) {
    for (int j = 0; j < 4; j++) {
      float s = 0.0f;
      for (int i = 0; i < 4; i++)
        s += p[i] * P[i][j];
        // CHECK: s += p[i] * P[i][j];
        // REPORT: input.c:[[@LINE-2]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:19"],"function":"markov","op":"update","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-3]]:19: {"action":"keep","class":"deny","function":"markov","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"s"}
      q[j] = s;
    }
    for (int j = 0; j < 4; j++)
      p[j] = q[j];
  }
  // CHECK: } }
}

void layers(const float W[3][8][8], float h[8]) {
  float y[8];
  for (int l = 0; l < 3; l++) {
    for (int o = 0; o < 8; o++) {
    // CHECK: if (!autoscale_matmul_nest_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], 8, 1, 8, &W[0][0][0] + 64 * l, 8, 1, h, 1, 0, AUTOSCALE_NULL, 0, 0, &y[0], 1, 0)) for (int o = 0; o < 8; o++) {
    // REPORT: input.c:[[@LINE-2]]:5: {"action":"scale","class":"allow","format":"e4m3","function":"layers","gemm":"loops","note":"the loop at line 51 is not folded in: the loop at line 51 runs around the accumulator but does not index the result","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":0,"spelling":"matmul","strategy":"current","type":"float","variable":"y"}
      float s = 0.0f;
      for (int i = 0; i < 8; i++)
        s += W[l][o][i] * h[i];
        // CHECK: s += W[l][o][i] * h[i];
        // REPORT: input.c:[[@LINE-2]]:11: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:25"],"function":"layers","matmul":"input.c:[[@LINE-7]]:5","op":"accumulate","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-3]]:25: {"action":"in_matmul","class":"allow","function":"layers","matmul":"input.c:[[@LINE-8]]:5","op":"dot_mul","spelling":"*","type":"float","variable":"s"}
      y[o] = s;
    }
    for (int o = 0; o < 8; o++)
      h[o] = y[o];
  }
}
// REPORT: file: {"changed":true,"path":"input.c","sites":1,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"layers":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3},"markov":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"predict":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2}},"total":{"conversions":0,"converted":1,"line":"converted 1 of 7 operations using 0 conversions","operations":7}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[{"file":"input.c","function":"markov","line":32},{"file":"input.c","function":"predict","line":13}],"source":"found"}
// REPORT: summary: 7 float operations in 1 file: 1 scaled e4m3, 4 kept, 2 in matmuls, 0 skipped; steps end at input.c:32, input.c:13 (found)
