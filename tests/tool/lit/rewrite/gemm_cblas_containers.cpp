// cblas_sgemm with a container's data() as operands (and its size() in a count) is one GEMM site:
// reading a container has no side effects, so the call's arguments may be evaluated again. It
// was refused ("an argument has side effects").
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
#include <cblas.h>
#include <vector>

void layer(const std::vector<float> &A, const std::vector<float> &B, std::vector<float> &C, int n) {
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, (int)(A.size() / n), 1.0f, A.data(), n, B.data(), n, 0.0f,
              C.data(), n);
  // CHECK: autoscale_matmul_f(&{{autoscale_sites_[0-9a-f]+}}[0], {{.*}}, (A.data()), n, 1, (B.data()), n, 1, AUTOSCALE_NULL, 0, 0, (C.data()), n, 1)
}
