/* Loops that look like a dot product or an axpy but are not exactly one: their multiplies stay
 * one scalar call per product, or run with their loop as a loop program. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c -- -fopenmp
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -fopenmp -I %runtime-include out/input.c
float two_statements(const float *a, const float *b, float *c, int n) {
  float acc = 0.0f;
  // CHECK: { const size_t autoscale_n_ = n > 0 ? AUTOSCALE_CAST(size_t, n) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN) { {{.*}}const float *const autoscale_arrays_[] = {&acc, &a[0], &b[0], &c[0]}; const ptrdiff_t autoscale_strides_[] = {0, 1, 1, 1}; {{.*}}autoscale_loop_f({{.*}}); } else for (int i = 0; i < n; i++) {
  for (int i = 0; i < n; i++) {
    acc += a[i] * b[i];
    // CHECK: acc += autoscale_mul_tensors_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], a[i], b[i], a, b);
    // REPORT: input.c:[[@LINE-2]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:17"],"function":"two_statements","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
    // REPORT: input.c:[[@LINE-3]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"two_statements","loop":"one call per product: the loop's body has other statements","op":"dot_mul","program":"runs with its loop (line [[@LINE-4]]) as one loop program (short runs: one call per operation)","rounding":"inputs","rule":"class:allow","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
    c[i] = 0.0f;
  }
  return acc;
}

float simd(const float *a, const float *b, int n) {
  float acc = 0.0f;
#pragma omp simd reduction(+ : acc)
  for (int i = 0; i < n; i++)
    acc += a[i] * b[i];
    // CHECK: acc += autoscale_mul_tensors_f(&[[SITES]][1], a[i], b[i], a, b);
    // REPORT: input.c:[[@LINE-2]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:17"],"function":"simd","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
    // REPORT: input.c:[[@LINE-3]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"simd","loop":"one call per product: a pragma applies to the loop","op":"dot_mul","program":"one call per operation: a pragma applies to the loop","rounding":"inputs","rule":"class:allow","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
  return acc;
}

double mixed(const float *a, const float *b, int n) {
  double acc = 0.0;
  for (int i = 0; i < n; i++)
    acc += a[i] * b[i];
    // CHECK: acc += autoscale_mul_tensors_f(&[[SITES]][2], a[i], b[i], a, b);
    // REPORT: input.c:[[@LINE-2]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:17"],"function":"mixed","op":"accumulate","rule":"class:deny","spelling":"+=","type":"double","variable":"acc"}
    // REPORT: input.c:[[@LINE-3]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"mixed","loop":"one call per product: the sum, the product and its factors are not all of one type","op":"dot_mul","program":"one call per operation: a statement of the loop is not an assignment of a float","rounding":"inputs","rule":"class:allow","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
  return acc;
}

static int next(int *i) { return *i; }

float counter_written(const float *a, const float *b, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; i++)
    acc += a[i] * b[next(&i)];
    // CHECK: acc += autoscale_mul_tensors_f(&[[SITES]][3], a[i], b[next(&i)], a, b);
    // REPORT: input.c:[[@LINE-2]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:17"],"function":"counter_written","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
    // REPORT: input.c:[[@LINE-3]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"counter_written","loop":"one call per product: the loop's body writes its counter","op":"dot_mul","program":"one call per operation: the loop's body writes its counter","rounding":"inputs","rule":"class:allow","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
  return acc;
}

void alpha_side_effect(float *out, const float *att, const float *v, int t, int hs) {
  int k = 0;
  for (int t2 = 0; t2 <= t; t2++)
  // CHECK: for (int t2 = 0; t2 <= t; t2++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"skipped","class":"allow","function":"alpha_side_effect","op":"matmul","reason":"not substituted as a GEMM: index 'k++' is not affine in the loop variables","spelling":"matmul","type":"float","variable":"out"}
    for (int i = 0; i < hs; i++)
      out[i] += att[k++] * v[t2 * hs + i];
      // CHECK: out[i] += autoscale_mul_tensors_f(&[[SITES]][4], att[k++], v[t2 * hs + i], att, v);
      // REPORT: input.c:[[@LINE-2]]:14: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:26"],"function":"alpha_side_effect","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"out"}
      // REPORT: input.c:[[@LINE-3]]:26: {"action":"scale","class":"allow","format":"e4m3","function":"alpha_side_effect","loop":"one call per product: the fixed factor is not a value the loop leaves unchanged","op":"dot_mul","program":"one call per operation: an element's address has side effects","rounding":"inputs","rule":"class:allow","site":4,"spelling":"*","strategy":"delayed","type":"float","variable":"out"}
}

float volatile_factor(volatile float *a, const float *b, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; i++)
    acc += a[i] * b[i];
    // CHECK: acc += autoscale_mul_tensors_f(&[[SITES]][5], a[i], b[i], a, b);
    // REPORT: input.c:[[@LINE-2]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:17"],"function":"volatile_factor","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
    // REPORT: input.c:[[@LINE-3]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"volatile_factor","loop":"one call per product: the sum or a factor is volatile","op":"dot_mul","program":"one call per operation: the loop reads a volatile element","rounding":"inputs","rule":"class:allow","site":5,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
  return acc;
}

float gathered(const float *a, const int *idx, const float *b, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; i++)
    acc += a[idx[i]] * b[i];
    // CHECK: acc += autoscale_mul_tensors_f(&[[SITES]][6], a[idx[i]], b[i], a, b);
    // REPORT: input.c:[[@LINE-2]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:22"],"function":"gathered","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
    // REPORT: input.c:[[@LINE-3]]:22: {"action":"scale","class":"allow","format":"e4m3","function":"gathered","loop":"one call per product: a factor is not an element at an address affine in the counter: index 'idx[i]' is not affine in the loop variables","op":"dot_mul","program":"one call per operation: an element is not a float at an address affine in the counter: index 'idx[i]' is not affine in the loop variables","rounding":"inputs","rule":"class:allow","site":6,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
  return acc;
}

void dependent(float *s, float *y, const float *a, const float *b, int T, int n) {
  for (int t = 0; t < T; t++)
  // CHECK: for (int t = 0; t < T; t++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"skipped","class":"allow","function":"dependent","op":"matmul","reason":"not substituted as a GEMM: the loops also do other work (line 97), which reads or writes the result through 's'","spelling":"matmul","suggestion":"kernels: [{function: dependent, m: \"1\", n: \"T\", k: \"n\", a: {ptr: \"a\", row_stride: \"0\", col_stride: \"1\"}, b: {ptr: \"b\", row_stride: \"1\", col_stride: \"n\"}, c: {ptr: \"s\", row_stride: \"0\", col_stride: \"1\"}, output: accumulate}]","type":"float","variable":"s"}
  // REPORT: input.c:[[@LINE-3]]:3: {"action":"skipped","class":"allow","function":"dependent","op":"matmul","reason":"not substituted as a GEMM: the loops also do other work (line 93), which writes a factor through 's'","spelling":"matmul#2","suggestion":"kernels: [{function: dependent, m: \"1\", n: \"n\", k: \"T\", a: {ptr: \"s\", row_stride: \"0\", col_stride: \"1\"}, b: {ptr: \"b\", row_stride: \"n\", col_stride: \"1\"}, c: {ptr: \"y\", row_stride: \"0\", col_stride: \"1\"}, output: accumulate}]","type":"float","variable":"y"}
    // CHECK: { const size_t autoscale_n_ = n > 0 ? AUTOSCALE_CAST(size_t, n) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN) { {{.*}}const ptrdiff_t autoscale_strides_[] = {0, 1, 1, 1}; {{.*}}autoscale_loop_f({{.*}}); } else for (int i = 0; i < n; i++) {
    for (int i = 0; i < n; i++) {
      s[t] += a[i] * b[t * n + i];
      // CHECK: s[t] += autoscale_mul_tensors_f(&[[SITES]][7], a[i], b[t * n + i], a, b);
      // REPORT: input.c:[[@LINE-2]]:12: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:20"],"function":"dependent","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
      // REPORT: input.c:[[@LINE-3]]:20: {"action":"scale","class":"allow","format":"e4m3","function":"dependent","loop":"one call per product: a statement of the loop reads what another writes","op":"dot_mul","program":"runs with its loop (line [[@LINE-4]]) as one loop program (short runs: one call per operation)","rounding":"inputs","rule":"class:allow","site":7,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
      y[i] += s[t] * b[t * n + i];
      // CHECK: y[i] += autoscale_mul_tensors_f(&[[SITES]][8], s[t], b[t * n + i], s, b);
      // REPORT: input.c:[[@LINE-2]]:12: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:20"],"function":"dependent","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"y"}
      // REPORT: input.c:[[@LINE-3]]:20: {"action":"scale","class":"allow","fed_by":["input.c:[[@LINE-7]]:12"],"format":"e4m3","function":"dependent","loop":"one call per product: a statement of the loop reads what another writes","op":"dot_mul","program":"runs with its loop (line [[@LINE-8]]) as one loop program (short runs: one call per operation)","rounding":"inputs","rule":"class:allow","site":8,"spelling":"*","strategy":"delayed","type":"float","variable":"y"}
    }
}
// REPORT: file: {"changed":true,"path":"input.c","sites":9,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"alpha_side_effect":{"conversions":1,"converted":1,"line":"converted 1 of 3 operations using 1 conversions","operations":3},"counter_written":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"dependent":{"conversions":3,"converted":2,"line":"converted 2 of 6 operations using 3 conversions","operations":6},"gathered":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"mixed":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"simd":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"two_statements":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"volatile_factor":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2}},"total":{"conversions":10,"converted":9,"line":"converted 9 of 21 operations using 10 conversions","operations":21}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 18 float operations in 1 file: 9 scaled e4m3, 9 kept, 0 skipped; no step found: each site rolls its history every 1024 executions; 3 matmuls not substituted (the report says why)
