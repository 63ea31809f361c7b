// An operation written in the argument of a macro whose body is just that argument (`#define
// ID(x) x`, a pass-through wrapper) is rewritten in the argument's text, as one in a
// parenthesising macro's argument is; the macro call stays.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
#define ID(x) x
#define PAREN(x) (x)
float mul_id(float a, float b) { return ID(a * b); }
// CHECK: float mul_id(float a, float b) { return ID(autoscale_mul_f_compact({{.*}}, a, b)); }
float mul_paren(float a, float b) { return PAREN(a * b); }
// CHECK: float mul_paren(float a, float b) { return PAREN(autoscale_mul_f_compact({{.*}}, a, b)); }
float sum_id(float a, float b) { return ID(a * b) + 1.0f; }
// CHECK: float sum_id(float a, float b) { return autoscale_add_f_compact({{.*}}, ID(autoscale_mul_f_compact({{.*}}, a, b)), 1.0f); }
