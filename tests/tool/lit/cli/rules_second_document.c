// A rules file holding a second YAML document (`---`, e.g. two files concatenated) is an error
// naming file:line: only the first would be read.
// XFAIL: *
// Bug: the rules reader reads the first document and ignores the rest. Today the tool exits 0
// and keeps the multiply (the second document's treatment is never seen).
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %expect-exit 2 %autoscale-rewrite --rules two.yaml --out-dir out input.c -- 2> err.txt
// RUN: FileCheck %s --input-file err.txt
// CHECK: two.yaml:2:{{[0-9]+}}: error: {{.*}}
// RUN: not ls out

//--- two.yaml
version: 1
---
version: 1
treatment:
  infer: {action: cast, format: fp16}

//--- input.c
float scale(float x) { return x * 0.5f; }
