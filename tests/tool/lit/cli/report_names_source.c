// --report naming a file the run reads, here the source itself, must be refused before anything
// is written: the report would replace the code.
// XFAIL: *
// Bug: the tool does not compare the report's path with its inputs. Today it exits 0 and
// input.c holds the JSON report (out/input.c is the rewritten code).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cp %s %t/input.c.orig && cd %t
// RUN: %expect-exit 2 %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report input.c input.c -- 2> err.txt
// RUN: FileCheck %s --input-file err.txt
// CHECK: error: {{.*}}input.c
// RUN: diff -u input.c.orig input.c
// RUN: not ls out
float scale(float x) { return x * 0.5f; }
