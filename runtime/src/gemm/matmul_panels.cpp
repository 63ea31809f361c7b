// Scaled products in row panels (matmul_panels.h). One oneDNN call writes all of C to memory and
// the amax reads it back; in panels, each thread quantises its rows of A, multiplies them by B
// (quantised and packed once for all panels) and takes the amax of its rows of C while they are
// still in its cache. Every panel runs a kernel planned for one thread (dnnl_panels_native), so C's
// bits do not depend on the number of threads. Where the kernel reads B as BA16a64b2a, B is
// quantised straight into that layout, without the bf16 copy oneDNN's packing would read again.
// docs/PERFORMANCE.md (GEMM kernels) has what each of these saves.
#include "gemm/matmul_panels.h"

#include <algorithm>
#include <new>
#include <string>

#include "check.h"
#include "gemm/matmul_dnnl.h"
#include "kernels/parallel.h"

namespace autoscale::detail {

namespace {

// The product a panel's kernel runs: p, but a bias row is added by the panel's own pass over its
// rows, with their amax, while they are in its cache; the kernel's binary post-op slowed the
// product by more than that pass costs. The sum is the post-op's, one float addition.
Product kernel_of(const Product &p) {
  Product kernel = p;
  if (p.post == PostOp::BiasRow) kernel.post = PostOp::None;
  return kernel;
}

}  // namespace

size_t panel_rows(const Product &product) {
  const Product p = kernel_of(product);
  // Panels from this size of C on, of about kPanelBytes of C each (both measured: docs/PERFORMANCE.md),
  // as many for each thread (a last short panel would leave the others waiting), in multiples of
  // kRowMultiple rows (the kernels' row blocks). Only where A has at least as many rows as B: every
  // panel reads all of B, where one call splits B's columns among the threads.
  constexpr size_t kPanelsFrom = size_t(2) << 20, kPanelBytes = size_t(2) << 20, kRowMultiple = 16;
  if (p.type != Elem::Bf16 || p.a.trans || p.alpha != 1.0f || p.m * p.n * sizeof(float) < kPanelsFrom || p.m < p.k)
    return 0;
  const size_t each = size_t(loop_threads());
  const size_t target = std::max<size_t>(1, kPanelBytes / (p.n * sizeof(float)));
  const size_t panels = ((p.m + target - 1) / target + each - 1) / each * each;
  const size_t rows = ((p.m + panels - 1) / panels + kRowMultiple - 1) / kRowMultiple * kRowMultiple;
  if (panels < 2 || rows >= p.m) return 0;
  return dnnl_panels_native(p, rows) ? rows : 0;
}

namespace {

// B (k x n) quantised to bf16 values into BA16a64b2a: blocks of 32 rows x 64 columns, block (kb,
// nb) at (nb * k_blocks + kb) * 2048 elements, and in a block rows 2i and 2i + 1 of column j side by
// side at (i * 64 + j) * 2 (the pairs a bf16 dot-product instruction multiplies). The rows and
// columns padding the last blocks are zeros. B is quantised an item at a time, read as it is
// stored: a block row (32 rows of B) where its rows are contiguous, a block column (64 rows of B's
// transpose) where it is stored transposed (along_columns), into the item's part of a buffer of B
// padded to whole blocks (allocated before the threads' region, where an exception would end the
// process); then the item's blocks are filled from it, a pair of rows at a time.
QuantizeStats quantize_row_pairs(FoldedOperand b, size_t k, size_t n, bool along_columns, uint16_t *packed) {
  constexpr size_t kBlockRows = 32, kBlockCols = 64, kBlock = kBlockRows * kBlockCols;
  const size_t k_blocks = (k + kBlockRows - 1) / kBlockRows, n_blocks = (n + kBlockCols - 1) / kBlockCols;
  uint16_t *buffer = static_cast<uint16_t *>(scratch(kScratchBlocks, k_blocks * n_blocks * kBlock * sizeof(uint16_t)));
  const autoscale_gemm_operand &op = b.op;
  const auto quantized = [&](size_t r0, size_t rows, size_t c0, size_t cols, bool transposed, uint16_t *out,
                             size_t ld) {
    const float *x = op.x + ptrdiff_t(r0) * op.rs + ptrdiff_t(c0) * op.cs;
    return transposed ? quantize({x, cols, rows, op.cs, op.rs, op.format, op.saturate, op.scale, Emit::Bf16, out, ld,
                                  b.exponent})
                      : quantize({x, rows, cols, op.rs, op.cs, op.format, op.saturate, op.scale, Emit::Bf16, out, ld,
                                  b.exponent});
  };
  const auto block_at = [&](size_t kb, size_t nb) {
    return reinterpret_cast<uint32_t *>(packed + (nb * k_blocks + kb) * kBlock);
  };
  if (!along_columns)
    return reduce_items(long(k_blocks), true, QuantizeStats{}, merged, [&](long item) {
      const size_t kb = size_t(item), r0 = kb * kBlockRows, ld = n_blocks * kBlockCols;
      uint16_t *rows = buffer + kb * kBlockRows * ld;
      std::fill(rows, rows + kBlockRows * ld, uint16_t(0));  // padding rows and columns: zeros
      const QuantizeStats stats = quantized(r0, std::min(kBlockRows, k - r0), 0, n, false, rows, ld);
      for (size_t nb = 0; nb < n_blocks; ++nb) pair_rows(rows + nb * kBlockCols, ld, block_at(kb, nb));
      return stats;
    });
  return reduce_items(long(n_blocks), true, QuantizeStats{}, merged, [&](long item) {
    const size_t nb = size_t(item), c0 = nb * kBlockCols, ld = k_blocks * kBlockRows;
    uint16_t *columns = buffer + nb * kBlockCols * ld;  // column j of the block is row j here
    std::fill(columns, columns + kBlockCols * ld, uint16_t(0));
    const QuantizeStats stats = quantized(0, k, c0, std::min(kBlockCols, n - c0), true, columns, ld);
    for (size_t kb = 0; kb < k_blocks; ++kb) pair_columns(columns + kb * kBlockRows, ld, block_at(kb, nb));
    return stats;
  });
}

// One or more panels' totals; the first failure's status and message, which a worker thread's
// autoscale_last_error would keep to itself.
struct Partial {
  PanelTotals totals;
  int status = AUTOSCALE_OK;
  std::string error;
};

Partial combined(Partial x, const Partial &y) {
  x.totals.a = merged(x.totals.a, y.totals.a);
  x.totals.c_amax = std::max(x.totals.c_amax, y.totals.c_amax);
  if (x.status == AUTOSCALE_OK && y.status != AUTOSCALE_OK) {
    x.status = y.status;
    x.error = y.error;
  }
  return x;
}

}  // namespace

int panel_product(const Product &product, size_t rows, FoldedOperand a, FoldedOperand b, bool want_amax,
                  const char *fn, PanelTotals *totals) {
  const Product p = kernel_of(product);
  const float *bias = product.post == PostOp::BiasRow ? product.bias : nullptr;
  void *packed = scratch(kScratchPacked, dnnl_packed_bytes(p, rows));
  QuantizeStats b_stats;
  if (dnnl_packs_row_pairs(p, rows)) {
    b_stats = quantize_row_pairs(b, p.k, p.n, p.b.trans, static_cast<uint16_t *>(packed));
  } else {
    b_stats = quantize(operand_job(b.op, b.exponent, p.k, p.n, p.b.trans, Elem::Bf16, const_cast<void *>(p.b.data)));
    const int status = dnnl_pack(p, rows, packed, fn);
    if (status != AUTOSCALE_OK) return status;
  }
  const long panels = long((p.m + rows - 1) / rows);
  const Partial all = reduce_items(panels, true, Partial{}, combined, [&](long i) {
    const size_t r0 = size_t(i) * rows, n_rows = std::min(rows, p.m - r0);
    Partial mine;
    try {
      uint16_t *qa = static_cast<uint16_t *>(const_cast<void *>(p.a.data)) + r0 * p.a.ld;
      autoscale_gemm_operand rows_of_a = a.op;
      rows_of_a.x += ptrdiff_t(r0) * a.op.rs;
      mine.totals.a = quantize(operand_job(rows_of_a, a.exponent, n_rows, p.k, false, Elem::Bf16, qa));
      mine.status = dnnl_run_panel(p, rows, r0, packed, fn);
    } catch (const std::bad_alloc &) {
      mine.status = fail(AUTOSCALE_ENOMEM, "%s: out of memory for a panel of %zu x %zu x %zu", fn, p.m, p.n, p.k);
    }
    if (mine.status != AUTOSCALE_OK) {
      mine.error = autoscale_last_error();
      return mine;
    }
    float *c = p.c + r0 * p.ldc;
    mine.totals.c_amax = epilogue(n_rows, p.n, 1.0f, c, p.ldc, bias, 0, 1, c, ptrdiff_t(p.ldc), 1, want_amax);
    return mine;
  });
  if (all.status != AUTOSCALE_OK) return fail(all.status, "%s", all.error.c_str());
  *totals = all.totals;
  totals->b = b_stats;
  return AUTOSCALE_OK;
}

}  // namespace autoscale::detail
