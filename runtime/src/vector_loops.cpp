// Placeholder: the reference loops of autoscale_dot_* / autoscale_axpy_* (autoscale.h), exactly
// their loops of scalar calls, so that the rewriter's substitutions link and run; the runtime's
// fast kernels replace this file.
#include "autoscale/autoscale.h"

extern "C" {

float autoscale_dot_f(autoscale_site *site, float acc, size_t n, const float *a, ptrdiff_t a_stride,
                      const float *b, ptrdiff_t b_stride, const void *tensor_a, const void *tensor_b) {
  for (size_t i = 0; i < n; i++)
    acc += autoscale_mul_tensors_f(site, a[static_cast<ptrdiff_t>(i) * a_stride],
                                   b[static_cast<ptrdiff_t>(i) * b_stride], tensor_a, tensor_b);
  return acc;
}

double autoscale_dot_d(autoscale_site *site, double acc, size_t n, const double *a, ptrdiff_t a_stride,
                       const double *b, ptrdiff_t b_stride, const void *tensor_a, const void *tensor_b) {
  for (size_t i = 0; i < n; i++)
    acc += autoscale_mul_tensors_d(site, a[static_cast<ptrdiff_t>(i) * a_stride],
                                   b[static_cast<ptrdiff_t>(i) * b_stride], tensor_a, tensor_b);
  return acc;
}

void autoscale_axpy_f(autoscale_site *site, size_t n, float alpha, int alpha_slot, const float *x,
                      ptrdiff_t x_stride, float *y, ptrdiff_t y_stride, const void *tensor_alpha,
                      const void *tensor_x) {
  for (size_t i = 0; i < n; i++) {
    ptrdiff_t k = static_cast<ptrdiff_t>(i);
    y[k * y_stride] += alpha_slot == 0
                           ? autoscale_mul_tensors_f(site, alpha, x[k * x_stride], tensor_alpha, tensor_x)
                           : autoscale_mul_tensors_f(site, x[k * x_stride], alpha, tensor_x, tensor_alpha);
  }
}

void autoscale_axpy_d(autoscale_site *site, size_t n, double alpha, int alpha_slot, const double *x,
                      ptrdiff_t x_stride, double *y, ptrdiff_t y_stride, const void *tensor_alpha,
                      const void *tensor_x) {
  for (size_t i = 0; i < n; i++) {
    ptrdiff_t k = static_cast<ptrdiff_t>(i);
    y[k * y_stride] += alpha_slot == 0
                           ? autoscale_mul_tensors_d(site, alpha, x[k * x_stride], tensor_alpha, tensor_x)
                           : autoscale_mul_tensors_d(site, x[k * x_stride], alpha, tensor_x, tensor_alpha);
  }
}

} // extern "C"
