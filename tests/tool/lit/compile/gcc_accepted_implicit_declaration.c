// What GCC 12 accepts with a warning and Clang refuses by default in C: a call of a function
// declared nowhere (C89's implicit declaration), an integer given to a pointer, a function
// pointer of another type. The project builds with GCC, so the tool parses it and rewrites the
// arithmetic around it; the output builds with GCC as the original does.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %host-cc -fsyntax-only -w -std=gnu99 input.c
// RUN: not %cc -fsyntax-only -std=gnu99 input.c
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out input.c -- -std=gnu99
// RUN: %code out/input.c | FileCheck %s
// RUN: %host-cc -fsyntax-only -w -std=gnu99 -I %runtime-include out/input.c
typedef float (*unary)(float);
double halve(double x) { return x / 2.0; }

float blend(float a, float b) {
  float *unset = 0x10;
  unary f = halve;
  // CHECK: return autoscale_add_f_compact(
  return a * b + scale_of(a) + (unset == 0);
}
