// GNU range designators initialise several elements from one expression, evaluated once. Clang
// compiles none whose value calls a function ("cannot compile this GNU array range designator
// extension yet"), which the parse-only check does not see: operations there stay as written,
// and the output compiles to an object with Clang. A designator of one element is rewritten.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %cc -c -std=gnu99 input.c -o orig.o
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default --report report.json input.c -- -std=gnu99
// RUN: %cc -c -std=gnu99 -I %runtime-include default/input.c -o default.o
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough input.c -- -std=gnu99
// RUN: %cc -c -std=gnu99 -I %runtime-include passthrough/input.c -o passthrough.o
void fill(float a, float b, float *out) {
  float x[4] = {[1 ... 2] = a * 3.0f, [3] = b / a};
  // REPORT: input.c:[[@LINE-1]]:31: {"action":"skipped",{{.*}}"reason":"initialiser of a GNU range designator (Clang compiles none that calls)"{{.*}}
  // REPORT: input.c:[[@LINE-2]]:47: {"action":"keep",{{.*}}"op":"div"{{.*}}
  for (int i = 0; i < 4; ++i)
    out[i] = x[i];
}
