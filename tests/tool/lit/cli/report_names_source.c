// --report naming a file the run reads, here the source itself or the rules file, is refused
// before anything is parsed or written: the report would replace the code.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cp %s %t/input.c.orig && cd %t
// RUN: %expect-exit 2 %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report input.c input.c -- 2> err.txt
// RUN: FileCheck %s --input-file err.txt
// CHECK: error: --report input.c names input.c, which this run reads or writes; nothing written
// RUN: diff -u input.c.orig input.c
// RUN: not ls out
// RUN: cp %rules/default.yaml rules.yaml && cp rules.yaml rules.yaml.orig
// RUN: %expect-exit 2 %autoscale-rewrite --rules rules.yaml --out-dir out --report ./rules.yaml input.c -- 2> rules.txt
// RUN: FileCheck %s --check-prefix=RULES --input-file rules.txt
// RULES: error: --report ./rules.yaml names rules.yaml, which this run reads or writes; nothing written
// RUN: diff -u rules.yaml.orig rules.yaml
// RUN: not ls out
float scale(float x) { return x * 0.5f; }
