// A name a rules file adds to a class that no built-in list holds and no float call of the run is
// to (a misspelt math function) is warned about at its place, with the built-in function nearest
// in spelling; a user function the sources call is not.
// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out input.c -- 2> err.txt
// RUN: FileCheck %s --input-file err.txt --implicit-check-not=warning
// CHECK: rules.yaml:[[#@LINE+5]]:16: warning: 'tanhff' is in class 'deny' but no float call of this run's sources is to it; did you mean 'tanhf'?

//--- rules.yaml
version: 1
classes:
  deny: {add: [tanhff, squash]}
treatment: {infer: {action: cast, format: fp16}}

//--- input.c
float squash(float x);
float layer(float w, float x) { return squash(w * x) + 1.0f; }
