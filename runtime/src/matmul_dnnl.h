// The CPU matrix products on oneDNN (matmul_dnnl.cpp); without oneDNN the same calls say so.
// Internal to the runtime.
#ifndef AUTOSCALE_SRC_MATMUL_DNNL_H
#define AUTOSCALE_SRC_MATMUL_DNNL_H

#include <string>

#include "matmul_kernels.h"

namespace autoscale::detail {

// Whether oneDNN has a native (not reference) kernel for p's shape, layouts, type and post-op;
// builds and caches its primitive on first ask. Only p's shape fields are read (not its pointers
// or alpha). When not, *why (if not NULL) says why.
bool dnnl_native(const Product &p, std::string *why);

// Runs p on its cached primitive (dnnl_native(p) must be true): AUTOSCALE_OK, or
// AUTOSCALE_EBACKEND with oneDNN's error recorded for autoscale_last_error().
int dnnl_run(const Product &p, const char *fn);

}  // namespace autoscale::detail

#endif
