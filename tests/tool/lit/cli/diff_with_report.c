// --diff "prints a unified diff and writes nothing", yet --report asks for a file: the
// combination should be refused, or --help should say that --diff still writes the report.
// XFAIL: *
// Undecided: today the tool exits 0, prints the diff and writes r.json; --help says "--diff ...
// write nothing" and nothing about --report.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: not %autoscale-rewrite --rules %rules/default.yaml --diff --report r.json input.c -- || %autoscale-rewrite --help | FileCheck %s
// CHECK: {{.*}}--diff{{.*}}--report{{.*}}
float scale(float x) { return x * 0.5f; }
