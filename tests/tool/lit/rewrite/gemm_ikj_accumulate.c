/* Loop order i, k, j accumulating into C itself (C += A·B: C is the addend D). */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
void matmul_acc(float *c, const float *a, const float *b, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // CHECK: if (!autoscale_matmul_nest_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], AUTOSCALE_CAST(size_t, M > 0 ? M : 0), AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), a, K, 1, b, N, 1, c, N, 1, c, N, 1)) for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"matmul_acc","gemm":"loops","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":0,"spelling":"matmul","strategy":"current","type":"float","variable":"c"}
    for (int k = 0; k < K; k++)
      for (int j = 0; j < N; j++)
        c[i * N + j] += a[i * K + k] * b[k * N + j];
        // CHECK: c[i * N + j] += a[i * K + k] * b[k * N + j];
        // REPORT: input.c:[[@LINE-2]]:22: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:38"],"function":"matmul_acc","matmul":"input.c:[[@LINE-7]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"c"}
        // REPORT: input.c:[[@LINE-3]]:38: {"action":"in_matmul","class":"allow","function":"matmul_acc","matmul":"input.c:[[@LINE-8]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"c"}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":1,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"matmul_acc":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 3 float operations in 1 file: 1 scaled e4m3, 0 kept, 2 in matmuls, 0 skipped; no step found: each site rolls its history every 1024 executions
