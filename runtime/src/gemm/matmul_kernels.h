// The pieces the CPU matrix products (matmul.cpp) are built from: the product as a backend sees it,
// decoding codes, the portable float32 product, the epilogue that adds D and takes C's amax, and
// per-thread scratch. oneDNN's side is matmul_dnnl.h. Internal to the runtime.
#ifndef AUTOSCALE_SRC_MATMUL_KERNELS_H
#define AUTOSCALE_SRC_MATMUL_KERNELS_H

#include <cstddef>
#include <cstdint>

#include "autoscale/matmul.h"
#include "formats/quantize.h"

namespace autoscale::detail {

// The element type operands reach a backend in.
enum class Elem { F32, Bf16 };

// A dense operand: element (i, p) of the rows x cols matrix at data[i * ld + p], or, when trans, at
// data[p * ld + i] (its transpose stored row-major).
struct DenseOperand {
  const void *data;
  size_t ld;
  bool trans;
};

// What a backend adds to alpha * A B inside its kernel.
enum class PostOp {
  None,
  Accumulate,  // C += alpha * A B (C's old values are D)
  BiasRow      // + bias[j], bias a dense row of n
};

// C (m x n, row-major, leading dimension ldc) = alpha * A B + post-op, accumulated in float32.
struct Product {
  size_t m, n, k;
  Elem type;
  DenseOperand a, b;
  float alpha;
  PostOp post;
  const float *bias;
  float *c;
  size_t ldc;
};

// The job quantising operand op (rows x cols) densely into out as a backend reads it: row-major,
// or its transpose when trans; values emitted as type, times 2^e (a folded scale).
QuantizeJob operand_job(const autoscale_gemm_operand &op, int e, size_t rows, size_t cols, bool trans, Elem type,
                        void *out);

// A block of 32 rows x 64 columns of bf16 values as oneDNN's bf16 kernels read B (BA16a64b2a): rows
// 2i and 2i + 1 of column j side by side in block[i * 64 + j]. From rows of the block (row r at
// rows + r * ld), or from its columns (column j's 32 rows at columns + j * ld).
void pair_rows(const uint16_t *rows, size_t ld, uint32_t *block);
void pair_columns(const uint16_t *columns, size_t ld, uint32_t *block);

// A per-thread buffer of at least bytes, 64-byte aligned, that only grows: products of recurring
// shapes allocate nothing. Slots keep the buffers one call needs at once apart. Throws
// std::bad_alloc.
enum ScratchSlot { kScratchA, kScratchB, kScratchC, kScratchPad, kScratchPacked, kScratchBlocks, kScratchSlots };
void *scratch(ScratchSlot slot, size_t bytes);

// Codes of format (rows x cols, row stride ld elements) decoded exactly into a dense row-major
// buffer of type: float32 for any format, bf16 for e4m3, e5m2 and bf16.
void decode(int format, const void *codes, size_t rows, size_t cols, size_t ld, Elem type, void *out);

// c (m x n, leading dimension ldc) = a (m x k, dense) x b (k x n, dense), float32, blocked; on the
// OpenMP threads when large.
void portable_gemm(size_t m, size_t n, size_t k, const float *a, const float *b, float *c, size_t ldc);

// C(i, j) = alpha * T(i, j) + D(i, j) over m x n, and the amax of the result (as bits; 0 unless
// want_amax). T is dense (leading dimension ldt) or NULL for zeros, and may be C itself (then
// c_cs == 1 and ldt == c_rs); D is NULL or strided (a zero stride broadcasts), and may be C itself
// with C's strides; C is strided. Each element is read before it is written.
uint32_t epilogue(size_t m, size_t n, float alpha, const float *t, size_t ldt, const float *d, ptrdiff_t d_rs,
                  ptrdiff_t d_cs, float *c, ptrdiff_t c_rs, ptrdiff_t c_cs, bool want_amax);

}  // namespace autoscale::detail

#endif
