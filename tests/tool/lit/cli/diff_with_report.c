// --diff writes no source or header; with --report it writes the report (the files' written_to
// is null), and --help says so on the --diff line.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --diff --report r.json input.c -- > diff.txt
// RUN: FileCheck %s --check-prefix=DIFF --input-file diff.txt
// DIFF: +++ b/input.c
// RUN: %report r.json | FileCheck %s --check-prefix=REPORT
// REPORT: file: {"changed":true,"path":"input.c","sites":1,"written_to":null}
// RUN: diff -u %s input.c
// RUN: ls | FileCheck %s --check-prefix=FILES --implicit-check-not=out
// FILES: r.json
// RUN: %autoscale-rewrite --help | FileCheck %s
// CHECK: --diff {{.*}} (--diff --report FILE writes the report only)
float scale(float x) { return x * 0.5f; }
