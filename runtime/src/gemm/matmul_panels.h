// Scaled products in row panels (matmul_panels.cpp), for products whose C outgrows a core's cache.
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

// What a product in panels measured: both operands' quantising statistics and C's amax (bits).
struct PanelTotals {
  QuantizeStats a, b;
  uint32_t c_amax = 0;
};

// A float operand and the exponent of its scale folded into its bf16 values.
struct FoldedOperand {
  const autoscale_gemm_operand &op;
  int exponent;
};

// p in panels of `rows` rows (panel_rows(p)): A quantised into p.a.data panel by panel, B into the
// kernel's own layout (through p.b.data where oneDNN packs it); C's amax taken when want_amax. D is what p's post-op says (C's old values, or p.bias): nothing else is added.
// AUTOSCALE_OK, or an error recorded for autoscale_last_error.
int panel_product(const Product &p, size_t rows, FoldedOperand a, FoldedOperand b, bool want_amax, const char *fn,
                  PanelTotals *totals);

}  // namespace autoscale::detail

#endif
