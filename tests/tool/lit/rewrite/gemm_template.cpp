// A template's GEMM nest becomes the generic call (::__autoscale::matmul_nest, generics.h), which
// takes each instantiation's type; a template with a value parameter keeps its operations' own
// calls, since its instantiations may read the loops with other constants (N here).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp

template <typename T>
void scaled_product(T *c, const T *a, const T *b, T alpha, int n) {
  for (int i = 0; i < n; i++)
  // CHECK: if (!::__autoscale::matmul_nest_factors(&[[SITES:autoscale_sites_[0-9a-f]+]][0], AUTOSCALE_CAST(size_t, n > 0 ? n : 0), AUTOSCALE_CAST(size_t, n > 0 ? n : 0), AUTOSCALE_CAST(size_t, n > 0 ? n : 0), alpha, a, n, 1, 1, b, n, 1, 1, AUTOSCALE_NULL, 0, 0, c, n, 1)) for (int i = 0; i < n; i++)
  // REPORT: input.cpp:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"scaled_product","gemm":"loops","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":0,"spelling":"matmul","strategy":"current","type":"dependent","variable":"c"}
    for (int j = 0; j < n; j++) {
      T s = 0;
      for (int p = 0; p < n; p++) s += alpha * a[i * n + p] * b[p * n + j];
      // CHECK: for (int p = 0; p < n; p++) s += alpha * a[i * n + p] * b[p * n + j];
      // REPORT: input.cpp:[[@LINE-2]]:37: {"action":"in_matmul","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:61"],"function":"scaled_product","matmul":"input.cpp:[[@LINE-7]]:3","op":"accumulate","spelling":"+=","type":"dependent","variable":"s"}
      // REPORT: input.cpp:[[@LINE-3]]:46: {"action":"in_matmul","class":"infer","function":"scaled_product","matmul":"input.cpp:[[@LINE-8]]:3","op":"mul","spelling":"*","type":"dependent","variable":"s"}
      // REPORT: input.cpp:[[@LINE-4]]:61: {"action":"in_matmul","class":"allow","fed_by":["input.cpp:[[@LINE-4]]:46"],"function":"scaled_product","matmul":"input.cpp:[[@LINE-9]]:3","op":"dot_mul","spelling":"*","type":"dependent","variable":"s"}
      c[i * n + j] = s;
    }
}

template <typename T, int N>
void fixed(T (&c)[N][N], const T (&a)[N][N], const T (&b)[N][N]) {
  for (int i = 0; i < N; i++)
  // CHECK: for (int i = 0; i < N; i++)
  // REPORT: input.cpp:[[@LINE-2]]:3: {"action":"skipped","class":"allow","function":"fixed","op":"matmul","reason":"not substituted as a GEMM: in a template with value parameters, whose instantiations may read the loops with other constants","spelling":"matmul","type":"float","variable":"c"}
    for (int j = 0; j < N; j++)
      for (int p = 0; p < N; p++) c[i][j] += a[i][p] * b[p][j];
      // CHECK: for (int p = 0; p < N; p++) c[i][j] += ::__autoscale::mul(&[[SITES]][1], a[i][p], b[p][j]);
      // REPORT: input.cpp:[[@LINE-2]]:43: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:54"],"function":"fixed","op":"accumulate","rule":"class:deny","spelling":"+=","type":"dependent","variable":"c"}
      // REPORT: input.cpp:[[@LINE-3]]:54: {"action":"scale","class":"allow","format":"e4m3","function":"fixed","op":"dot_mul","program":"one call per operation: the loop is in a template or device code","rounding":"inputs","rule":"class:allow","site":1,"spelling":"*","strategy":"delayed","type":"dependent","variable":"c"}
}

void use(float *c, const float *a, const float *b, double *cd, const double *ad, const double *bd) {
  static float fa[8][8], fb[8][8], fc[8][8];
  scaled_product(c, a, b, 0.5f, 16);
  scaled_product(cd, ad, bd, 0.5, 16);
  fixed(fc, fa, fb);
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":2,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"fixed":{"conversions":1,"converted":1,"line":"converted 1 of 3 operations using 1 conversions","operations":3},"scaled_product":{"conversions":0,"converted":1,"line":"converted 1 of 4 operations using 0 conversions","operations":4}},"total":{"conversions":1,"converted":2,"line":"converted 2 of 7 operations using 1 conversions","operations":7}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 6 float operations in 1 file: 2 scaled e4m3, 1 kept, 3 in matmuls, 0 skipped; no step found: each site rolls its history every 1024 executions; 1 matmul not substituted (the report says why)
