// The safety net: every rewritten unit is parsed again in memory before anything is written; a
// file whose rewritten text does not compile is kept as it was, with a note naming it and
// Clang's first error, and the report says why. Here a user macro is named like the runtime's
// call (no construct check foresees that); --no-verify writes the broken text anyway.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c -- 2>&1 | FileCheck %s --check-prefix=NOTE
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %autoscale-rewrite --no-verify --rules %rules/default.yaml --out-dir unverified input.c --
// RUN: not %cc -fsyntax-only -std=c99 -I %runtime-include unverified/input.c
// NOTE: note: input.c is kept as it was: its rewritten text did not compile: {{.*}}input.c:[[@LINE+2]]:{{[0-9]+}}: called object type 'int' is not a function or function pointer (a bug of autoscale-rewrite; --no-verify writes it anyway)
#define autoscale_mul_f 0
float f(float a, float b) { return a * b; }
// REPORT: input.c:[[@LINE-1]]:38: {"action":"skipped","class":"infer","function":"f","op":"mul","reason":"its file was kept as it was: the rewritten text did not compile: {{.*}}input.c:[[@LINE-1]]:51: called object type 'int' is not a function or function pointer","spelling":"*","type":"float","variable":null}
// REPORT: file: {"changed":false,"path":"input.c","reason":"kept as it was: the rewritten text did not compile: {{.*}}input.c:[[@LINE-2]]:51: called object type 'int' is not a function or function pointer","sites":0,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"f":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 1 float operation in 1 file: 0 kept, 1 skipped
