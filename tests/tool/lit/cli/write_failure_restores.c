// A run that cannot put one of its files in place (here the report names a directory) writes
// none: with --in-place the sources keep their text, and files it had replaced already are put
// back; with --out-dir no file and no directory it made is left, and none of its temporaries.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cp %s %t/input.c.orig && cd %t && mkdir report
// RUN: %expect-exit 1 %autoscale-rewrite --rules %rules/default.yaml --in-place --report report input.c -- 2> err.txt
// RUN: FileCheck %s --input-file err.txt
// CHECK: error: cannot replace report: Is a directory (no file written)
// RUN: diff -u input.c.orig input.c
// RUN: %expect-exit 1 %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report input.c -- 2> out.txt
// RUN: FileCheck %s --input-file out.txt
// RUN: not ls out
// RUN: ls -A | FileCheck %s --check-prefix=LEFT --implicit-check-not=autoscale-
// LEFT: input.c
float scale(float x) { return x * 0.5f; }
