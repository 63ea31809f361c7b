// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %S/gemm_only.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: diff -u input.cpp out/input.cpp
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// A running maximum m that a reference holds after the loops (std::max returns a reference that
// may be m itself): m is no longer the function's alone, so the statements on the way may not
// write it, and the nest stays as written.
#include <algorithm>

void scores(const float *q, const float *k, float *att, float *top, int T, int hs) {
  for (int t = 0; t < T; t++) {
  // REPORT: input.cpp:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"scores","op":"matmul","reason":"not substituted as a GEMM: the loops also do other work (line 13) and sum into a local accumulator; the loop at line 14 and the loop inside it alone: the value stored from the sum at line 21 writes 'm'","spelling":"matmul","suggestion":"kernels: [{function: scores, m: \"T\", n: \"T\", k: \"hs\", a: {ptr: \"q\", row_stride: \"hs\", col_stride: \"1\"}, b: {ptr: \"k\", row_stride: \"1\", col_stride: \"hs\"}, c: {ptr: \"att\", row_stride: \"T\", col_stride: \"1\"}}]","type":"float","variable":"s"}
    float m = -1e30f;
    for (int t2 = 0; t2 < T; t2++) {
      float s = 0.0f;
      for (int i = 0; i < hs; i++)
        s += q[t * hs + i] * k[t2 * hs + i];
        // REPORT: input.cpp:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:28"],"function":"scores","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.cpp:[[@LINE-2]]:28: {"action":"keep","class":"allow","function":"scores","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      m = std::max(m, s);
      att[t * T + t2] = s;
    }
    const float &positive = std::max(m, 0.0f);
    top[t] = positive;
  }
}
// REPORT: file: {"changed":false,"path":"input.cpp","sites":0,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"scores":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}}
// REPORT: rules: "gemm_only.yaml"
// REPORT: steps: {"loops":[],"source":"none"}
// REPORT: summary: 2 float operations in 1 file: 2 kept, 0 skipped; 1 matmul not substituted (the report says why)
