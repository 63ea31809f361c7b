// C++ spells a float's conversion to double as a no-op cast around an implicit one: `(double)x`,
// `static_cast<double>(x)` and `double(x)` are widened on purpose as C's cast is, and the double
// arithmetic of them stays as written (a residual had been an e4m3 dot_mul in C++: 0.0704 for
// 0.0656).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
double residual(const float *A, const float *x, const float *b, int n) {
  double acc = static_cast<double>(b[0]);
  for (int j = 0; j < n; j++)
    acc -= (double)A[j] * x[j];
    // REPORT: input.cpp:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:25"],"function":"residual","op":"accumulate","rule":"class:deny","spelling":"-=","type":"double","variable":"acc"}
    // REPORT: input.cpp:[[@LINE-2]]:25: {"action":"skipped","class":"allow","function":"residual","op":"dot_mul","reason":"computed in double on purpose: a product of floats converted to double explicitly, summed in double (an iterative refinement's residual)","spelling":"*","type":"double","variable":"acc"}
  for (int j = 0; j < n; j++)
    acc -= static_cast<double>(A[j]) * double(x[j]);
    // REPORT: input.cpp:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:38"],"function":"residual","op":"accumulate","rule":"class:deny","spelling":"-=","type":"double","variable":"acc"}
    // REPORT: input.cpp:[[@LINE-2]]:38: {"action":"skipped","class":"allow","function":"residual","op":"dot_mul","reason":"computed in double on purpose: a product of floats converted to double explicitly, summed in double (an iterative refinement's residual)","spelling":"*","type":"double","variable":"acc"}
  return acc;
}
// REPORT: file: {"changed":false,"path":"input.cpp","sites":0,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"residual":{"conversions":0,"converted":0,"line":"converted 0 of 4 operations using 0 conversions","operations":4}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 4 operations using 0 conversions","operations":4}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 4 float operations in 1 file: 2 kept, 2 skipped
