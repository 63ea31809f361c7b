/* A multiply feeding an accumulation in a loop is dot_mul (allow: FP8, rounded at its inputs);
 * the accumulation itself is denied and stays FP32. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
float dot(const float *a, const float *b, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; ++i)
  // CHECK: acc = autoscale_dot_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], acc, n > 0 ? AUTOSCALE_CAST(size_t, n) : 0, &a[0], 1, &b[0], 1, a, b);
    acc += a[i] * b[i];
    // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:17"],"function":"dot","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"dot","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
  return acc;
}

void gemm(int n, float alpha, const float *A, const float *B, float *C) {
  for (int i = 0; i < n; ++i)
  // CHECK: { float *const autoscale_gemm_sums = autoscale_matmul_nest_sums_f(&[[SITES]][1], AUTOSCALE_CAST(size_t, n > 0 ? n : 0), AUTOSCALE_CAST(size_t, n > 0 ? n : 0), AUTOSCALE_CAST(size_t, n > 0 ? n : 0), 1, A, n, 1, 1, B, n, 1, 1, AUTOSCALE_NULL, 0, 0, C, n, 1); for (int i = 0; i < n; ++i)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"gemm","gemm":"loops","note":"its loops stay to compute the value stored from the sum at line 32, each sum read from the call's buffer","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":1,"spelling":"matmul","strategy":"current","type":"float","variable":"C"}
    for (int j = 0; j < n; ++j) {
      float s = 0.0f;
      for (int k = 0; k < n; ++k)
      // CHECK: if (autoscale_gemm_sums) s = autoscale_gemm_sums[&(C[i * n + j]) - (C)]; else for (int k = 0; k < n; ++k)
        s = s + A[i * n + k] * B[k * n + j];
        // CHECK: s = s + A[i * n + k] * B[k * n + j];
        // REPORT: input.c:[[@LINE-2]]:15: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:30"],"function":"gemm","matmul":"input.c:[[@LINE-9]]:3","op":"accumulate","spelling":"+","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-3]]:30: {"action":"in_matmul","class":"allow","function":"gemm","matmul":"input.c:[[@LINE-10]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"s"}
      C[i * n + j] = alpha * s;
      // CHECK: C[i * n + j] = alpha * s;
      // REPORT: input.c:[[@LINE-2]]:28: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-6]]:15"],"function":"gemm","op":"mul","rule":"class:deny","spelling":"*","type":"float","variable":"C"}
    }
    // CHECK: } autoscale_matmul_sums_free(autoscale_gemm_sums); }
}
// REPORT: file: {"changed":true,"path":"input.c","sites":2,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"dot":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"gemm":{"conversions":0,"converted":1,"line":"converted 1 of 4 operations using 0 conversions","operations":4}},"total":{"conversions":1,"converted":2,"line":"converted 2 of 6 operations using 1 conversions","operations":6}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 6 float operations in 1 file: 2 scaled e4m3, 2 kept, 2 in matmuls, 0 skipped; no step found: each site rolls its history every 1024 executions
