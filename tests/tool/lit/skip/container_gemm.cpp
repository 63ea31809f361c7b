// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %S/gemm_only.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: diff -u input.cpp out/input.cpp
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
#include <deque>
#include <vector>
// Loop nests over C++ containers that no GEMM call computes: a container the loops may resize or
// hand to a call that may (its elements would move under the call's pointer), rows that are
// arrays of their own, elements that are not floats, and classes whose operator[] is their own.
// Each is left as written, with the reason.
void grows(std::vector<float> &c, std::vector<float> &a, const std::vector<float> &b, int M, int N,
           int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.cpp:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"grows","op":"matmul","reason":"not substituted as a GEMM: the loops may move the elements of 'a': line 22 calls the non-const member 'push_back' of 'a'","spelling":"matmul","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += a[i * K + k] * b[k * N + j];
        // REPORT: input.cpp:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:27"],"function":"grows","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.cpp:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"grows","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      c[i * N + j] = s;
      a.push_back(0.0f);
    }
}

struct Layer {
  int in, out;
  std::vector<float> w;
};
void reset(Layer &l);

void handed_on(Layer &l, const float *x, float *y, int B) {
  for (int r = 0; r < B; r++)
  // REPORT: input.cpp:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"handed_on","op":"matmul","reason":"not substituted as a GEMM: the loops may move the elements of 'l.w': line 42 passes 'l' to 'reset' by non-const reference or pointer","spelling":"matmul","type":"float","variable":"acc"}
    for (int o = 0; o < l.out; o++) {
      float acc = 0.0f;
      for (int i = 0; i < l.in; i++)
        acc += l.w[o * l.in + i] * x[r * l.in + i];
        // REPORT: input.cpp:[[@LINE-1]]:13: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:34"],"function":"handed_on","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
        // REPORT: input.cpp:[[@LINE-2]]:34: {"action":"keep","class":"allow","function":"handed_on","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"acc"}
      y[r * l.out + o] = acc;
      reset(l);
    }
}

void reassigned(float *c, std::vector<float> &a, const std::vector<float> &fresh,
                const std::vector<float> &b, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.cpp:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"reassigned","op":"matmul","reason":"not substituted as a GEMM: the loops may move the elements of 'a': line 57 applies the non-const operator= to 'a'","spelling":"matmul","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += a[i * K + k] * b[k * N + j];
        // REPORT: input.cpp:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:27"],"function":"reassigned","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.cpp:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"reassigned","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      c[i * N + j] = s;
      a = fresh;
    }
}

struct Net {
  int n;
  std::vector<float> w;
  void forward(const float *x, float *y, int B) {
    for (int r = 0; r < B; r++)
    // REPORT: input.cpp:[[@LINE-1]]:5: {"action":"skipped","class":"allow","function":"Net::forward","op":"matmul","reason":"not substituted as a GEMM: the loops may move the elements of 'w': line 74 calls the non-const member 'resize' of 'w'","spelling":"matmul","type":"float","variable":"acc"}
      for (int o = 0; o < n; o++) {
        float acc = 0.0f;
        for (int i = 0; i < n; i++)
          acc += w[o * n + i] * x[r * n + i];
          // REPORT: input.cpp:[[@LINE-1]]:15: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:31"],"function":"Net::forward","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
          // REPORT: input.cpp:[[@LINE-2]]:31: {"action":"keep","class":"allow","function":"Net::forward","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"acc"}
        y[r * n + o] = acc;
        w.resize(n * n);
      }
  }
};

void rows(std::vector<std::vector<float>> &c, const std::vector<std::vector<float>> &a,
          const std::vector<std::vector<float>> &b, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.cpp:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"rows","op":"matmul","reason":"not substituted as a GEMM: 'a[i]' is a row of a container of containers: each row is an array of its own; the loop at line [[@LINE+1]] and the loop inside it alone: 'b[k]' is a row of a container of containers: each row is an array of its own","spelling":"matmul","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += a[i][k] * b[k][j];
        // REPORT: input.cpp:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:22"],"function":"rows","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.cpp:[[@LINE-2]]:22: {"action":"keep","class":"allow","function":"rows","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      c[i][j] = s;
    }
}

void integers(float *c, const std::vector<int> &a, const float *b, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.cpp:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"integers","op":"matmul","reason":"not substituted as a GEMM: 'a' holds elements of type 'int'","spelling":"matmul","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += a[i * K + k] * b[k * N + j];
        // REPORT: input.cpp:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:27"],"function":"integers","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.cpp:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"integers","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      c[i * N + j] = s;
    }
}

void bits(float *c, const std::vector<bool> &a, const float *b, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.cpp:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"bits","op":"matmul","reason":"not substituted as a GEMM: 'a[i * K + k]' is no element of an array: std::vector<bool> keeps its elements as bits, not as an array","spelling":"matmul","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += a[i * K + k] * b[k * N + j];
        // REPORT: input.cpp:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:27"],"function":"bits","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.cpp:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"bits","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      c[i * N + j] = s;
    }
}

void chunks(float *c, const std::deque<float> &a, const float *b, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.cpp:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"chunks","op":"matmul","reason":"not substituted as a GEMM: 'a[i * K + k]' is no element of an array: 'std::deque<float>' is no standard container of one array (std::vector, std::array, std::span): its operator[] may compute anything","spelling":"matmul","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += a[i * K + k] * b[k * N + j];
        // REPORT: input.cpp:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:27"],"function":"chunks","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.cpp:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"chunks","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      c[i * N + j] = s;
    }
}

struct Strided {
  float *p;
  int step;
  float &operator[](int i) const { return p[i * step]; }
};

void strided(float *c, const Strided &a, const float *b, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.cpp:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"strided","op":"matmul","reason":"not substituted as a GEMM: 'a[i * K + k]' is no element of an array: 'Strided' is no standard container of one array (std::vector, std::array, std::span): its operator[] may compute anything","spelling":"matmul","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += a[i * K + k] * b[k * N + j];
        // REPORT: input.cpp:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:27"],"function":"strided","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.cpp:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"strided","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      c[i * N + j] = s;
    }
}
// REPORT: file: {"changed":false,"path":"input.cpp","sites":0,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"Net::forward":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"bits":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"chunks":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"grows":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"handed_on":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"integers":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"reassigned":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"rows":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"strided":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 27 operations using 0 conversions","operations":27}}
// REPORT: rules: "gemm_only.yaml"
// REPORT: steps: {"loops":[],"source":"none"}
// REPORT: summary: 18 float operations in 1 file: 18 kept, 0 skipped; 9 matmuls not substituted (the report says why)
