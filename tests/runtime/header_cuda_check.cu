// Build-time check: autoscale.h, scale_rules.h and types.h compile as CUDA device code (the calls
// round with the site's static scale there) and host code (the generic C++ calls included).
#include "autoscale/autoscale.h"
#include "autoscale/scale_rules.h"
#include "autoscale/types.h"

__global__ void autoscale_header_cuda_check(autoscale_site *site, const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float q = autoscale_e4m3_to_float(autoscale_e4m3_from_float(in[i], 1)) +
            autoscale::half::from_float(in[i]).to_float() +
            static_cast<float>(autoscale_round_double(in[i], AUTOSCALE_E5M2, 0));
  float r = autoscale_mul_tensors_f(site, q, autoscale_scale_matmul(1.0f, 2.0f, n, 1), in, nullptr);
  autoscale_add_assign_fd(site, &r, 0.5);
  autoscale_postinc_f(site, &r);
  out[i] = autoscale_result_f(site, autoscale_operand_f(site, 0, r)) + ::__autoscale::mul(site, r, 2.0f);
}

float autoscale_header_cuda_host_check(autoscale_site *site, float x) { return ::__autoscale::add(site, x, 1.0); }
