// A GEMM nest in a template is proved in each instantiation (the pattern has no types yet) and
// becomes the generic call, which takes the instantiation's type: float and double run the
// runtime's product, int falls back to the loops as written. Pass-through prints the original's
// bits for every instantiation; a function template, a class template's member over vectors.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -O2 -ffp-contract=off input.cpp -o orig && ./orig > orig.txt
// RUN: %cxx -std=c++17 -O2 -ffp-contract=off -I %runtime-include out/input.cpp %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <cstdio>
#include <vector>

template <typename T>
void matmul(T *c, const T *a, const T *b, int n, int m, int k) {
  for (int i = 0; i < n; i++)
  // REPORT: input.cpp:[[@LINE-1]]:3: {"action":"cast","class":"allow","format":"fp32","function":"matmul","gemm":"loops","op":"matmul","rounding":"inputs","rule":"class:allow","site":0,"spelling":"matmul","strategy":"delayed","type":"dependent","variable":"c"}
    for (int j = 0; j < m; j++) {
      T s = 0;
      for (int p = 0; p < k; p++) s += a[i * k + p] * b[p * m + j];
      // REPORT: input.cpp:[[@LINE-1]]:37: {"action":"in_matmul","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:53"],"function":"matmul","matmul":"input.cpp:[[@LINE-5]]:3","op":"accumulate","spelling":"+=","type":"dependent","variable":"s"}
      // REPORT: input.cpp:[[@LINE-2]]:53: {"action":"in_matmul","class":"allow","function":"matmul","matmul":"input.cpp:[[@LINE-6]]:3","op":"dot_mul","spelling":"*","type":"dependent","variable":"s"}
      c[i * m + j] = s;
    }
}

template <typename T>
struct Layer {
  int in, out;
  std::vector<T> w, y;
  void forward(const T *x, int batch) {
    for (int r = 0; r < batch; r++)
    // REPORT: input.cpp:[[@LINE-1]]:5: {"action":"cast","class":"allow","format":"fp32","function":"Layer::forward","gemm":"loops","op":"matmul","rounding":"inputs","rule":"class:allow","site":1,"spelling":"matmul","strategy":"delayed","type":"float","variable":"y"}
      for (int o = 0; o < out; o++) {
        T acc = 0;
        for (int i = 0; i < in; i++) acc += w[o * in + i] * x[r * in + i];
        // REPORT: input.cpp:[[@LINE-1]]:42: {"action":"in_matmul","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:59"],"function":"Layer::forward","matmul":"input.cpp:[[@LINE-5]]:5","op":"accumulate","spelling":"+=","type":"dependent","variable":"acc"}
        // REPORT: input.cpp:[[@LINE-2]]:59: {"action":"in_matmul","class":"allow","function":"Layer::forward","matmul":"input.cpp:[[@LINE-6]]:5","op":"dot_mul","spelling":"*","type":"dependent","variable":"acc"}
        y[r * out + o] = acc;
      }
  }
};

int main() {
  static float a[48 * 40], b[40 * 32], c[48 * 32];
  static double ad[48 * 40], bd[40 * 32], cd[48 * 32];
  static int ia[16], ib[16], ic[16];
  unsigned s = 7;
  for (int i = 0; i < 48 * 40; i++) {
    s = s * 1664525u + 1013904223u;
    a[i] = (float)(s >> 8) / 16777216.0f - 0.5f;
    // REPORT: input.cpp:[[@LINE-1]]:28: {"action":"skipped","class":"deny","function":"main","op":"div","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"/","type":"float","variable":"a"}
    // REPORT: input.cpp:[[@LINE-2]]:42: {"action":"skipped","class":"infer","fed_by":["input.cpp:[[@LINE-2]]:28"],"function":"main","op":"sub","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"-","type":"float","variable":"a"}
    ad[i] = a[i] * 1.5;
    // REPORT: input.cpp:[[@LINE-1]]:18: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-4]]:42"],"format":"fp32","function":"main","op":"mul","program":"one call per operation: a statement of the loop is not an assignment of a float","rounding":"output","rule":"class:infer","site":2,"spelling":"*","strategy":"delayed","type":"double","variable":"ad"}
  }
  for (int i = 0; i < 40 * 32; i++) {
    s = s * 1664525u + 1013904223u;
    b[i] = (float)(s >> 8) / 16777216.0f - 0.5f;
    // REPORT: input.cpp:[[@LINE-1]]:28: {"action":"skipped","class":"deny","function":"main","op":"div","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"/","type":"float","variable":"b"}
    // REPORT: input.cpp:[[@LINE-2]]:42: {"action":"skipped","class":"infer","fed_by":["input.cpp:[[@LINE-2]]:28"],"function":"main","op":"sub","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"-","type":"float","variable":"b"}
    bd[i] = b[i] * 0.7;
    // REPORT: input.cpp:[[@LINE-1]]:18: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-4]]:42"],"format":"fp32","function":"main","op":"mul","program":"one call per operation: a statement of the loop is not an assignment of a float","rounding":"output","rule":"class:infer","site":3,"spelling":"*","strategy":"delayed","type":"double","variable":"bd"}
  }
  for (int i = 0; i < 16; i++) {
    ia[i] = i;
    ib[i] = 3 - i;
  }
  matmul(c, a, b, 48, 32, 40);
  matmul(cd, ad, bd, 48, 32, 40);
  matmul(ic, ia, ib, 4, 4, 4);
  Layer<float> l{40, 32, std::vector<float>(a, a + 40 * 32), std::vector<float>(48 * 32)};
  l.forward(a, 48);
  for (int i = 0; i < 48 * 32; i += 97)
    std::printf("%a %a %a\n", c[i], cd[i], l.y[i]);
  for (int i = 0; i < 16; i++)
    std::printf("%d\n", ic[i]);
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":4,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"Layer::forward":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"main":{"conversions":0,"converted":0,"line":"converted 0 of 6 operations using 0 conversions","operations":6},"matmul":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 12 operations using 0 conversions","operations":12}}
// REPORT: rules: "passthrough.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 12 float operations in 1 file: 4 cast fp32, 0 kept, 4 in matmuls, 4 skipped; no step found: each site rolls its history every 1024 executions
