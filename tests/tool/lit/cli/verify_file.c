// The safety net's last resort: an error in the rewritten text on no rewritten operation's line
// (here the step the rewriter inserts at the end of the training loop's body, broken by a user
// macro named like the runtime's call) keeps the whole file as it was; its operations are
// reported as skipped with Clang's message.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c -- 2>&1 | FileCheck %s --check-prefix=NOTE
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// NOTE: note: input.c is kept as it was: its rewritten text did not compile: {{.*}}input.c:{{[0-9]+}}:{{[0-9]+}}: called object type 'int' is not a function or function pointer (a bug of autoscale-rewrite; --no-verify writes it anyway)
#define autoscale_step 0
static void scale(const float *in, float *out, int n) {
  for (int i = 0; i < n; ++i) out[i] = in[i] * 2.0f;
  // REPORT: input.c:[[@LINE-1]]:46: {"action":"skipped","class":"infer","function":"scale","op":"mul","reason":"its file was kept as it was: the rewritten text did not compile: {{.*}}input.c:[[@LINE+4]]:75: called object type 'int' is not a function or function pointer","spelling":"*","type":"float","variable":"out"}
}
int main(void) {
  float a[4] = {1, 2, 3, 4}, b[4];
  for (int epoch = 0; epoch < 3; ++epoch) {
    scale(a, b, 4);
  }
  return (int)b[0];
}
// REPORT: file: {"changed":false,"path":"input.c","reason":"kept as it was: the rewritten text did not compile: {{.*}}input.c:[[@LINE-5]]:75: called object type 'int' is not a function or function pointer","sites":0,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"scale":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[{"file":"input.c","function":"main","line":17}],"source":"found"}
// REPORT: summary: 1 float operation in 1 file: 0 kept, 1 skipped
