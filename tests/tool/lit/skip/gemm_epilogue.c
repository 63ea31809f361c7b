// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %S/gemm_only.yaml --out-dir out --report report.json input.c -- -fopenmp
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
/* A store that computes a value from the sum keeps its loops behind the call, which computes the
 * sums first: these nests could not be run that way, and stay as written. */
#define STORE(p, v) p = v
int calls;
static float counted(float v) {
  calls++;
  return v;
}

// The value calls a function that writes a global.
void writes_global(float *y, const float *x, const float *w, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"writes_global","op":"matmul","reason":"not substituted as a GEMM: the value stored from the sum at line 24 calls a function","spelling":"matmul","suggestion":"kernels: [{function: writes_global, m: \"M\", n: \"N\", k: \"K\", a: {ptr: \"x\", row_stride: \"K\", col_stride: \"1\"}, b: {ptr: \"w\", row_stride: \"1\", col_stride: \"K\"}, c: {ptr: \"y\", row_stride: \"N\", col_stride: \"1\"}}]","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"writes_global","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"writes_global","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      y[i * N + j] = counted(s);
    }
}

// A local computed from the sum on the way calls it.
void writes_global_on_the_way(float *y, const float *x, const float *w, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"writes_global_on_the_way","op":"matmul","reason":"not substituted as a GEMM: the value stored from the sum at line 39 calls a function","spelling":"matmul","suggestion":"kernels: [{function: writes_global_on_the_way, m: \"M\", n: \"N\", k: \"K\", a: {ptr: \"x\", row_stride: \"K\", col_stride: \"1\"}, b: {ptr: \"w\", row_stride: \"1\", col_stride: \"K\"}, c: {ptr: \"y\", row_stride: \"N\", col_stride: \"1\"}}]","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"writes_global_on_the_way","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"writes_global_on_the_way","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      float v = counted(s);
      y[i * N + j] = v > 0.0f ? v : 0.0f;
    }
}

// A double sum stored in a float: C would round it before the value is computed.
void other_type(float *y, const float *x, const float *w, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"other_type","op":"matmul","reason":"not substituted as a GEMM: the products or the sum are computed in another type than the arrays hold","spelling":"matmul","type":"double","variable":"s"}
    for (int j = 0; j < N; j++) {
      double s = 0.0;
      for (int k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"other_type","op":"accumulate","rule":"class:deny","spelling":"+=","type":"double","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"other_type","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      y[i * N + j] = (float)(s * 0.5);
      // REPORT: input.c:[[@LINE-1]]:32: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-4]]:11"],"function":"other_type","op":"mul","rule":"class:deny","spelling":"*","type":"double","variable":"y"}
    }
}

// A computed value added to C: the call would need C's old elements too.
void adds_value(float *y, const float *x, const float *w, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"adds_value","op":"matmul","reason":"not substituted as a GEMM: the accumulator 's' is not stored by an assignment after the sum (`out[...] = acc;`, or a value computed from it)","spelling":"matmul","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"adds_value","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"adds_value","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      y[i * N + j] += 2.0f * s;
      // REPORT: input.c:[[@LINE-1]]:20: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:28"],"function":"adds_value","op":"update","rule":"class:deny","spelling":"+=","type":"float","variable":"y"}
      // REPORT: input.c:[[@LINE-2]]:28: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-5]]:11"],"function":"adds_value","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"y"}
    }
}

// No place for the call that keeps the loops: the code line above their pragma holds a string.
void no_guard(float *y, const float *x, const float *w, int N, int K) {
  const char *tag = "dense"; (void)tag;
  #pragma omp parallel for
  for (int j = 0; j < N; j++) {
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"no_guard","op":"matmul","reason":"not substituted as a GEMM: the value stored from the sum at line 85 needs the loops behind a guarded call, and they have no place for one","spelling":"matmul","suggestion":"kernels: [{function: no_guard, m: \"1\", n: \"N\", k: \"K\", a: {ptr: \"x\", row_stride: \"0\", col_stride: \"1\"}, b: {ptr: \"w\", row_stride: \"1\", col_stride: \"K\"}, c: {ptr: \"y\", row_stride: \"0\", col_stride: \"1\"}}]","type":"float","variable":"s"}
    float s = 0.0f;
    for (int k = 0; k < K; k++)
      s += x[k] * w[j * K + k];
      // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:17"],"function":"no_guard","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
      // REPORT: input.c:[[@LINE-2]]:17: {"action":"keep","class":"allow","function":"no_guard","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
    y[j] = s > 0.0f ? s : 0.0f;
  }
}

// The store itself is a macro's expansion.
void stored_by_macro(float *y, const float *x, const float *w, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"stored_by_macro","op":"matmul","reason":"not substituted as a GEMM: the value stored from the sum at line 99: the store is written in a macro","spelling":"matmul","suggestion":"kernels: [{function: stored_by_macro, m: \"M\", n: \"N\", k: \"K\", a: {ptr: \"x\", row_stride: \"K\", col_stride: \"1\"}, b: {ptr: \"w\", row_stride: \"1\", col_stride: \"K\"}, c: {ptr: \"y\", row_stride: \"N\", col_stride: \"1\"}}]","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"stored_by_macro","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"stored_by_macro","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      STORE(y[i * N + j], 2.0f * s);
      // REPORT: input.c:[[@LINE-1]]:32: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-4]]:11"],"function":"stored_by_macro","op":"mul","rule":"class:deny","spelling":"*","type":"float","variable":"y"}
    }
}

// The element's index is declared after the loop that sums, where the sum is read back.
void index_declared_late(float *y, const float *x, const float *w, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"index_declared_late","op":"matmul","reason":"not substituted as a GEMM: the value stored from the sum at line 115: 'at', in the element it stores, is declared after the loop that sums","spelling":"matmul","suggestion":"kernels: [{function: index_declared_late, m: \"M\", n: \"N\", k: \"K\", a: {ptr: \"x\", row_stride: \"K\", col_stride: \"1\"}, b: {ptr: \"w\", row_stride: \"1\", col_stride: \"K\"}, c: {ptr: \"y\", row_stride: \"N\", col_stride: \"1\"}}]","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"index_declared_late","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"index_declared_late","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      int at = i * N + j;
      y[at] = s > 0.0f ? s : 0.0f;
    }
}

// Loops on an OpenMP target device: the host's call would not compute what they read.
void on_device(float *y, const float *x, const float *w, int M, int N, int K) {
  int unused = 0;
  #pragma omp target teams distribute parallel for map(to: x[0:M * K], w[0:N * K]) map(from: y[0:M * N])
  for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"on_device","op":"matmul","reason":"not substituted as a GEMM: the loops run on an OpenMP target device, where the call does not run","spelling":"matmul","suggestion":"kernels: [{function: on_device, m: \"M\", n: \"N\", k: \"K\", a: {ptr: \"x\", row_stride: \"K\", col_stride: \"1\"}, b: {ptr: \"w\", row_stride: \"1\", col_stride: \"K\"}, c: {ptr: \"y\", row_stride: \"N\", col_stride: \"1\"}}]","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"on_device","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"on_device","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      y[i * N + j] = s;
    }
  (void)unused;
}

// A global summed on the way: only the function's own scalar locals may change there.
float total;
void global_on_the_way(float *y, const float *x, const float *w, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"global_on_the_way","op":"matmul","reason":"not substituted as a GEMM: the value stored from the sum at line 149 writes 'total'","spelling":"matmul","suggestion":"kernels: [{function: global_on_the_way, m: \"M\", n: \"N\", k: \"K\", a: {ptr: \"x\", row_stride: \"K\", col_stride: \"1\"}, b: {ptr: \"w\", row_stride: \"1\", col_stride: \"K\"}, c: {ptr: \"y\", row_stride: \"N\", col_stride: \"1\"}}]","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"global_on_the_way","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"global_on_the_way","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      total += s;
      // REPORT: input.c:[[@LINE-1]]:13: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-4]]:11"],"function":"global_on_the_way","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"total"}
      y[i * N + j] = s;
    }
}

// The loop that sums counts with a variable declared before it, which the loops read after it:
// where the sums are read from the call's buffer, that loop does not run.
void counter_read_after(float *y, const float *x, const float *w, int M, int N, int K) {
  int k = 0;
  for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"counter_read_after","op":"matmul","reason":"not substituted as a GEMM: the value stored from the sum at line 165: 'k', the counter of the loop that sums, is read after it","spelling":"matmul","suggestion":"kernels: [{function: counter_read_after, m: \"M\", n: \"N\", k: \"K\", a: {ptr: \"x\", row_stride: \"K\", col_stride: \"1\"}, b: {ptr: \"w\", row_stride: \"1\", col_stride: \"K\"}, c: {ptr: \"y\", row_stride: \"N\", col_stride: \"1\"}}]","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"counter_read_after","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"counter_read_after","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      y[i * N + j] = s / (float)k;
      // REPORT: input.c:[[@LINE-1]]:24: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-4]]:11"],"function":"counter_read_after","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":"y"}
    }
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"adds_value":{"conversions":0,"converted":0,"line":"converted 0 of 5 operations using 0 conversions","operations":5},"counter_read_after":{"conversions":0,"converted":0,"line":"converted 0 of 4 operations using 0 conversions","operations":4},"global_on_the_way":{"conversions":0,"converted":0,"line":"converted 0 of 4 operations using 0 conversions","operations":4},"index_declared_late":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"no_guard":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"on_device":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"other_type":{"conversions":0,"converted":0,"line":"converted 0 of 4 operations using 0 conversions","operations":4},"stored_by_macro":{"conversions":0,"converted":0,"line":"converted 0 of 4 operations using 0 conversions","operations":4},"writes_global":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"writes_global_on_the_way":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 36 operations using 0 conversions","operations":36}}
// REPORT: rules: "gemm_only.yaml"
// REPORT: steps: {"loops":[],"source":"none"}
// REPORT: summary: 26 float operations in 1 file: 26 kept, 0 skipped; 10 matmuls not substituted (the report says why)
