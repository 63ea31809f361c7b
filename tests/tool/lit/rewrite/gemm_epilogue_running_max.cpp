// Attention's scores in C++: each scaled sum is stored and raises a running maximum through
// std::max, which takes the local by a const reference and keeps no hold of it; the local stays
// the function's own, so the nest is a GEMM site with the loops kept for the statements on the way.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
#include <algorithm>

void scores(const float *q, const float *k, float *att, float *top, int T, int hs) {
  for (int t = 0; t < T; t++) {
    float m = -1e30f;
    for (int t2 = 0; t2 < T; t2++) {
    // CHECK: { float *const autoscale_gemm_sums = autoscale_matmul_nest_sums_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], 1, AUTOSCALE_CAST(size_t, T > 0 ? T : 0), AUTOSCALE_CAST(size_t, hs > 0 ? hs : 0), 1, q + hs * t, 0, 1, 1, k, 1, hs, 1, AUTOSCALE_NULL, 0, 0, att + T * t, 0, 1); for (int t2 = 0; t2 < T; t2++) {
    // REPORT: input.cpp:[[@LINE-2]]:5: {"action":"scale","class":"allow","format":"e4m3","function":"scores","gemm":"loops","note":"the loop at line 12 is not folded in: the loops also do other work (line 13) and sum into a local accumulator","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":0,"spelling":"matmul","strategy":"current","type":"float","variable":"att"}
      float s = 0.0f;
      for (int i = 0; i < hs; i++)
      // CHECK: if (autoscale_gemm_sums) s = autoscale_gemm_sums[&(att[t * T + t2]) - (att + T * t)]; else for (int i = 0; i < hs; i++)
        s += q[t * hs + i] * k[t2 * hs + i];
        // CHECK: s += q[t * hs + i] * k[t2 * hs + i];
        // REPORT: input.cpp:[[@LINE-2]]:11: {"action":"in_matmul","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:28"],"function":"scores","matmul":"input.cpp:[[@LINE-8]]:5","op":"accumulate","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.cpp:[[@LINE-3]]:28: {"action":"in_matmul","class":"allow","function":"scores","matmul":"input.cpp:[[@LINE-9]]:5","op":"dot_mul","spelling":"*","type":"float","variable":"s"}
      s *= 0.125f;
      // CHECK: autoscale_mul_assign_f(&[[SITES]][1], &(s), 0.125f);
      // REPORT: input.cpp:[[@LINE-2]]:9: {"action":"cast","class":"infer","format":"fp16","function":"scores","op":"mul","program":"one call per operation: a statement of the loop is not an assignment of a float","rounding":"output","rule":"class:infer","site":1,"spelling":"*=","strategy":"delayed","type":"float","variable":"s"}
      m = std::max(m, s);
      att[t * T + t2] = s;
    }
    // CHECK: } autoscale_matmul_sums_free(autoscale_gemm_sums); }
    top[t] = m;
  }
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":2,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"scores":{"conversions":0,"converted":2,"line":"converted 2 of 4 operations using 0 conversions","operations":4}},"total":{"conversions":0,"converted":2,"line":"converted 2 of 4 operations using 0 conversions","operations":4}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 4 float operations in 1 file: 1 scaled e4m3, 1 cast fp16, 0 kept, 2 in matmuls, 0 skipped; no step found: each site rolls its history every 1024 executions
