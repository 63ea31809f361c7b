// Loop nests over std::vector elements are GEMMs like those over arrays: the containers' data
// pointers are the call's matrices.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.cpp -- -std=c++17
// RUN: diff -u input.cpp ../again/input.cpp
#include <vector>

void matmul(std::vector<float> &c, const std::vector<float> &a, const std::vector<float> &b, int M,
            int N, int K) {
  for (int i = 0; i < M; i++)
  // CHECK: if (!autoscale_matmul_nest_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], AUTOSCALE_CAST(size_t, M > 0 ? M : 0), AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), a.data(), K, 1, b.data(), N, 1, AUTOSCALE_NULL, 0, 0, c.data(), N, 1)) for (int i = 0; i < M; i++)
  // REPORT: input.cpp:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"matmul","gemm":"loops","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":0,"spelling":"matmul","strategy":"current","type":"float","variable":"c"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += a[i * K + k] * b[k * N + j];
        // CHECK: s += a[i * K + k] * b[k * N + j];
        // REPORT: input.cpp:[[@LINE-2]]:11: {"action":"in_matmul","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:27"],"function":"matmul","matmul":"input.cpp:[[@LINE-8]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.cpp:[[@LINE-3]]:27: {"action":"in_matmul","class":"allow","function":"matmul","matmul":"input.cpp:[[@LINE-9]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"s"}
      c[i * N + j] = s;
    }
}

// examples/mlp's layer: members through a const reference, a bias element, the sizes members.
struct Layer {
  int in, out;
  std::vector<float> w, b;
};

void affine(const Layer &l, const float *x, float *y) {
  for (int o = 0; o < l.out; ++o) {
  // CHECK: if (!autoscale_matmul_nest_f(&[[SITES]][1], AUTOSCALE_CAST(size_t, l.out > 0 ? l.out : 0), 1, AUTOSCALE_CAST(size_t, l.in > 0 ? l.in : 0), l.w.data(), l.in, 1, x, 1, 0, l.b.data(), 1, 0, y, 1, 0)) for (int o = 0; o < l.out; ++o) {
  // REPORT: input.cpp:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"affine","gemm":"loops","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":1,"spelling":"matmul","strategy":"current","type":"float","variable":"y"}
    float acc = l.b[o];
    for (int i = 0; i < l.in; ++i)
      acc += l.w[o * l.in + i] * x[i];
      // CHECK: acc += l.w[o * l.in + i] * x[i];
      // REPORT: input.cpp:[[@LINE-2]]:11: {"action":"in_matmul","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:32"],"function":"affine","matmul":"input.cpp:[[@LINE-7]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"acc"}
      // REPORT: input.cpp:[[@LINE-3]]:32: {"action":"in_matmul","class":"allow","function":"affine","matmul":"input.cpp:[[@LINE-8]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"acc"}
    y[o] = acc;
  }
}

// A matrix class keeping its elements in a vector member; the product accumulates into it, one
// factor read through data().
struct Matrix {
  int rows, cols;
  std::vector<float> v;
  void add_product(const Matrix &a, const Matrix &b) {
    const float *bp = b.v.data();
    for (int i = 0; i < rows; i++)
    // CHECK: if (!autoscale_matmul_nest_f(&[[SITES]][2], AUTOSCALE_CAST(size_t, rows > 0 ? rows : 0), AUTOSCALE_CAST(size_t, cols > 0 ? cols : 0), AUTOSCALE_CAST(size_t, a.cols > 0 ? a.cols : 0), a.v.data(), a.cols, 1, bp, cols, 1, v.data(), cols, 1, v.data(), cols, 1)) for (int i = 0; i < rows; i++)
    // REPORT: input.cpp:[[@LINE-2]]:5: {"action":"scale","class":"allow","format":"e4m3","function":"Matrix::add_product","gemm":"loops","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":2,"spelling":"matmul","strategy":"current","type":"float","variable":"v"}
      for (int k = 0; k < a.cols; k++)
        for (int j = 0; j < cols; j++)
          v[i * cols + j] += a.v[i * a.cols + k] * bp[k * cols + j];
          // CHECK: v[i * cols + j] += a.v[i * a.cols + k] * bp[k * cols + j];
          // REPORT: input.cpp:[[@LINE-2]]:27: {"action":"in_matmul","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:50"],"function":"Matrix::add_product","matmul":"input.cpp:[[@LINE-7]]:5","op":"accumulate","spelling":"+=","type":"float","variable":"v"}
          // REPORT: input.cpp:[[@LINE-3]]:50: {"action":"in_matmul","class":"allow","function":"Matrix::add_product","matmul":"input.cpp:[[@LINE-8]]:5","op":"dot_mul","spelling":"*","type":"float","variable":"v"}
  }
};
// REPORT: file: {"changed":true,"path":"input.cpp","sites":3,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"Matrix::add_product":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3},"affine":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3},"matmul":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":3,"line":"converted 3 of 9 operations using 0 conversions","operations":9}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 9 float operations in 1 file: 3 scaled e4m3, 0 kept, 6 in matmuls, 0 skipped; no step found: each site rolls its history every 1024 executions
