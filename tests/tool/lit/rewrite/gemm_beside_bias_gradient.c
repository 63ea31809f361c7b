/* A weight gradient summed beside its bias gradient (`l->gb[o] += d` in the loop whose product
 * goes to `l->gw[...]`): distinct members are distinct storage, and the local `d` read through
 * `l` is a value, no way to the result's memory, so the product is split from the loops into a
 * call (it had been refused as "reads or writes the result through 'd'"). */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
typedef struct {
  int in, out;
  float *w, *gw, *gb;
} layer;
void backward(layer *l, const float *dz, const float *x, int batch) {
  for (int n = 0; n < batch; n++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"backward","gemm":"loops","note":"split from the loops at line 14, which keep their other work; the call follows them","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":0,"spelling":"matmul","strategy":"current","type":"float","variable":"l"}
    for (int o = 0; o < l->out; o++) {
      float d = dz[n * l->out + o];
      l->gb[o] += d;
      // REPORT: input.c:[[@LINE-1]]:16: {"action":"keep","class":"deny","function":"backward","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"l"}
      for (int i = 0; i < l->in; i++)
        l->gw[o * l->in + i] += d * x[n * l->in + i];
        // REPORT: input.c:[[@LINE-1]]:30: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-1]]:35"],"function":"backward","matmul":"input.c:[[@LINE-8]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"l"}
        // REPORT: input.c:[[@LINE-2]]:35: {"action":"in_matmul","class":"allow","function":"backward","matmul":"input.c:[[@LINE-9]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"l"}
    }
}
// REPORT: file: {"changed":true,"path":"input.c","sites":1,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"backward":{"conversions":0,"converted":1,"line":"converted 1 of 4 operations using 0 conversions","operations":4}},"total":{"conversions":0,"converted":1,"line":"converted 1 of 4 operations using 0 conversions","operations":4}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 4 float operations in 1 file: 1 scaled e4m3, 1 kept, 2 in matmuls, 0 skipped; no step found: each site rolls its history every 1024 executions
