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

// Whether oneDNN multiplies bf16 operands faster than float32 ones on this CPU: with AMX (its
// tile kernels). Without AMX, oneDNN 2.6's avx512_bf16 kernels ran a 1024^3 product at 0.57x its
// float32 SGEMM on an Emerald Rapids core (autoscale_bench_matmul), and they flush subnormal
// products and sums (vdpbf16ps works with DAZ and FTZ), so fp8 operands go as exact float32 values.
bool dnnl_bf16_pays();

// Runs p on its cached primitive (dnnl_native(p) must be true): AUTOSCALE_OK, or
// AUTOSCALE_EBACKEND with oneDNN's error recorded for autoscale_last_error().
int dnnl_run(const Product &p, const char *fn);

}  // namespace autoscale::detail

#endif
