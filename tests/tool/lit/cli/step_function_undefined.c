// A step function the rules name but no source of the run defines (a misspelt name) gets a warning
// at its place in the rules file; the others get their steps as ever.
// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out input.c -- 2> err.txt
// RUN: FileCheck %s --input-file err.txt --implicit-check-not=warning
// CHECK: rules.yaml:[[#@LINE+5]]:24: warning: step function 'dott' is defined in no source of this run: no autoscale_step() is inserted for it
// RUN: FileCheck %s --check-prefix=CODE --input-file out/input.c
// CODE: autoscale_step();

//--- rules.yaml
step: {function: [dot, dott]}
version: 1

//--- input.c
float dot(const float *a, const float *b, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}
