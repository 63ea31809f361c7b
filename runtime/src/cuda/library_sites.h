// Host sites whose work the runtime runs on the GPU (a rewritten cuBLAS call, cublas_sites.cu):
// their scaling state lives in device memory, one autoscale_device_site_state per site, and is
// rolled, read back and reported with the device sites (device_sites.cpp). Internal to
// libautoscale_cuda.
#ifndef AUTOSCALE_SRC_CUDA_LIBRARY_SITES_H
#define AUTOSCALE_SRC_CUDA_LIBRARY_SITES_H

#include "autoscale/device_sites.h"

namespace autoscale::detail {

struct LibrarySite {
  autoscale_device_site_state *state;  // NULL when CUDA could not allocate it (said on stderr)
  bool has_history;                    // a step has rolled since the site's first call
};

// The site's device state, allocated and registered on its first call. Thread-safe.
LibrarySite library_site(autoscale_site *site);

// Why an e4m3 site's product ran as bf16 values instead of on FP8 tensor cores, if it did.
enum class Fp8Refusal {
  None,        // it ran on them
  NoKernel,    // cuBLASLt has no FP8 kernel for the call's shape, layout or alignment
  OldGpu,      // the GPU is older than sm_89
  SwitchedOff  // AUTOSCALE_CUDA_FP8=0
};

// Counts one product of an e4m3 site, which library_site() registered. Thread-safe.
void count_product(const autoscale_site *site, Fp8Refusal refusal);

}  // namespace autoscale::detail

#endif
