/* long double, complex and vector arithmetic are not rewritten (reported with the reason). */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
#include <complex.h>
typedef float v4sf __attribute__((vector_size(16)));
int types(long double a, float complex z, v4sf v, float x) {
  long double b = a * a;
  // REPORT: input.c:[[@LINE-1]]:21: {"action":"skipped","class":"infer","function":"types","op":"mul","reason":"long double","spelling":"*","type":"long double","variable":"b"}
  float complex w = z * z;
  // REPORT: input.c:[[@LINE-1]]:23: {"action":"skipped","class":"infer","function":"types","op":"mul","reason":"complex type","spelling":"*","type":"_Complex float","variable":"w"}
  v4sf u = v * v;
  // REPORT: input.c:[[@LINE-1]]:14: {"action":"skipped","class":"infer","function":"types","op":"mul","reason":"vector type","spelling":"*","type":"v4sf","variable":"u"}
  return (b > 0) + (crealf(w) > 0) + (u[0] > 0) + (x > 0);
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 3 float operations in 1 file: 0 kept, 3 skipped
