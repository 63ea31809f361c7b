// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %S/gemm_only.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: diff -u input.cpp out/input.cpp
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// A C++ value stored from the sum that constructs or destroys an object whose code writes (here
// A, which the call reads ahead of the loops): the nests stay as written.
float gx[64];

struct Clamp {
  float v;
  Clamp(float s) : v(s > 0 ? s : 0) { gx[0] += 1.0f; }
  // REPORT: input.cpp:[[@LINE-1]]:45: {"action":"keep","class":"deny","function":"Clamp::Clamp","op":"update","rule":"class:deny","spelling":"+=","type":"float","variable":"gx"}
};
struct Temporary {
  float v;
  ~Temporary() { gx[1] += 1.0f; }
  // REPORT: input.cpp:[[@LINE-1]]:24: {"action":"keep","class":"deny","function":"Temporary::~Temporary","op":"update","rule":"class:deny","spelling":"+=","type":"float","variable":"gx"}
};
static float relu(const Temporary &t) { return t.v > 0 ? t.v : 0; }

void constructs(float *y, const float *w, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.cpp:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"constructs","op":"matmul","reason":"not substituted as a GEMM: the value stored from the sum at line 30 constructs an object","spelling":"matmul","suggestion":"kernels: [{function: constructs, m: \"M\", n: \"N\", k: \"K\", a: {ptr: \"&gx[0]\", row_stride: \"K\", col_stride: \"1\"}, b: {ptr: \"w\", row_stride: \"1\", col_stride: \"K\"}, c: {ptr: \"y\", row_stride: \"N\", col_stride: \"1\"}}]","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += gx[i * K + k] * w[j * K + k];
        // REPORT: input.cpp:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:28"],"function":"constructs","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.cpp:[[@LINE-2]]:28: {"action":"keep","class":"allow","function":"constructs","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      y[i * N + j] = Clamp(s).v;
    }
}

void destroys(float *y, const float *w, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.cpp:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"destroys","op":"matmul","reason":"not substituted as a GEMM: the value stored from the sum at line 43 creates or destroys an object","spelling":"matmul","suggestion":"kernels: [{function: destroys, m: \"M\", n: \"N\", k: \"K\", a: {ptr: \"&gx[0]\", row_stride: \"K\", col_stride: \"1\"}, b: {ptr: \"w\", row_stride: \"1\", col_stride: \"K\"}, c: {ptr: \"y\", row_stride: \"N\", col_stride: \"1\"}}]","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += gx[i * K + k] * w[j * K + k];
        // REPORT: input.cpp:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:28"],"function":"destroys","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.cpp:[[@LINE-2]]:28: {"action":"keep","class":"allow","function":"destroys","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      y[i * N + j] = relu(Temporary{s});
    }
}

void object_on_the_way(float *y, const float *w, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.cpp:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"object_on_the_way","op":"matmul","reason":"not substituted as a GEMM: the accumulator 's' is not stored by an assignment after the sum (`out[...] = acc;`, or a value computed from it)","spelling":"matmul","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += gx[i * K + k] * w[j * K + k];
        // REPORT: input.cpp:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:28"],"function":"object_on_the_way","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.cpp:[[@LINE-2]]:28: {"action":"keep","class":"allow","function":"object_on_the_way","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      Clamp c(s);
      y[i * N + j] = c.v;
    }
}

// A structured binding names an element of A, which the statements on the way write.
float pair[2];
void writes_a_binding(float *y, const float *w, int N) {
  auto &[first, second] = pair;
  for (int i = 0; i < 1; i++)
  // REPORT: input.cpp:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"writes_a_binding","op":"matmul","reason":"not substituted as a GEMM: the value stored from the sum at line 75 writes through a structured binding","spelling":"matmul","suggestion":"kernels: [{function: writes_a_binding, m: \"1\", n: \"N\", k: \"2\", a: {ptr: \"&pair[0]\", row_stride: \"2\", col_stride: \"1\"}, b: {ptr: \"w\", row_stride: \"1\", col_stride: \"2\"}, c: {ptr: \"y\", row_stride: \"N\", col_stride: \"1\"}}]","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < 2; k++)
        s += pair[i * 2 + k] * w[j * 2 + k];
        // REPORT: input.cpp:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:30"],"function":"writes_a_binding","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.cpp:[[@LINE-2]]:30: {"action":"keep","class":"allow","function":"writes_a_binding","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      if (s > 0.0f)
        first = s;
      y[i * N + j] = s;
    }
  (void)second;
}
// REPORT: file: {"changed":false,"path":"input.cpp","sites":0,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"Clamp::Clamp":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"Temporary::~Temporary":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"constructs":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"destroys":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"object_on_the_way":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"writes_a_binding":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 14 operations using 0 conversions","operations":14}}
// REPORT: rules: "gemm_only.yaml"
// REPORT: steps: {"loops":[],"source":"none"}
// REPORT: summary: 10 float operations in 1 file: 10 kept, 0 skipped; 4 matmuls not substituted (the report says why)
