// An axpy into a container's elements (attention's weighted sum of values over std::vector, in a
// window that does not start at 0, which no GEMM site takes): the
// target's elements are written through its data pointer, which the loop leaves where it is; the
// fixed factor may be a container's element.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.cpp -- -std=c++17
// RUN: diff -u input.cpp ../again/input.cpp
#include <vector>

void attend(std::vector<float> &out, const std::vector<float> &att, const std::vector<float> &v,
            int t0, int t, int hs) {
  for (int t2 = t0; t2 <= t && att[t2] != 0.0f; t2++) {
  // CHECK: for (int t2 = t0; t2 <= t && att[t2] != 0.0f; t2++) {
  // REPORT: input.cpp:[[@LINE-2]]:3: {"action":"skipped","class":"allow","function":"attend","op":"matmul","reason":"not substituted as a GEMM: the loop at line 16 is not bounded as `t2 < n` or, n signed and of t2's type, `t2 <= n`","spelling":"matmul","type":"float","variable":"out"}
    float w = att[t2];
    for (int i = 0; i < hs; i++)
    // CHECK: autoscale_axpy_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], hs > 0 ? AUTOSCALE_CAST(size_t, hs) : 0, w, 0, v.data() + (t2 * hs + 0), 1, out.data(), 1, att.data(), v.data());
      out[i] += w * v[t2 * hs + i];
      // REPORT: input.cpp:[[@LINE-1]]:14: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:19"],"function":"attend","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"out"}
      // REPORT: input.cpp:[[@LINE-2]]:19: {"action":"scale","class":"allow","format":"e4m3","function":"attend","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"out"}
  }
}

struct Grads {
  std::vector<float> dv;
};

void attend_back(Grads &g, const std::vector<float> &att, const std::vector<float> &dout, int T,
                 int hs) {
  for (int t = 0; t < T; t++)
    for (int t2 = 0; t2 <= t; t2++)
    // CHECK: for (int t2 = 0; t2 <= t; t2++)
    // REPORT: input.cpp:[[@LINE-2]]:5: {"action":"keep","class":"deny","function":"attend_back","gemm":"loops","note":"the loop at line 34 is not folded in: the bound of the loop at line 35: 't' changes with the loops","op":"outer_product","rule":"class:deny","spelling":"matmul","type":"float","variable":"g"}
    // Each row t is a rank-1 update (op outer_product), which default.yaml keeps (class deny).
      for (int i = 0; i < hs; i++)
      // CHECK: autoscale_axpy_f(&[[SITES]][1], hs > 0 ? AUTOSCALE_CAST(size_t, hs) : 0, att[t * T + t2], 0, dout.data() + (t * hs + 0), 1, g.dv.data() + (t2 * hs + 0), 1, att.data(), dout.data());
        g.dv[t2 * hs + i] += att[t * T + t2] * dout[t * hs + i];
        // REPORT: input.cpp:[[@LINE-1]]:27: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:46"],"function":"attend_back","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"g"}
        // REPORT: input.cpp:[[@LINE-2]]:46: {"action":"scale","class":"allow","format":"e4m3","function":"attend_back","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"g"}
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":2,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"attend":{"conversions":1,"converted":1,"line":"converted 1 of 3 operations using 1 conversions","operations":3},"attend_back":{"conversions":1,"converted":1,"line":"converted 1 of 3 operations using 1 conversions","operations":3}},"total":{"conversions":2,"converted":2,"line":"converted 2 of 6 operations using 2 conversions","operations":6}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 4 float operations in 1 file: 2 scaled e4m3, 2 kept, 0 skipped; no step found: each site rolls its history every 1024 executions; 1 matmul not substituted (the report says why); 1 matmul left as written by the rules
