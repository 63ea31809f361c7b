/* An accumulator initialised with an element is the addend D: a bias broadcast over the rows
 * (d_rs 0), and under a null test the test goes with it (D is NULL where the loops added 0). */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
void linear(float *c, const float *a, const float *w, const float *bias, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // CHECK: if (!autoscale_matmul_nest_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], AUTOSCALE_CAST(size_t, M > 0 ? M : 0), AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), a, K, 1, w, 1, K, bias, 0, 1, c, N, 1)) for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"linear","gemm":"loops","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":0,"spelling":"matmul","strategy":"current","type":"float","variable":"c"}
    for (int j = 0; j < N; j++) {
      float s = bias[j];
      for (int k = 0; k < K; k++)
        s += a[i * K + k] * w[j * K + k];
        // CHECK: s += a[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-2]]:11: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:27"],"function":"linear","matmul":"input.c:[[@LINE-8]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-3]]:27: {"action":"in_matmul","class":"allow","function":"linear","matmul":"input.c:[[@LINE-9]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"s"}
      c[i * N + j] = s;
    }
}

void linear_opt(float *c, const float *a, const float *w, const float *bias, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // CHECK: if (!autoscale_matmul_nest_f(&[[SITES]][1], AUTOSCALE_CAST(size_t, M > 0 ? M : 0), AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), a, K, 1, w, 1, K, (bias != 0) ? bias : AUTOSCALE_NULL, 0, 1, c, N, 1)) for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"linear_opt","gemm":"loops","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":1,"spelling":"matmul","strategy":"current","type":"float","variable":"c"}
    for (int j = 0; j < N; j++) {
      float s = (bias != 0) ? bias[j] : 0.0f;
      for (int k = 0; k < K; k++)
        s += a[i * K + k] * w[j * K + k];
        // CHECK: s += a[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-2]]:11: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:27"],"function":"linear_opt","matmul":"input.c:[[@LINE-8]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-3]]:27: {"action":"in_matmul","class":"allow","function":"linear_opt","matmul":"input.c:[[@LINE-9]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"s"}
      c[i * N + j] = s;
    }
}
// REPORT: file: {"changed":true,"path":"input.c","sites":2,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"linear":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3},"linear_opt":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":2,"line":"converted 2 of 6 operations using 0 conversions","operations":6}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 6 float operations in 1 file: 2 scaled e4m3, 0 kept, 4 in matmuls, 0 skipped; no step found: each site rolls its history every 1024 executions
