// The GPU's own conversions (cuda_fp8.h, cuda_fp16.h, cuda_bf16.h in device code: the cvt
// instructions on sm_89 and later) against format.h's integer code run on the same GPU, for every
// float32 and every code. format_cuda_test.cpp runs it; format_test compares format.h with the
// toolkit's host-side conversions.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cstdint>

#include "autoscale/format.h"
#include "format_cuda_oracle.h"

namespace {

struct Found {
  unsigned long long mismatches[kConversionCount];
  uint32_t first[kConversionCount];  // the input of one mismatch (any: threads race to write it)
};

__device__ void record(Found *found, int conversion, uint32_t input) {
  if (atomicAdd(&found->mismatches[conversion], 1ull) == 0) found->first[conversion] = input;
}

__global__ void encode_every_float(uint64_t first, Found *found) {
  const uint64_t i = first + blockIdx.x * uint64_t(blockDim.x) + threadIdx.x;
  if (i > 0xFFFFFFFFull) return;
  const uint32_t u = uint32_t(i);
  const float x = __uint_as_float(u);
  const uint32_t device[] = {__nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E4M3), __nv_cvt_float_to_fp8(x, __NV_NOSAT, __NV_E4M3),
                             __nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E5M2), __nv_cvt_float_to_fp8(x, __NV_NOSAT, __NV_E5M2),
                             __half_as_ushort(__float2half_rn(x)), __bfloat16_as_ushort(__float2bfloat16_rn(x))};
  const uint32_t ours[] = {autoscale_e4m3_from_float(x, 1), autoscale_e4m3_from_float(x, 0),
                           autoscale_e5m2_from_float(x, 1), autoscale_e5m2_from_float(x, 0),
                           autoscale_fp16_from_float(x, 0), autoscale_bf16_from_float(x, 0)};
  for (int c = kEncodeFirst; c < kDecodeFp8; ++c)
    if (device[c] != ours[c]) record(found, c, u);
}

__global__ void decode_every_code(Found *found) {
  const uint32_t code = blockIdx.x * blockDim.x + threadIdx.x;
  if (code > 0xFFFFu) return;
  if (code < 256u) {
    const auto fp8 = static_cast<__nv_fp8_storage_t>(code);
    if (__float_as_uint(__half2float(__half(__nv_cvt_fp8_to_halfraw(fp8, __NV_E4M3)))) !=
        __float_as_uint(autoscale_e4m3_to_float(uint8_t(code))))
      record(found, kDecodeFp8, code);
    if (__float_as_uint(__half2float(__half(__nv_cvt_fp8_to_halfraw(fp8, __NV_E5M2)))) !=
        __float_as_uint(autoscale_e5m2_to_float(uint8_t(code))))
      record(found, kDecodeFp8, code | 0x100u);
  }
  if (__float_as_uint(__half2float(__ushort_as_half(uint16_t(code)))) != __float_as_uint(autoscale_fp16_to_float(uint16_t(code))))
    record(found, kDecode16, code);
  if (__float_as_uint(__bfloat162float(__ushort_as_bfloat16(uint16_t(code)))) !=
      __float_as_uint(autoscale_bf16_to_float(uint16_t(code))))
    record(found, kDecode16, code | 0x10000u);
}

}  // namespace

const char *compare_conversions_on_gpu(ConversionReport *report) {
  Found *found = nullptr;
  if (cudaMalloc(&found, sizeof(Found)) != cudaSuccess || cudaMemset(found, 0, sizeof(Found)) != cudaSuccess)
    return cudaGetErrorString(cudaGetLastError());
  constexpr uint64_t kPerLaunch = uint64_t(1) << 30;
  for (uint64_t first = 0; first <= 0xFFFFFFFFull; first += kPerLaunch)
    encode_every_float<<<unsigned(kPerLaunch / 256), 256>>>(first, found);
  decode_every_code<<<256, 256>>>(found);
  Found host;
  cudaError_t e = cudaMemcpy(&host, found, sizeof host, cudaMemcpyDeviceToHost);
  cudaFree(found);
  if (e != cudaSuccess) return cudaGetErrorString(e);
  for (int c = 0; c < kConversionCount; ++c) {
    report->mismatches[c] = host.mismatches[c];
    report->first[c] = host.first[c];
  }
  return nullptr;
}
