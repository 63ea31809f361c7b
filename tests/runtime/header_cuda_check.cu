// Build-time check: autoscale.h, scale_rules.h and types.h compile as CUDA device code.
#include "autoscale/autoscale.h"
#include "autoscale/scale_rules.h"
#include "autoscale/types.h"

__global__ void autoscale_header_cuda_check(autoscale_site *site, const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float q = autoscale_e4m3_to_float(autoscale_e4m3_from_float(in[i], 1)) +
            autoscale::half::from_float(in[i]).to_float() +
            static_cast<float>(autoscale_round_double(in[i], AUTOSCALE_E5M2, 0));
  out[i] = autoscale_mul_f(site, q, autoscale_scale_matmul(1.0f, 2.0f, n, 1));
}
