/* Terms summed in a local of the loop before they are added to a sum (`float part = x[i] * x[i]
 * + ... + x[i + 3] * x[i + 3]; s += part;`, a loop unrolled by hand, a float4's lanes) are the
 * sum's terms as written inline: squares are square_sums and the + between them accumulates, kept
 * FP32 by the default rules (in fp16 65.6% of the partial sums of 8-bit pixel values overflowed:
 * an L2 norm 7713 for 9432). A local of terms that is no sum's addend, or is stored as well as
 * summed (a complex product kept per element), stays data. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
float norm2(const float *x, int n) {
  float s = 0.0f;
  for (int i = 0; i + 3 < n; i += 4) {
    float part = x[i] * x[i] + x[i + 1] * x[i + 1] + x[i + 2] * x[i + 2] + x[i + 3] * x[i + 3];
    // REPORT: input.c:[[@LINE-1]]:23: {"action":"keep","class":"deny","function":"norm2","op":"square_sum","rule":"class:deny","spelling":"*","type":"float","variable":"part"}
    // REPORT: input.c:[[@LINE-2]]:30: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:23","input.c:[[@LINE-2]]:41"],"function":"norm2","op":"accumulate","rule":"class:deny","spelling":"+","type":"float","variable":"part"}
    // REPORT: input.c:[[@LINE-3]]:41: {"action":"keep","class":"deny","function":"norm2","op":"square_sum","rule":"class:deny","spelling":"*","type":"float","variable":"part"}
    // REPORT: input.c:[[@LINE-4]]:52: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-4]]:30","input.c:[[@LINE-4]]:63"],"function":"norm2","op":"accumulate","rule":"class:deny","spelling":"+","type":"float","variable":"part"}
    // REPORT: input.c:[[@LINE-5]]:63: {"action":"keep","class":"deny","function":"norm2","op":"square_sum","rule":"class:deny","spelling":"*","type":"float","variable":"part"}
    // REPORT: input.c:[[@LINE-6]]:74: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-6]]:52","input.c:[[@LINE-6]]:85"],"function":"norm2","op":"accumulate","rule":"class:deny","spelling":"+","type":"float","variable":"part"}
    // REPORT: input.c:[[@LINE-7]]:85: {"action":"keep","class":"deny","function":"norm2","op":"square_sum","rule":"class:deny","spelling":"*","type":"float","variable":"part"}
    s += part;
    // REPORT: input.c:[[@LINE-1]]:7: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-9]]:74"],"function":"norm2","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
  }
  return s;
}

void energies(const float *x, float *e, int n) {
  for (int i = 0; i + 1 < n; i += 2) {
    float part = x[i] * x[i] + x[i + 1] * x[i + 1];
    // REPORT: input.c:[[@LINE-1]]:23: {"action":"cast","class":"infer","format":"fp16","function":"energies","op":"mul","program":"one call per operation: the loop is not bounded as `i < n` or `i <= n`","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"part"}
    // REPORT: input.c:[[@LINE-2]]:30: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-2]]:23","input.c:[[@LINE-2]]:41"],"format":"fp16","function":"energies","op":"add","program":"one call per operation: the loop is not bounded as `i < n` or `i <= n`","rounding":"output","rule":"class:infer","site":1,"spelling":"+","strategy":"delayed","type":"float","variable":"part"}
    // REPORT: input.c:[[@LINE-3]]:41: {"action":"cast","class":"infer","format":"fp16","function":"energies","op":"mul","program":"one call per operation: the loop is not bounded as `i < n` or `i <= n`","rounding":"output","rule":"class:infer","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"part"}
    e[i / 2] = part;
  }
}

float complex_products(const float *a, const float *b, float *re_out, int n) {
  float sum = 0.0f;
  for (int k = 0; k < n; k++) {
    float re = a[2 * k] * b[2 * k] - a[2 * k + 1] * b[2 * k + 1];
    // REPORT: input.c:[[@LINE-1]]:25: {"action":"cast","class":"infer","format":"fp16","function":"complex_products","op":"mul","program":"runs with its loop (line 40) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":"re"}
    // REPORT: input.c:[[@LINE-2]]:36: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-2]]:25","input.c:[[@LINE-2]]:51"],"format":"fp16","function":"complex_products","op":"sub","program":"runs with its loop (line 40) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":4,"spelling":"-","strategy":"delayed","type":"float","variable":"re"}
    // REPORT: input.c:[[@LINE-3]]:51: {"action":"cast","class":"infer","format":"fp16","function":"complex_products","op":"mul","program":"runs with its loop (line 40) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":5,"spelling":"*","strategy":"delayed","type":"float","variable":"re"}
    re_out[k] = re;
    sum += re;
    // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-6]]:36"],"function":"complex_products","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"sum"}
  }
  return sum;
}
// REPORT: file: {"changed":true,"path":"input.c","sites":6,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"complex_products":{"conversions":1,"converted":3,"line":"converted 3 of 4 operations using 1 conversions","operations":4},"energies":{"conversions":0,"converted":3,"line":"converted 3 of 3 operations using 0 conversions","operations":3},"norm2":{"conversions":0,"converted":0,"line":"converted 0 of 8 operations using 0 conversions","operations":8}},"total":{"conversions":1,"converted":6,"line":"converted 6 of 15 operations using 1 conversions","operations":15}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 15 float operations in 1 file: 6 cast fp16, 9 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
