/* A float local that holds only its initialiser's value holds what that computes: converted
 * integers make the FLOP counts of a benchmark's report (HPCCG's `double fniters = niters;` then
 * `fniters*4*fnrow`), which a 16-bit format would overflow; they stay as written, as the same
 * arithmetic on the integers directly does. Only a count: a coordinate computed from indices
 * (`u = (i + 1.0f) / (n + 1)`) is data for what uses it. A local written again, or whose address
 * is taken, may hold anything: its arithmetic is rewritten. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
void set(double *v);

double flops(int niters, int nrow, int nnz) {
  double fniters = niters;
  double fnrow = nrow;
  double fnnz = nnz;
  double fnops_ddot = fniters * 4 * fnrow;
  // CHECK: double fnops_ddot = fniters * 4 * fnrow;
  // REPORT: input.c:[[@LINE-2]]:31: {"action":"skipped","class":"infer","function":"flops","op":"mul","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"*","type":"double","variable":"fnops_ddot"}
  // REPORT: input.c:[[@LINE-3]]:35: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE-3]]:31"],"function":"flops","op":"mul","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"*","type":"double","variable":"fnops_ddot"}
  double fnops_sparsemv = fniters * 2 * fnnz;
  // CHECK: double fnops_sparsemv = fniters * 2 * fnnz;
  // REPORT: input.c:[[@LINE-2]]:35: {"action":"skipped","class":"infer","function":"flops","op":"mul","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"*","type":"double","variable":"fnops_sparsemv"}
  // REPORT: input.c:[[@LINE-3]]:39: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE-3]]:35"],"function":"flops","op":"mul","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"*","type":"double","variable":"fnops_sparsemv"}
  return fnops_ddot + fnops_sparsemv;
  // CHECK: return fnops_ddot + fnops_sparsemv;
  // REPORT: input.c:[[@LINE-2]]:21: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE-10]]:35","input.c:[[@LINE-6]]:39"],"function":"flops","op":"add","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"+","type":"double","variable":null}
}

float coordinate(int i, int n) {
  float u = (i + 1.0f) / (n + 1);
  // CHECK: float u = (i + 1.0f) / (n + 1);
  // REPORT: input.c:[[@LINE-2]]:16: {"action":"skipped","class":"infer","function":"coordinate","op":"add","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"+","type":"float","variable":"u"}
  // REPORT: input.c:[[@LINE-3]]:24: {"action":"skipped","class":"deny","fed_by":["input.c:[[@LINE-3]]:16"],"function":"coordinate","op":"div","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"/","type":"float","variable":"u"}
  return u * (1.0f - u);
  // CHECK: return autoscale_mul_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], u, (autoscale_sub_f_compact(&[[SITES]][1], 1.0f, u)));
  // REPORT: input.c:[[@LINE-2]]:12: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-6]]:24","input.c:[[@LINE-2]]:20"],"format":"fp16","function":"coordinate","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-3]]:20: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-7]]:24"],"format":"fp16","function":"coordinate","op":"sub","rounding":"output","rule":"class:infer","site":1,"spelling":"-","strategy":"delayed","type":"float","variable":null}
}

double rewritten(int n, double x) {
  double written = n;
  written = x;
  double escaped = n;
  set(&escaped);
  return written * escaped;
  // CHECK: return autoscale_mul_d_compact(&[[SITES]][2], written, escaped);
  // REPORT: input.c:[[@LINE-2]]:18: {"action":"cast","class":"infer","format":"fp16","function":"rewritten","op":"mul","rounding":"output","rule":"class:infer","site":2,"spelling":"*","strategy":"delayed","type":"double","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":3,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"coordinate":{"conversions":2,"converted":2,"line":"converted 2 of 4 operations using 2 conversions","operations":4},"flops":{"conversions":0,"converted":0,"line":"converted 0 of 5 operations using 0 conversions","operations":5},"rewritten":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":2,"converted":3,"line":"converted 3 of 10 operations using 2 conversions","operations":10}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 10 float operations in 1 file: 3 cast fp16, 0 kept, 7 skipped; no step found: each site rolls its history every 1024 executions
