// The safety net: every rewritten unit is parsed again in memory before anything is written;
// each operation on the line of an error in the rewritten text is left as written, reported as
// skipped with Clang's error, and the unit is checked again; the rest stays rewritten. Here a
// user macro is named like the runtime's call (no construct check foresees that), which breaks
// f's multiply but not g's add; --no-verify writes the broken text anyway.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c -- 2>&1 | FileCheck %s --check-prefix=NOTE
// RUN: %code out/input.c | FileCheck %s --match-full-lines
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: %autoscale-rewrite --no-verify --rules %rules/default.yaml --out-dir unverified input.c --
// RUN: not %cc -fsyntax-only -std=c99 -I %runtime-include unverified/input.c
// NOTE: note: input.c:[[@LINE+2]]: 1 operation left as written: the rewritten code did not compile: {{.*}}input.c:[[@LINE+2]]:{{[0-9]+}}: called object type 'int' is not a function or function pointer (a bug of autoscale-rewrite; --no-verify writes it anyway)
#define autoscale_mul_f_compact 0
float f(float a, float b) { return a * b; }
// CHECK: float f(float a, float b) { return a * b; }
// REPORT: input.c:[[@LINE-2]]:38: {"action":"skipped","class":"infer","function":"f","op":"mul","reason":"rewritten code does not compile: {{.*}}input.c:[[@LINE-2]]:59: called object type 'int' is not a function or function pointer","spelling":"*","type":"float","variable":null}
float g(float a, float b) { return a + b; }
// CHECK: float g(float a, float b) { return autoscale_add_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], a, b); }
// REPORT: input.c:[[@LINE-2]]:38: {"action":"cast","class":"infer","format":"fp16","function":"g","op":"add","rounding":"output","rule":"class:infer","site":0,"spelling":"+","strategy":"delayed","type":"float","variable":null}
// REPORT: file: {"changed":true,"path":"input.c","sites":1,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"f":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"g":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":1,"line":"converted 1 of 2 operations using 0 conversions","operations":2}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 2 float operations in 1 file: 1 cast fp16, 0 kept, 1 skipped; no step found: each site rolls its history every 1024 executions
