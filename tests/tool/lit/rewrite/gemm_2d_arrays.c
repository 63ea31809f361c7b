/* Two-dimensional arrays, fixed and variably modified: the call takes the first element's address
 * and the rows' length as the row stride. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
#define N 16
float A[N][N], B[N][N], Cm[N][N];

void square(void) {
  for (int i = 0; i < N; i++)
  // CHECK: if (!autoscale_matmul_nest_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], 16, 16, 16, &A[0][0], 16, 1, &B[0][0], 16, 1, AUTOSCALE_NULL, 0, 0, &Cm[0][0], 16, 1)) for (int i = 0; i < N; i++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"square","gemm":"loops","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":0,"spelling":"matmul","strategy":"current","type":"float","variable":"Cm"}
    for (int j = 0; j < N; j++) {
      float s = 0;
      for (int k = 0; k < N; k++)
        s += A[i][k] * B[k][j];
        // CHECK: s += A[i][k] * B[k][j];
        // REPORT: input.c:[[@LINE-2]]:11: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:22"],"function":"square","matmul":"input.c:[[@LINE-8]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-3]]:22: {"action":"in_matmul","class":"allow","function":"square","matmul":"input.c:[[@LINE-9]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"s"}
      Cm[i][j] = s;
    }
}

void vla(int m, int n, int kk, float a[m][kk], float b[kk][n], float c[m][n]) {
  for (int i = 0; i < m; i++)
  // CHECK: if (!autoscale_matmul_nest_f(&[[SITES]][1], AUTOSCALE_CAST(size_t, m > 0 ? m : 0), AUTOSCALE_CAST(size_t, n > 0 ? n : 0), AUTOSCALE_CAST(size_t, kk > 0 ? kk : 0), &a[0][0], kk, 1, &b[0][0], n, 1, &c[0][0], n, 1, &c[0][0], n, 1)) for (int i = 0; i < m; i++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"vla","gemm":"loops","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":1,"spelling":"matmul","strategy":"current","type":"float","variable":"c"}
    for (int j = 0; j < n; j++)
      for (int k = 0; k < kk; k++)
        c[i][j] += a[i][k] * b[k][j];
        // CHECK: c[i][j] += a[i][k] * b[k][j];
        // REPORT: input.c:[[@LINE-2]]:17: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:28"],"function":"vla","matmul":"input.c:[[@LINE-7]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"c"}
        // REPORT: input.c:[[@LINE-3]]:28: {"action":"in_matmul","class":"allow","function":"vla","matmul":"input.c:[[@LINE-8]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"c"}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":2,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"square":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3},"vla":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":2,"line":"converted 2 of 6 operations using 0 conversions","operations":6}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 6 float operations in 1 file: 2 scaled e4m3, 0 kept, 4 in matmuls, 0 skipped; no step found: each site rolls its history every 1024 executions
