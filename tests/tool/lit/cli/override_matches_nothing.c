// An override narrowed to code the run does not have (a misspelt function or variable, a line
// past the end) is warned about at its place in the rules file, with the nearest name the
// selected operations have; the run goes on as the rules say. An override by op alone is general
// and says nothing when it matches nothing (here: no matmul).
// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out input.c -- 2> err.txt
// RUN: FileCheck %s --input-file err.txt --implicit-check-not=warning
// CHECK: rules.yaml:[[#@LINE+9]]:5: warning: 'keep-dto' matches no operation of this run: no operation is in a function 'dto'
// CHECK: rules.yaml:[[#@LINE+11]]:5: warning: 'overrides[1]' matches no operation of this run: no operation is on line 400
// CHECK: rules.yaml:[[#@LINE+12]]:5: warning: 'keep-totl' matches no operation of this run: no operation assigns a variable 'totl'; did you mean 'total'?
// CHECK: rules.yaml:[[#@LINE+14]]:5: warning: 'keep-dot-r' matches no operation of this run: no operation matches all of its fields together

//--- rules.yaml
version: 1
treatment: {infer: {action: cast, format: fp16}}
overrides:
  - name: keep-dto
    match: {function: dto}
    set: {action: keep}
  - match: {line: 400}
    set: {action: keep}
  - name: keep-totl
    match: {variable: totl}
    set: {action: keep}
  - name: keep-dot-r
    match: {function: dot, variable: r}
    set: {action: keep}
  - name: general
    match: {op: matmul}
    set: {action: keep}

//--- input.c
float dot(const float *a, const float *b, int n) {
  float total = 0.0f;
  for (int i = 0; i < n; i++)
    total = total + a[i] * b[i];
  return total;
}
float axpy(float a, float x, float y) {
  float r = a * x + y;
  return r;
}
