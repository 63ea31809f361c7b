// What the CPU (matmul.cpp) and CUDA (cuda/matmul.cu) products on codes share: their argument
// checks. Internal to the runtime.
#ifndef AUTOSCALE_SRC_MATMUL_CHECK_H
#define AUTOSCALE_SRC_MATMUL_CHECK_H

#include <cstddef>

namespace autoscale::detail {

// Checks shape, formats, pointers and leading dimensions of C = A x B on codes (A m x k, B k x n,
// C m x n, all row-major); fn names the caller in the message. Returns AUTOSCALE_OK or
// AUTOSCALE_EINVAL (recorded for autoscale_last_error()).
int matmul_check(const char *fn, size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
                 int b_format, const void *b, size_t ldb, const float *c, size_t ldc);

}  // namespace autoscale::detail

#endif
