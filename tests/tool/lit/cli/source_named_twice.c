// A source named twice on the command line, by different paths, is one source: parsed, counted
// and written once.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out input.c ./input.c %t/input.c -- 2> err.txt
// RUN: FileCheck %s --input-file err.txt
// CHECK: 1 float operation in 1 file: 1 cast fp16, 0 kept, 0 skipped{{.*}}
float half(float x) { return x * 0.5f; }
