// The CPU matrix products on oneDNN (matmul_dnnl.cpp); without oneDNN the same calls say so.
// Internal to the runtime.
#ifndef AUTOSCALE_SRC_MATMUL_DNNL_H
#define AUTOSCALE_SRC_MATMUL_DNNL_H

#include <string>

#include "gemm/matmul_kernels.h"

namespace autoscale::detail {

// Whether oneDNN has a native (not reference) kernel for p's shape, layouts, type and post-op;
// builds and caches its primitive on first ask. Only p's shape fields are read (not its pointers
// or alpha). When not, *why (if not NULL) says why.
bool dnnl_native(const Product &p, std::string *why);

// Whether oneDNN multiplies bf16 operands faster than float32 ones on this CPU, by what it has:
// AMX (tile kernels); avx512_bf16 on AMD's cores, which run it at twice float32's rate (Intel's
// without AMX do not); never without either (oneDNN would emulate). AUTOSCALE_CPU_BF16=0/1
// chooses instead. The bf16 kernels flush subnormal products and sums (vdpbf16ps works with DAZ
// and FTZ): folded_exponents (matmul.cpp) keeps fp8 operands' products normal.
bool dnnl_bf16_pays();

// Runs p on its cached primitive (dnnl_native(p) must be true): AUTOSCALE_OK, or
// AUTOSCALE_EBACKEND with oneDNN's error recorded for autoscale_last_error().
int dnnl_run(const Product &p, const char *fn);

// A product in row panels (matmul.cpp): B packed once into the layout oneDNN's kernel reads, then
// each panel of `rows` rows of A and C (fewer in the last) multiplied on one thread by a kernel
// planned for one thread, a row's sums in the same order whatever the panel or thread. A not
// transposed. Whether p runs so natively; builds and caches the panels' plans on first ask.
bool dnnl_panels_native(const Product &p, size_t rows);
// The bytes p.b takes packed.
size_t dnnl_packed_bytes(const Product &p, size_t rows);
// Whether the panels read B packed as BA16a64b2a (matmul_panels.cpp writes that layout itself).
bool dnnl_packs_row_pairs(const Product &p, size_t rows);
// Packs p.b into packed, on the caller's threads.
int dnnl_pack(const Product &p, size_t rows, void *packed, const char *fn);
// The panel of p from row r0, on this thread, B read from packed.
int dnnl_run_panel(const Product &p, size_t rows, size_t r0, const void *packed, const char *fn);

}  // namespace autoscale::detail

#endif
