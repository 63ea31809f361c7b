// A C++ store whose value binds temporaries to references (`std::max(s, 0.0f)`) is an assignment
// wrapped in their cleanups: a value computed from the sum all the same.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
#include <algorithm>

void dense_relu(const float *x, const float *w, const float *b, float *y, int M, int N, int K) {
  for (int i = 0; i < M; ++i)
  // CHECK: { float *const autoscale_gemm_sums = autoscale_matmul_nest_sums_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], AUTOSCALE_CAST(size_t, M > 0 ? M : 0), AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), 1, x, K, 1, 1, w, 1, K, 1, b, 0, 1, y, N, 1); for (int i = 0; i < M; ++i)
  // REPORT: input.cpp:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"dense_relu","gemm":"loops","note":"its loops stay to compute the value stored from the sum at line 22, each sum read from the call's buffer","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":0,"spelling":"matmul","strategy":"current","type":"float","variable":"y"}
    for (int j = 0; j < N; ++j) {
      float acc = b[j];
      for (int k = 0; k < K; ++k)
      // CHECK: if (autoscale_gemm_sums) acc = autoscale_gemm_sums[&(y[i * N + j]) - (y)]; else for (int k = 0; k < K; ++k)
        acc += x[i * K + k] * w[j * K + k];
        // CHECK: acc += x[i * K + k] * w[j * K + k];
        // REPORT: input.cpp:[[@LINE-2]]:13: {"action":"in_matmul","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:29"],"function":"dense_relu","matmul":"input.cpp:[[@LINE-9]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"acc"}
        // REPORT: input.cpp:[[@LINE-3]]:29: {"action":"in_matmul","class":"allow","function":"dense_relu","matmul":"input.cpp:[[@LINE-10]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"acc"}
      y[i * N + j] = std::max(acc, 0.0f);
    }
    // CHECK: } autoscale_matmul_sums_free(autoscale_gemm_sums); }
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":1,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"dense_relu":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 3 float operations in 1 file: 1 scaled e4m3, 0 kept, 2 in matmuls, 0 skipped; no step found: each site rolls its history every 1024 executions
