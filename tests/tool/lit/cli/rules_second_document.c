// A rules file holding a second YAML document (`---`, e.g. two files concatenated) is an error
// naming file:line where the second document starts: only the first would be read. A `---` that
// opens the only document is fine.
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %expect-exit 2 %autoscale-rewrite --rules two.yaml --out-dir out input.c -- 2> err.txt
// RUN: FileCheck %s --input-file err.txt
// CHECK: two.yaml:2:1: error: a rules file is one YAML document; a second one starts here (two files concatenated?)
// RUN: not ls out
// RUN: %autoscale-rewrite --rules one.yaml --out-dir out input.c --
// RUN: ls out/input.c

//--- one.yaml
---
version: 1

//--- two.yaml
version: 1
---
version: 1
treatment:
  infer: {action: cast, format: fp16}

//--- input.c
float scale(float x) { return x * 0.5f; }
