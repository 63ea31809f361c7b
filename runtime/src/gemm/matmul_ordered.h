// The product a GEMM site at fp32 runs: the loop nest it replaces, bit for bit. Internal to the
// runtime.
#ifndef AUTOSCALE_SRC_MATMUL_ORDERED_H
#define AUTOSCALE_SRC_MATMUL_ORDERED_H

#include <cstddef>
#include <cstdint>

namespace autoscale::detail {

// C(i, j) = ((D(i, j) + A(i, 0) B(0, j)) + A(i, 1) B(1, j)) + ... + A(i, k-1) B(k-1, j): each
// product and each sum rounded to float32 in that order, no fused multiply-add. That is what a loop
// nest `c = d; for (p = 0; p < k; p++) c += a * b` computes for every element, whatever order its
// loops visit the elements in, so a site that rounds nothing gives the original program's bits.
// Element (i, p) of A is a[i * a_rs + p * a_cs], and likewise for B, C and D (any strides); D is
// NULL (the sums start from +0, as `c = 0.0f` does), C itself (C += A.B), or does not overlap C.
// C may not overlap A or B. On the OpenMP threads when large. Returns max |C(i, j)| as bits (a NaN
// wins: its bits exceed inf's). A product factor other than 1 scales each product before it is
// summed, rounded after the product and after the factor: `c += a * b * s` (attention's gradients
// of its scaled scores).
uint32_t ordered_gemm(size_t m, size_t n, size_t k, const float *a, ptrdiff_t a_rs, ptrdiff_t a_cs, const float *b,
                      ptrdiff_t b_rs, ptrdiff_t b_cs, const float *d, ptrdiff_t d_rs, ptrdiff_t d_cs, float *c,
                      ptrdiff_t c_rs, ptrdiff_t c_cs, float product_factor = 1.0f);

}  // namespace autoscale::detail

#endif
