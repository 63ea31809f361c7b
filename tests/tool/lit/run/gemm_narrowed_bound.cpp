// A GEMM nest whose bound narrows (`k < (uint8_t)K`, `i < (int)M` of a size_t): the call counts
// what the loops count, the cast spelled with it. C++ writes such a cast as a no-op around the
// implicit narrowing one, which the count lost: the call ran K = 300 products for the loops' 44.
// An index that narrows the counter itself (`A[(uint8_t)k + ...]`) wraps where the affine form
// would not: that nest stays as written. Under the pass-through rules the program prints the
// original's bits.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s
// RUN: %cxx -std=c++17 -O2 -ffp-contract=off input.cpp -o orig && ./orig > orig.txt
// RUN: %cxx -std=c++17 -O2 -ffp-contract=off -I %runtime-include out/input.cpp %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <cstddef>
#include <cstdint>
#include <cstdio>

// CHECK-LABEL: void byte_bound(
// CHECK: autoscale_matmul_nest_f({{.*}}, ((uint8_t)K), A, K, 1, B, N, 1,
void byte_bound(int M, int N, int K, const float *A, const float *B, float *C) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0;
      for (int k = 0; k < (uint8_t)K; k++)
        s += A[i * K + k] * B[k * N + j];
      C[i * N + j] = s;
    }
}

// CHECK-LABEL: void int_bound(
// CHECK: autoscale_matmul_nest_f({{.*}}, AUTOSCALE_CAST(size_t, ((int)M) > 0 ? ((int)M) : 0),
void int_bound(size_t M, size_t N, size_t K, const float *A, const float *B, float *C) {
  for (int i = 0; i < (int)M; i++)
    for (int j = 0; j < (int)N; j++) {
      float s = 0;
      for (int k = 0; k < (int)K; k++)
        s += A[i * K + k] * B[k * N + j];
      C[i * N + j] = s;
    }
}

// CHECK-LABEL: void ring_index(
// CHECK-NOT: autoscale_matmul
// CHECK: int main(
void ring_index(int M, int N, int K, const float *A, const float *B, float *C) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0;
      for (int k = 0; k < K; k++)
        s += A[(uint8_t)k + i] * B[k * N + j];
      C[i * N + j] = s;
    }
}

int main() {
  static float A[2 * 300], B[300 * 2], C[4];
  for (int i = 0; i < 600; i++)
    A[i] = 1.0f + (i % 7) * 0.125f, B[i] = 0.5f + (i % 5) * 0.25f;
  byte_bound(2, 2, 300, A, B, C);
  std::printf("byte %a %a\n", C[0], C[3]);
  // (int)K of 2^32 + 4 counts 4.
  int_bound(1, 2, (size_t{1} << 32) + 4, A, B, C);
  std::printf("int %a %a\n", C[0], C[3]);
  ring_index(2, 2, 300, A, B, C);
  std::printf("ring %a %a\n", C[0], C[3]);
  return 0;
}
