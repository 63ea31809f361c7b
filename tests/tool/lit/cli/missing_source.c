// A source that does not exist: one clear error that names it, exit status 1, nothing written
// (the tool checks the sources before Clang's driver sees them).
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: %expect-exit 1 %autoscale-rewrite --rules %rules/default.yaml --out-dir out missing.c -- 2> err.txt
// RUN: FileCheck %s --input-file err.txt --implicit-check-not="failed to parse" --implicit-check-not="compiler job"
// CHECK: error: missing.c: no such file; nothing written
// RUN: not ls out
// A directory is no source either.
// RUN: mkdir dir.c
// RUN: %expect-exit 1 %autoscale-rewrite --rules %rules/default.yaml --out-dir out dir.c -- 2> dir.txt
// RUN: FileCheck %s --check-prefix=DIR --input-file dir.txt --implicit-check-not="failed to parse"
// DIR: error: dir.c: is a directory, not a source file; nothing written
// RUN: not ls out
