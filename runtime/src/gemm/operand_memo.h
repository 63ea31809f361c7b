// A thread's memory of the small operands it quantised last. A program that multiplies one weight
// matrix by many vectors between two updates (a matrix-vector product per sample) hands the GEMM
// the same bits call after call, and for a small product quantising the matrix again costs more
// than the product itself (Transformer Engine keeps a weight's FP8 copy across micro-batches for
// the same reason, on the user's word that it did not change). Here an entry holds a copy of the
// operand's values, and a later call reuses its amax, or its quantised values under the same job,
// only when the operand at the same address and layout compares equal to it bit for bit: the
// results are the bits a new pass would give, by construction. Internal to the runtime.
#ifndef AUTOSCALE_SRC_OPERAND_MEMO_H
#define AUTOSCALE_SRC_OPERAND_MEMO_H

#include <cstddef>
#include <cstdint>

#include "formats/quantize.h"

namespace autoscale::detail {

// Operands of at most this many elements are remembered: a comparison with the copy stays in the
// caches and costs a fraction of a quantising pass.
constexpr size_t kMemoElements = 16384;

// The amax (as bits) of the strided matrix x when this thread remembers it with these values.
bool remembered_amax(const float *x, size_t rows, size_t cols, ptrdiff_t rs, ptrdiff_t cs, uint32_t *amax_bits);

// quantize(job), from memory when this thread quantised the same values under the same job last.
// An operand remembered_amax found unchanged is not compared again until product_quantised.
QuantizeStats quantize_remembered(const QuantizeJob &job);

// Ends a product's quantisation: the values of its operands may change from now on.
void product_quantised();

}  // namespace autoscale::detail

#endif
