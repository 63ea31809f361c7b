/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 8
#error "rewritten for autoscale ABI 8"
#endif
#ifndef AUTOSCALE_SITES_C1C803DF6FEED87D
#define AUTOSCALE_SITES_C1C803DF6FEED87D
#ifdef __CUDACC__
static __device__ autoscale_device_site_state autoscale_sites_c1c803df6feed87d_device_state[5];
static __device__ autoscale_device_site_state *const autoscale_sites_c1c803df6feed87d_device_cells[] = {&autoscale_sites_c1c803df6feed87d_device_state[0], &autoscale_sites_c1c803df6feed87d_device_state[1], &autoscale_sites_c1c803df6feed87d_device_state[2], &autoscale_sites_c1c803df6feed87d_device_state[3], &autoscale_sites_c1c803df6feed87d_device_state[4]};
static __device__ const autoscale_site autoscale_sites_c1c803df6feed87d_device[] = {
  AUTOSCALE_DEVICE_SITE(&autoscale_sites_c1c803df6feed87d_device_cells[0], "input.cu", 8, 17, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:infer", 0),
  AUTOSCALE_DEVICE_SITE(&autoscale_sites_c1c803df6feed87d_device_cells[1], "input.cu", 8, 28, AUTOSCALE_OP_NEG, "neg", "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 1, -1, -1, -1, "class:infer", 0),
  AUTOSCALE_DEVICE_SITE(&autoscale_sites_c1c803df6feed87d_device_cells[2], "input.cu", 14, 36, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 2, -1, -1, -1, "class:infer", 0),
  AUTOSCALE_DEVICE_SITE(&autoscale_sites_c1c803df6feed87d_device_cells[3], "input.cu", 17, 53, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 3, -1, -1, -1, "class:infer", 0),
  AUTOSCALE_DEVICE_SITE(&autoscale_sites_c1c803df6feed87d_device_cells[4], "input.cu", 22, 15, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 4, -1, -1, -1, "class:infer", 0),
};
#endif
#ifdef __CUDA_ARCH__
#define autoscale_sites_c1c803df6feed87d_here AUTOSCALE_SITE_TABLE(autoscale_sites_c1c803df6feed87d_device)
#else
static struct autoscale_site_state *autoscale_sites_c1c803df6feed87d_cells[5];
static const autoscale_site autoscale_sites_c1c803df6feed87d_records[] = {
  AUTOSCALE_SITE(&autoscale_sites_c1c803df6feed87d_cells[0], "input.cu", 8, 17, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE(&autoscale_sites_c1c803df6feed87d_cells[1], "input.cu", 8, 28, AUTOSCALE_OP_NEG, "neg", "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 1, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE(&autoscale_sites_c1c803df6feed87d_cells[2], "input.cu", 14, 36, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 2, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE(&autoscale_sites_c1c803df6feed87d_cells[3], "input.cu", 17, 53, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 3, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE(&autoscale_sites_c1c803df6feed87d_cells[4], "input.cu", 22, 15, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 4, -1, -1, -1, "class:infer"),
};
#define autoscale_sites_c1c803df6feed87d AUTOSCALE_SITE_TABLE(autoscale_sites_c1c803df6feed87d_records)
__attribute__((unused)) static const int autoscale_sites_c1c803df6feed87d_registered = autoscale_cuda_register_sites(autoscale_sites_c1c803df6feed87d, 5, &autoscale_sites_c1c803df6feed87d_device_state);
#define autoscale_sites_c1c803df6feed87d_here autoscale_sites_c1c803df6feed87d
#endif
#endif
#line 1
// CUDA: host and device code are rewritten; device code reads a __device__ copy of the sites.
// __ldcs/__stcs (nvcc's cache-hint intrinsics) and CCCL headers parse as nvcc sees them.
#include <cuda/std/cmath>

__global__ void scale(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = autoscale_mul_f(&autoscale_sites_c1c803df6feed87d_here[0], x[i], a) + expf(autoscale_neg_f(&autoscale_sites_c1c803df6feed87d_here[1], x[i]));
}

__global__ void streamed(float *out, const float *in, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    __stcs(out + i, autoscale_mul_f(&autoscale_sites_c1c803df6feed87d_here[2], __ldcs(in + i), s));
}

__host__ __device__ float twice(float v) { return autoscale_mul_f(&autoscale_sites_c1c803df6feed87d_here[3], v, 2.0f); }

float host_sum(const float *x, int n) {
  float s = 0.0f;
  { const size_t autoscale_n_ = n > 0 ? AUTOSCALE_CAST(size_t, n) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN) { static const autoscale_loop_op autoscale_ops_[] = {{AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_LOAD, 1, 1, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_PARAM, 2, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 3, 1, 2, 0, -1, -1, -1}, {AUTOSCALE_LOOP_ADD, 4, 0, 3, -1, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 0, 4, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {&s, &x[0]}; const ptrdiff_t autoscale_strides_[] = {0, 1}; const float autoscale_params_[] = {static_cast<float>(0.5f)}; autoscale_site *const autoscale_sites_[] = {&autoscale_sites_c1c803df6feed87d_here[4]}; autoscale_loop_f(autoscale_ops_, 6, 5, autoscale_n_, autoscale_arrays_, autoscale_strides_, 2, autoscale_params_, autoscale_sites_, AUTOSCALE_NULL, AUTOSCALE_NULL); } else for (int i = 0; i < n; ++i)
    s += autoscale_mul_f(&autoscale_sites_c1c803df6feed87d_here[4], x[i], 0.5f); }
  return twice(s);
}

void launch(float *y, const float *x, int n) { scale<<<(n + 255) / 256, 256>>>(y, x, 2.0f, n); }
