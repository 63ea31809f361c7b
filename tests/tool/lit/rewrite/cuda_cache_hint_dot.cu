// A dot product whose loads are CUDA cache-hint loads (`__ldg(x + i)`, `__ldcs(&y[i])`) reads
// tensors as `x[i] * y[i]` does: its multiply is op dot_mul (e4m3 under the default rules), not a
// plain multiply cast unscaled to fp16. The rewrite compiles with nvcc.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %nvcc -arch=sm_90 -c -I %runtime-include out/input.cu -o out/input.o
__global__ void dot(float *out, const float *__restrict__ x, const float *__restrict__ y, int n) {
  float s = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s += __ldg(x + i) * __ldcs(&y[i]);
    // REPORT: input.cu:[[@LINE-1]]:7: {"action":"keep","class":"deny","fed_by":["input.cu:[[@LINE-1]]:23"],"function":"dot","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
    // REPORT: input.cu:[[@LINE-2]]:23: {"action":"scale","class":"allow","format":"e4m3","function":"dot","loop":"one call per product: the loop is in a template or device code","op":"dot_mul","program":"one call per operation: the loop is in a template or device code","rounding":"inputs","rule":"class:allow","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
  atomicAdd(out, s);
}
// REPORT: file: {"changed":true,"kernels_without_launch_bounds":{"dot":"no launch of it in the sources given"},"path":"input.cu","sites":1,"written_to":"out/input.cu"}
// REPORT: conversions: {"functions":{"dot":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2}},"total":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 2 float operations in 1 file: 1 scaled e4m3, 1 kept, 0 skipped; no step found: each host site rolls its history every 1024 executions, and scaled device sites pass their values unrounded until an autoscale_step()
