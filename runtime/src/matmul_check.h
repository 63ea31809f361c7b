// What the CPU (matmul.cpp) and CUDA (cuda/matmul.cu) matrix products share: argument checks and
// the per-thread message behind autoscale_matmul_last_error(). Internal to the runtime.
#ifndef AUTOSCALE_SRC_MATMUL_CHECK_H
#define AUTOSCALE_SRC_MATMUL_CHECK_H

#include <cstddef>

namespace autoscale_detail {

// Records the message (printf-style) for autoscale_matmul_last_error() and returns status.
int matmul_fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// Checks shape, formats, pointers and leading dimensions of C = A x B (A m x k, B k x n, C m x n,
// all row-major); fn names the caller in the message. Returns AUTOSCALE_MATMUL_OK or EINVAL.
int matmul_check(const char *fn, size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
                 int b_format, const void *b, size_t ldb, const float *c, size_t ldc);

}  // namespace autoscale_detail

#endif
