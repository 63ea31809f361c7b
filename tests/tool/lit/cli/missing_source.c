// A source that does not exist: one clear error that names it, exit status 1, nothing written.
// XFAIL: *
// Bug: the tool hands the path to Clang's driver and reports a parse failure. Today it exits 1
// with "error: no such file or directory: '<absolute path>/missing.c'" followed by "error: no
// input files", "error: unable to handle compilation, expected exactly one compiler job in ''",
// "Error while processing ..." and "1 of 1 source file failed to parse; nothing written".
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: %expect-exit 1 %autoscale-rewrite --rules %rules/default.yaml --out-dir out missing.c -- 2> err.txt
// RUN: FileCheck %s --input-file err.txt --implicit-check-not="failed to parse" --implicit-check-not="compiler job"
// CHECK: error: {{.*}}missing.c{{.*}}
// RUN: not ls out
