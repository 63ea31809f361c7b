/* Double arithmetic of a float converted to double by a cast written in the source is computed in
 * double on purpose, whatever it computes: a residual check `(double)b[i] - (double)A[i] * x[i]`,
 * the product held in a local first, `b[i] - (double)A[i] * x[i]`. Each stays as written (fp16
 * had made a relative residual 2.1e-6 read 2.7e-4, bf16 2.3e-3). Double arithmetic of floats the
 * language converts (`0.5 * x[i]`) is rounded as any other. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
double residual(const float *A, const float *x, const float *b, int n) {
  double worst = 0.0;
  for (int i = 0; i < n; i++) {
    double r = (double)b[i] - (double)A[i] * x[i];
    // REPORT: input.c:[[@LINE-1]]:29: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE-1]]:44"],"function":"residual","op":"sub","reason":"computed in double on purpose: double arithmetic of a float converted to double explicitly (an iterative refinement's residual)","spelling":"-","type":"double","variable":"r"}
    // REPORT: input.c:[[@LINE-2]]:44: {"action":"skipped","class":"infer","function":"residual","op":"mul","reason":"computed in double on purpose: double arithmetic of a float converted to double explicitly (an iterative refinement's residual)","spelling":"*","type":"double","variable":"r"}
    double p = (double)A[i] * x[i];
    // REPORT: input.c:[[@LINE-1]]:29: {"action":"skipped","class":"infer","function":"residual","op":"mul","reason":"computed in double on purpose: double arithmetic of a float converted to double explicitly (an iterative refinement's residual)","spelling":"*","type":"double","variable":"p"}
    double q = b[i] - p;
    // REPORT: input.c:[[@LINE-1]]:21: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE-3]]:29"],"function":"residual","op":"sub","reason":"computed in double on purpose: double arithmetic of a float converted to double explicitly (an iterative refinement's residual)","spelling":"-","type":"double","variable":"q"}
    double s = b[i] - (double)A[i] * x[i];
    // REPORT: input.c:[[@LINE-1]]:21: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE-1]]:36"],"function":"residual","op":"sub","reason":"computed in double on purpose: double arithmetic of a float converted to double explicitly (an iterative refinement's residual)","spelling":"-","type":"double","variable":"s"}
    // REPORT: input.c:[[@LINE-2]]:36: {"action":"skipped","class":"infer","function":"residual","op":"mul","reason":"computed in double on purpose: double arithmetic of a float converted to double explicitly (an iterative refinement's residual)","spelling":"*","type":"double","variable":"s"}
    if (r + q + s > worst)
    // REPORT: input.c:[[@LINE-1]]:11: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE-11]]:29","input.c:[[@LINE-6]]:21"],"function":"residual","op":"add","reason":"computed in double on purpose: double arithmetic of a float converted to double explicitly (an iterative refinement's residual)","spelling":"+","type":"double","variable":null}
    // REPORT: input.c:[[@LINE-2]]:15: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE-2]]:11","input.c:[[@LINE-5]]:21"],"function":"residual","op":"add","reason":"computed in double on purpose: double arithmetic of a float converted to double explicitly (an iterative refinement's residual)","spelling":"+","type":"double","variable":null}
      worst = r + q + s;
      // REPORT: input.c:[[@LINE-1]]:17: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE-14]]:29","input.c:[[@LINE-9]]:21"],"function":"residual","op":"add","reason":"computed in double on purpose: double arithmetic of a float converted to double explicitly (an iterative refinement's residual)","spelling":"+","type":"double","variable":"worst"}
      // REPORT: input.c:[[@LINE-2]]:21: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE-2]]:17","input.c:[[@LINE-8]]:21"],"function":"residual","op":"add","reason":"computed in double on purpose: double arithmetic of a float converted to double explicitly (an iterative refinement's residual)","spelling":"+","type":"double","variable":"worst"}
  }
  return worst;
}

void halves(const float *x, double *y, int n) {
  for (int i = 0; i < n; i++)
    y[i] = 0.5 * x[i];
    // REPORT: input.c:[[@LINE-1]]:16: {"action":"cast","class":"infer","format":"fp16","function":"halves","op":"mul","program":"one call per operation: a statement of the loop is not an assignment of a float","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"double","variable":"y"}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":1,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"halves":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"residual":{"conversions":0,"converted":0,"line":"converted 0 of 10 operations using 0 conversions","operations":10}},"total":{"conversions":0,"converted":1,"line":"converted 1 of 11 operations using 0 conversions","operations":11}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 11 float operations in 1 file: 1 cast fp16, 0 kept, 10 skipped; no step found: each site rolls its history every 1024 executions
