// Placeholder: the reference loops of autoscale_dot_* / autoscale_axpy_* (autoscale.h), exactly
// their loops of scalar calls, so that the rewriter's substitutions link and run; the runtime's
// fast kernels replace this file.
#include "autoscale/autoscale.h"

namespace {

template <class T>
using MulFn = T (*)(autoscale_site *, T, T, const void *, const void *);

template <class T>
T dot(MulFn<T> mul, autoscale_site *site, T acc, size_t n, const T *a, ptrdiff_t a_stride, const T *b,
      ptrdiff_t b_stride, const void *tensor_a, const void *tensor_b) {
  for (size_t i = 0; i < n; i++) {
    ptrdiff_t k = static_cast<ptrdiff_t>(i);
    acc += mul(site, a[k * a_stride], b[k * b_stride], tensor_a, tensor_b);
  }
  return acc;
}

template <class T>
void axpy(MulFn<T> mul, autoscale_site *site, size_t n, T alpha, int alpha_slot, const T *x, ptrdiff_t x_stride,
          T *y, ptrdiff_t y_stride, const void *tensor_alpha, const void *tensor_x) {
  for (size_t i = 0; i < n; i++) {
    ptrdiff_t k = static_cast<ptrdiff_t>(i);
    y[k * y_stride] += alpha_slot == 0 ? mul(site, alpha, x[k * x_stride], tensor_alpha, tensor_x)
                                       : mul(site, x[k * x_stride], alpha, tensor_x, tensor_alpha);
  }
}

}  // namespace

extern "C" {

float autoscale_dot_f(autoscale_site *site, float acc, size_t n, const float *a, ptrdiff_t a_stride, const float *b,
                      ptrdiff_t b_stride, const void *tensor_a, const void *tensor_b) {
  return dot<float>(autoscale_mul_tensors_f, site, acc, n, a, a_stride, b, b_stride, tensor_a, tensor_b);
}
double autoscale_dot_d(autoscale_site *site, double acc, size_t n, const double *a, ptrdiff_t a_stride, const double *b,
                       ptrdiff_t b_stride, const void *tensor_a, const void *tensor_b) {
  return dot<double>(autoscale_mul_tensors_d, site, acc, n, a, a_stride, b, b_stride, tensor_a, tensor_b);
}
void autoscale_axpy_f(autoscale_site *site, size_t n, float alpha, int alpha_slot, const float *x, ptrdiff_t x_stride,
                      float *y, ptrdiff_t y_stride, const void *tensor_alpha, const void *tensor_x) {
  axpy<float>(autoscale_mul_tensors_f, site, n, alpha, alpha_slot, x, x_stride, y, y_stride, tensor_alpha, tensor_x);
}
void autoscale_axpy_d(autoscale_site *site, size_t n, double alpha, int alpha_slot, const double *x,
                      ptrdiff_t x_stride, double *y, ptrdiff_t y_stride, const void *tensor_alpha,
                      const void *tensor_x) {
  axpy<double>(autoscale_mul_tensors_d, site, n, alpha, alpha_slot, x, x_stride, y, y_stride, tensor_alpha, tensor_x);
}

}  // extern "C"
