// A sum into an element of one member of an object, indexed through another member of it
// (`out.data[i * out.cols + j] += ...`): writing the element leaves the other member as it is, so
// the element stays the same along the loop that sums and the sum is an accumulation (a GEMM
// here), as it is indexed through a variable. A loop that also writes the member the index reads
// (itself, through a function given the object by reference, through a pointer to the object)
// does not sum into one element.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp --
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
#include <vector>

struct Mat {
  int rows, cols;
  std::vector<float> data;
  Mat(int r, int c) : rows(r), cols(c), data(static_cast<std::size_t>(r) * c, 0.0f) {}
};

Mat matmul(const Mat &a, const Mat &b) {
  Mat out(a.rows, b.cols);
  for (int i = 0; i < a.rows; i++)
  // CHECK: if (!autoscale_matmul_nest_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], AUTOSCALE_CAST(size_t, a.rows > 0 ? a.rows : 0), AUTOSCALE_CAST(size_t, b.cols > 0 ? b.cols : 0), AUTOSCALE_CAST(size_t, a.cols > 0 ? a.cols : 0), a.data.data(), a.cols, 1, b.data.data(), b.cols, 1, out.data.data(), out.cols, 1, out.data.data(), out.cols, 1)) for (int i = 0; i < a.rows; i++)
  // REPORT: input.cpp:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"matmul","gemm":"loops","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":0,"spelling":"matmul","strategy":"current","type":"float","variable":"out"}
    for (int k = 0; k < a.cols; k++)
      for (int j = 0; j < b.cols; j++)
        out.data[i * out.cols + j] += a.data[i * a.cols + k] * b.data[k * b.cols + j];
        // CHECK: out.data[i * out.cols + j] += a.data[i * a.cols + k] * b.data[k * b.cols + j];
        // REPORT: input.cpp:[[@LINE-2]]:36: {"action":"in_matmul","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:62"],"function":"matmul","matmul":"input.cpp:[[@LINE-7]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"out"}
        // REPORT: input.cpp:[[@LINE-3]]:62: {"action":"in_matmul","class":"allow","function":"matmul","matmul":"input.cpp:[[@LINE-8]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"out"}
  return out;
}

struct Sums {
  int stride;
  float total[64];
};

void row_sums(Sums &s, const float *x, int n) {
  for (int i = 0; i < 8; i++)
  // CHECK: if (!autoscale_matmul_nest_f(&[[SITES]][1], 1, 8, AUTOSCALE_CAST(size_t, n > 0 ? n : 0), x, 0, 1, x, 1, 1, &s.total[0], 0, s.stride, &s.total[0], 0, s.stride)) for (int i = 0; i < 8; i++)
  // REPORT: input.cpp:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"row_sums","gemm":"loops","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":1,"spelling":"matmul","strategy":"current","type":"float","variable":"s"}
    for (int k = 0; k < n; k++)
      s.total[i * s.stride] += x[k] * x[k + i];
      // CHECK: s.total[i * s.stride] += x[k] * x[k + i];
      // REPORT: input.cpp:[[@LINE-2]]:29: {"action":"in_matmul","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:37"],"function":"row_sums","matmul":"input.cpp:[[@LINE-6]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"s"}
      // REPORT: input.cpp:[[@LINE-3]]:37: {"action":"in_matmul","class":"allow","function":"row_sums","matmul":"input.cpp:[[@LINE-7]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"s"}
}

void stride_moves(Sums &s, const float *x, int n) {
  for (int i = 0; i < 8; i++)
    for (int k = 0; k < n; k++) {
      s.total[i * s.stride] += x[k] * x[k + i];
      // CHECK: s.total[i * s.stride] += x[k] * x[k + i];
      // REPORT: input.cpp:[[@LINE-2]]:29: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:37"],"function":"stride_moves","op":"update","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
      // REPORT: input.cpp:[[@LINE-3]]:37: {"action":"keep","class":"deny","function":"stride_moves","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"s"}
      s.stride = k % 2;
    }
}

static void set_stride(Sums &s, int k) { s.stride = k; }

void stride_set_by_call(Sums &s, const float *x, int n) {
  for (int i = 0; i < 8; i++)
    for (int k = 0; k < n; k++) {
      s.total[i * s.stride] += x[k] * x[k + i];
      // CHECK: s.total[i * s.stride] += x[k] * x[k + i];
      // REPORT: input.cpp:[[@LINE-2]]:29: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:37"],"function":"stride_set_by_call","op":"update","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
      // REPORT: input.cpp:[[@LINE-3]]:37: {"action":"keep","class":"deny","function":"stride_set_by_call","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"s"}
      set_stride(s, k % 2);
    }
}

void stride_set_through_pointer(const float *x, int n) {
  Sums s = {1, {0}};
  Sums *p = &s;
  for (int i = 0; i < 8; i++)
    for (int k = 0; k < n; k++) {
      s.total[i * s.stride] += x[k] * x[k + i];
      // CHECK: autoscale_add_assign_f(&[[SITES]][2], &(s.total[i * s.stride]), autoscale_mul_f(&[[SITES]][3], x[k], x[k + i]));
      // REPORT: input.cpp:[[@LINE-2]]:29: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-2]]:37"],"format":"fp16","function":"stride_set_through_pointer","op":"add","program":"one call per operation: an element is not a float at an address affine in the counter: array 's.total' changes with the loops","rounding":"output","rule":"class:infer","site":2,"spelling":"+=","strategy":"delayed","type":"float","variable":"s"}
      // REPORT: input.cpp:[[@LINE-3]]:37: {"action":"cast","class":"infer","format":"fp16","function":"stride_set_through_pointer","op":"mul","program":"one call per operation: an element is not a float at an address affine in the counter: array 's.total' changes with the loops","rounding":"output","rule":"class:infer","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
      p->stride = k % 2;
    }
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":4,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"matmul":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3},"row_sums":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3},"stride_moves":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"stride_set_by_call":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"stride_set_through_pointer":{"conversions":0,"converted":2,"line":"converted 2 of 2 operations using 0 conversions","operations":2}},"total":{"conversions":0,"converted":4,"line":"converted 4 of 12 operations using 0 conversions","operations":12}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 12 float operations in 1 file: 2 scaled e4m3, 2 cast fp16, 4 kept, 4 in matmuls, 0 skipped; no step found: each site rolls its history every 1024 executions
