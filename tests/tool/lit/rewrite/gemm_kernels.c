// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules ../rules.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c

//--- rules.yaml
# A linear layer's forward and backward declared as GEMM kernels (rules/README.md, `kernels`).
version: 1
step: none
treatment:
  allow: {action: scale, format: e4m3}
kernels:
  - function: linear_forward
    m: B * T
    n: OC
    k: C
    a: {ptr: inp, ld: C}
    b: {ptr: weight, ld: C, transposed: true}
    c: {ptr: out, ld: OC}
    bias: bias
  - function: linear_backward
    gemms:
      - {m: B * T, n: C, k: OC, a: {ptr: dout, ld: OC}, b: {ptr: weight, ld: C},
         c: {ptr: dinp, ld: C}, output: accumulate}
      - {m: OC, n: C, k: B * T, a: {ptr: dout, ld: OC, transposed: true}, b: {ptr: inp, ld: C},
         c: {ptr: dweight, ld: C}, output: accumulate, a_row_sums: dbias}

//--- input.c
/* Kernels the rules declare: each body becomes its products' calls (and the row sums of the
 * bias gradient); every operation of the old body is the sites' own. The unrolled forward is one
 * the loops cannot prove (its partial sums are added in another order). */
void linear_forward(float *out, const float *inp, const float *weight, const float *bias,
// CHECK: void linear_forward(float *out, const float *inp, const float *weight, const float *bias,
// REPORT: input.c:[[@LINE-2]]:6: {"action":"scale","class":"allow","format":"e4m3","function":"linear_forward","gemm":"kernel","op":"matmul","rounding":"inputs","rule":"class:allow","site":0,"spelling":"linear_forward","strategy":"delayed","type":"float","variable":"out"}
                    int B, int T, int C, int OC) {
                    // CHECK: int B, int T, int C, int OC) { autoscale_matmul_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], AUTOSCALE_CAST(size_t, (B * T) > 0 ? (B * T) : 0), AUTOSCALE_CAST(size_t, OC > 0 ? OC : 0), AUTOSCALE_CAST(size_t, C > 0 ? C : 0), inp, C, 1, weight, 1, C, bias, 0, 1, out, OC, 1);
  for (int bt = 0; bt < B * T; bt++)
    for (int o = 0; o < OC; o++) {
      float acc[4] = {0, 0, 0, 0};
      for (int i = 0; i < C; i += 4)
        for (int l = 0; l < 4; l++)
          acc[l] += inp[bt * C + i + l] * weight[o * C + i + l];
          // REPORT: input.c:[[@LINE-1]]:18: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-1]]:41"],"function":"linear_forward","matmul":"input.c:[[@LINE-11]]:6","op":"accumulate","spelling":"+=","type":"float","variable":"acc"}
          // REPORT: input.c:[[@LINE-2]]:41: {"action":"in_matmul","class":"allow","function":"linear_forward","matmul":"input.c:[[@LINE-12]]:6","op":"dot_mul","spelling":"*","type":"float","variable":"acc"}
      float s = acc[0] + acc[1] + acc[2] + acc[3];
      // REPORT: input.c:[[@LINE-1]]:24: {"action":"in_matmul","class":"infer","function":"linear_forward","matmul":"input.c:[[@LINE-14]]:6","op":"add","spelling":"+","type":"float","variable":"s"}
      // REPORT: input.c:[[@LINE-2]]:33: {"action":"in_matmul","class":"infer","fed_by":["input.c:[[@LINE-2]]:24"],"function":"linear_forward","matmul":"input.c:[[@LINE-15]]:6","op":"add","spelling":"+","type":"float","variable":"s"}
      // REPORT: input.c:[[@LINE-3]]:42: {"action":"in_matmul","class":"infer","fed_by":["input.c:[[@LINE-3]]:33"],"function":"linear_forward","matmul":"input.c:[[@LINE-16]]:6","op":"add","spelling":"+","type":"float","variable":"s"}
      out[bt * OC + o] = bias ? s + bias[o] : s;
      // REPORT: input.c:[[@LINE-1]]:35: {"action":"in_matmul","class":"infer","fed_by":["input.c:[[@LINE-5]]:42"],"function":"linear_forward","matmul":"input.c:[[@LINE-18]]:6","op":"add","spelling":"+","type":"float","variable":"out"}
    }
}

void linear_backward(float *dinp, float *dweight, float *dbias, const float *dout,
// CHECK: void linear_backward(float *dinp, float *dweight, float *dbias, const float *dout,
// REPORT: input.c:[[@LINE-2]]:6: {"action":"scale","class":"allow","format":"e4m3","function":"linear_backward","gemm":"kernel","op":"matmul","rounding":"inputs","rule":"class:allow","site":1,"spelling":"linear_backward","strategy":"delayed","type":"float","variable":"dinp"}
// REPORT: input.c:[[@LINE-3]]:6: {"action":"scale","class":"allow","format":"e4m3","function":"linear_backward","gemm":"kernel","op":"matmul","rounding":"inputs","rule":"class:allow","site":2,"spelling":"linear_backward#2","strategy":"delayed","type":"float","variable":"dweight"}
                     const float *inp, const float *weight, int B, int T, int C, int OC) {
                     // CHECK: const float *inp, const float *weight, int B, int T, int C, int OC) { autoscale_matmul_f(&[[SITES]][1], AUTOSCALE_CAST(size_t, (B * T) > 0 ? (B * T) : 0), AUTOSCALE_CAST(size_t, C > 0 ? C : 0), AUTOSCALE_CAST(size_t, OC > 0 ? OC : 0), dout, OC, 1, weight, C, 1, dinp, C, 1, dinp, C, 1); autoscale_matmul_f(&[[SITES]][2], AUTOSCALE_CAST(size_t, OC > 0 ? OC : 0), AUTOSCALE_CAST(size_t, C > 0 ? C : 0), AUTOSCALE_CAST(size_t, (B * T) > 0 ? (B * T) : 0), dout, 1, OC, inp, C, 1, dweight, C, 1, dweight, C, 1); if (dbias) for (size_t autoscale_i = 0; autoscale_i < AUTOSCALE_CAST(size_t, OC > 0 ? OC : 0); ++autoscale_i) for (size_t autoscale_p = 0; autoscale_p < AUTOSCALE_CAST(size_t, (B * T) > 0 ? (B * T) : 0); ++autoscale_p) dbias[autoscale_i] += (dout)[AUTOSCALE_CAST(ptrdiff_t, autoscale_i) * (1) + AUTOSCALE_CAST(ptrdiff_t, autoscale_p) * (OC)];
  for (int bt = 0; bt < B * T; bt++)
    for (int o = 0; o < OC; o++) {
      float d = dout[bt * OC + o];
      for (int i = 0; i < C; i++)
        dinp[bt * C + i] += weight[o * C + i] * d;
        // REPORT: input.c:[[@LINE-1]]:26: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-1]]:47"],"function":"linear_backward","matmul":"input.c:[[@LINE-11]]:6","op":"accumulate","spelling":"+=","type":"float","variable":"dinp"}
        // REPORT: input.c:[[@LINE-2]]:47: {"action":"in_matmul","class":"allow","function":"linear_backward","matmul":"input.c:[[@LINE-12]]:6","op":"dot_mul","spelling":"*","type":"float","variable":"dinp"}
    }
  for (int o = 0; o < OC; o++)
    for (int bt = 0; bt < B * T; bt++) {
      float d = dout[bt * OC + o];
      if (dbias)
        dbias[o] += d;
        // REPORT: input.c:[[@LINE-1]]:18: {"action":"in_matmul","class":"deny","function":"linear_backward","matmul":"input.c:[[@LINE-19]]:6","op":"accumulate","spelling":"+=","type":"float","variable":"dbias"}
      for (int i = 0; i < C; i++)
        dweight[o * C + i] += inp[bt * C + i] * d;
        // REPORT: input.c:[[@LINE-1]]:28: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-1]]:47"],"function":"linear_backward","matmul":"input.c:[[@LINE-22]]:6","op":"accumulate","spelling":"+=","type":"float","variable":"dweight"}
        // REPORT: input.c:[[@LINE-2]]:47: {"action":"in_matmul","class":"allow","function":"linear_backward","matmul":"input.c:[[@LINE-23]]:6","op":"dot_mul","spelling":"*","type":"float","variable":"dweight"}
    }
}
// REPORT: file: {"changed":true,"path":"input.c","sites":3,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"linear_backward":{"conversions":0,"converted":2,"line":"converted 2 of 7 operations using 0 conversions","operations":7},"linear_forward":{"conversions":0,"converted":1,"line":"converted 1 of 7 operations using 0 conversions","operations":7}},"total":{"conversions":0,"converted":3,"line":"converted 3 of 14 operations using 0 conversions","operations":14}}
// REPORT: rules: "rules.yaml"
// REPORT: steps: {"loops":[],"source":"none"}
// REPORT: summary: 14 float operations in 1 file: 3 scaled e4m3, 0 kept, 11 in matmuls, 0 skipped; no steps (rules: step: none)
