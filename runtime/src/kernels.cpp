// CPU array kernels (kernels.h). Each loop is the scalar format.h conversion written so GCC
// vectorises it: the format, saturation and divide-or-multiply are template parameters, so the
// conversion inlines to branch-free integer code, and target_clones builds AVX-512 and AVX2
// versions chosen at load time.
#include "autoscale/kernels.h"

#include <cmath>
#include <cstdint>

#include "autoscale/format.h"
#include "scale_math.h"

#define AUTOSCALE_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))

namespace {

using autoscale::exact_inverse;
using autoscale::valid_scale;

// The amax runs on |x|'s bits: positive floats order like their bits, and every NaN's bits exceed
// inf's, so an unsigned max gives NaN when there is one, as the contract asks.
inline uint32_t abs_bits(float v) { return autoscale_float_bits_(v) & 0x7FFFFFFFu; }

template <int F, int Sat, bool Divide, class Code>
AUTOSCALE_VECTOR_CLONES void quantize_loop(const float *__restrict x, size_t n, float scale, float inv,
                                           Code *__restrict codes, uint32_t *amax_bits) {
  uint32_t m = 0;
  for (size_t i = 0; i < n; ++i) {
    float v = x[i];
    uint32_t a = abs_bits(v);
    m = a > m ? a : m;
    float data = Divide ? v / scale : v * inv;
    codes[i] = static_cast<Code>(autoscale_encode_(data, F, Sat));
  }
  *amax_bits = m;
}

template <bool Divide>
AUTOSCALE_VECTOR_CLONES void scale_loop(const float *__restrict x, size_t n, float scale, float inv,
                                        float *__restrict out, uint32_t *amax_bits) {
  uint32_t m = 0;
  for (size_t i = 0; i < n; ++i) {
    float v = x[i];
    uint32_t a = abs_bits(v);
    m = a > m ? a : m;
    out[i] = Divide ? v / scale : v * inv;
  }
  *amax_bits = m;
}

template <int F, int Sat, class Code>
void quantize_as(const float *x, size_t n, float scale, void *codes, uint32_t *amax_bits) {
  float inv = exact_inverse(scale);
  if (inv != 0.0f)
    quantize_loop<F, Sat, false>(x, n, scale, inv, static_cast<Code *>(codes), amax_bits);
  else
    quantize_loop<F, Sat, true>(x, n, scale, inv, static_cast<Code *>(codes), amax_bits);
}

template <int F, class Code>
void quantize_sat(const float *x, size_t n, int saturate, float scale, void *codes, uint32_t *amax_bits) {
  if (saturate)
    quantize_as<F, 1, Code>(x, n, scale, codes, amax_bits);
  else
    quantize_as<F, 0, Code>(x, n, scale, codes, amax_bits);
}

// Every 8-bit code decoded once: the loop becomes a table lookup (a gather where there is one).
struct Fp8Table {
  float value[256];
  explicit Fp8Table(int format) {
    for (int c = 0; c < 256; ++c) value[c] = autoscale_decode_(static_cast<uint32_t>(c), format);
  }
};

AUTOSCALE_VECTOR_CLONES void dequantize_fp8(const uint8_t *__restrict codes, size_t n, const float *__restrict table,
                                            float scale, float *__restrict y) {
  for (size_t i = 0; i < n; ++i) y[i] = table[codes[i]] * scale;
}

template <int F>
AUTOSCALE_VECTOR_CLONES void dequantize_16(const uint16_t *__restrict codes, size_t n, float scale,
                                           float *__restrict y) {
  for (size_t i = 0; i < n; ++i) y[i] = autoscale_decode_(codes[i], F) * scale;
}

AUTOSCALE_VECTOR_CLONES void amax_loop(const float *__restrict x, size_t n, uint32_t *amax_bits) {
  uint32_t m = 0;
  for (size_t i = 0; i < n; ++i) {
    uint32_t a = abs_bits(x[i]);
    m = a > m ? a : m;
  }
  *amax_bits = m;
}

}  // namespace

extern "C" {

size_t autoscale_code_bytes(int format) {
  switch (format) {
  case AUTOSCALE_E4M3:
  case AUTOSCALE_E5M2: return 1;
  case AUTOSCALE_FP16:
  case AUTOSCALE_BF16: return 2;
  case AUTOSCALE_FP32: return 4;
  default: return 0;
  }
}

int autoscale_quantize_array(const float *x, size_t n, int format, int saturate, float scale, void *codes,
                             float *amax) {
  if (!valid_scale(scale) || autoscale_code_bytes(format) == 0) return -1;
  uint32_t m = 0;
  switch (format) {
  case AUTOSCALE_E4M3: quantize_sat<AUTOSCALE_E4M3, uint8_t>(x, n, saturate, scale, codes, &m); break;
  case AUTOSCALE_E5M2: quantize_sat<AUTOSCALE_E5M2, uint8_t>(x, n, saturate, scale, codes, &m); break;
  case AUTOSCALE_FP16: quantize_sat<AUTOSCALE_FP16, uint16_t>(x, n, saturate, scale, codes, &m); break;
  case AUTOSCALE_BF16: quantize_sat<AUTOSCALE_BF16, uint16_t>(x, n, saturate, scale, codes, &m); break;
  default: {  // fp32: the data is value / scale itself
    float inv = exact_inverse(scale);
    if (inv != 0.0f)
      scale_loop<false>(x, n, scale, inv, static_cast<float *>(codes), &m);
    else
      scale_loop<true>(x, n, scale, inv, static_cast<float *>(codes), &m);
  }
  }
  if (amax) *amax = autoscale_bits_float_(m);
  return 0;
}

int autoscale_dequantize_array(const void *codes, size_t n, int format, float scale, float *y) {
  if (!valid_scale(scale) || autoscale_code_bytes(format) == 0) return -1;
  static const Fp8Table e4m3(AUTOSCALE_E4M3), e5m2(AUTOSCALE_E5M2);
  switch (format) {
  case AUTOSCALE_E4M3: dequantize_fp8(static_cast<const uint8_t *>(codes), n, e4m3.value, scale, y); break;
  case AUTOSCALE_E5M2: dequantize_fp8(static_cast<const uint8_t *>(codes), n, e5m2.value, scale, y); break;
  case AUTOSCALE_FP16: dequantize_16<AUTOSCALE_FP16>(static_cast<const uint16_t *>(codes), n, scale, y); break;
  case AUTOSCALE_BF16: dequantize_16<AUTOSCALE_BF16>(static_cast<const uint16_t *>(codes), n, scale, y); break;
  default: {
    const float *data = static_cast<const float *>(codes);
    for (size_t i = 0; i < n; ++i) y[i] = data[i] * scale;
  }
  }
  return 0;
}

float autoscale_amax_array(const float *x, size_t n) {
  uint32_t m = 0;
  amax_loop(x, n, &m);
  return autoscale_bits_float_(m);
}

}  // extern "C"
