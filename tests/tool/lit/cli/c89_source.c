/* A C source parsed as C89 (-std=c89, -ansi): rewritten C includes the runtime's header, which
 * needs C99, so the tool says so up front, naming the file, exits 1 and writes nothing (it had
 * kept the file whole and called its own rewrite "a bug"). The same source as C99 is rewritten. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %expect-exit 1 %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c -- -std=c89 2> err.txt
// RUN: FileCheck %s --input-file err.txt --implicit-check-not="a bug"
// CHECK: input.c:1:1: error: this file parses as C89/C90, and rewritten C includes autoscale/autoscale.h, which needs C99 or later: give -std=c99 (or gnu99, c11, ...) to autoscale-rewrite and to the build of the rewritten code
// CHECK: autoscale-rewrite: 1 of 1 source file failed to parse; nothing written
// RUN: not ls out
// RUN: not ls report.json
// RUN: %expect-exit 1 %autoscale-rewrite --rules %rules/default.yaml --out-dir out input.c -- -ansi
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out input.c -- -std=c99
// RUN: grep -q autoscale_mul_f out/input.c
float scale(float a, float b) { return a * b; }
