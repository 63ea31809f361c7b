/* The safety net: a kernel call that does not compile (here a local named size_t hides the type
 * the call's count is cast to) leaves its loop's multiply as written, as it does any operation
 * whose rewrite does not compile; the rest of the file is rewritten. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
float shadowed(const float *a, const float *b, int n) {
  int size_t = n;
  float acc = 0.0f;
  for (int i = 0; i < size_t; i++)
    acc += a[i] * b[i];
    // CHECK: acc += a[i] * b[i];
    // REPORT: input.c:[[@LINE-2]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:17"],"function":"shadowed","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
    // REPORT: input.c:[[@LINE-3]]:17: {"action":"skipped","class":"allow","function":"shadowed","op":"dot_mul","reason":"rewritten code does not compile: {{.*}}input.c:[[@LINE-4]]:81: called object type 'int' is not a function or function pointer","spelling":"*","type":"float","variable":"acc"}
  return acc;
}

float plain(const float *a, const float *b, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; i++)
  // CHECK: acc = autoscale_dot_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], acc, n > 0 ? AUTOSCALE_CAST(size_t, n) : 0, &a[0], 1, &b[0], 1, a, b);
    acc += a[i] * b[i];
    // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:17"],"function":"plain","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"plain","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
  return acc;
}
// REPORT: file: {"changed":true,"path":"input.c","sites":1,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"plain":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"shadowed":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2}},"total":{"conversions":1,"converted":1,"line":"converted 1 of 4 operations using 1 conversions","operations":4}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 4 float operations in 1 file: 1 scaled e4m3, 2 kept, 1 skipped; no step found: each site rolls its history every 1024 executions
