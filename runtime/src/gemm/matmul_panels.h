// Scaled products in row panels (matmul_panels.cpp), for products whose C outgrows the caches.
// Internal to the runtime.
#ifndef AUTOSCALE_SRC_MATMUL_PANELS_H
#define AUTOSCALE_SRC_MATMUL_PANELS_H

#include <cstddef>
#include <cstdint>

#include "autoscale/matmul.h"
#include "formats/quantize.h"
#include "gemm/matmul_kernels.h"

namespace autoscale::detail {

// Rows per panel when p (its shape, layouts, type and post-op) runs in row panels, else 0.
size_t panel_rows(const Product &p);

// What a product in panels measured: A's quantising statistics and C's amax (bits).
struct PanelTotals {
  QuantizeStats a;
  uint32_t c_amax = 0;
};

// p in panels of `rows` rows (panel_rows(p)): p.b quantised already, p.a.data the buffer that A
// (quantised to bf16 values, its scale's exponent `a_exponent` folded) is written into, panel by
// panel; C's amax taken when want_amax. AUTOSCALE_OK, or an error recorded for autoscale_last_error.
int panel_product(const Product &p, size_t rows, const autoscale_gemm_operand &a, int a_exponent, bool want_amax,
                  const char *fn, PanelTotals *totals);

}  // namespace autoscale::detail

#endif
