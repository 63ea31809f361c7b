// A file #included inside a function body (a generated table, an unrolled body): a prelude at its
// top would put the runtime header's declarations inside the function ("function definition is
// not allowed here"), so its operations stay as written, with a reason.
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %cc -fsyntax-only -std=c99 input.c
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.c -- -std=c99
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include default/input.c
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough --report report.json input.c -- -std=c99
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: diff -u body.inc passthrough/body.inc
// REPORT: body.inc:1:13: {"action":"skipped",{{.*}}"reason":"in a file #included inside a function body (no place for its prelude)",{{.*}}}
// REPORT: body.inc:1:20: {"action":"skipped",{{.*}}"reason":"in a file #included inside a function body (no place for its prelude)",{{.*}}}
// REPORT: summary: 2 float operations in 1 file: 0 kept, 2 skipped
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include passthrough/input.c

//--- body.inc
  acc = acc * 0.5f + x;

//--- input.c
float smooth(float acc, float x) {
#include "body.inc"
  return acc;
}
