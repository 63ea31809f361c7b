// CPU array kernels (kernels.h): argument checks and the C ABI around the quantisation engine
// (quantize.cpp), and the dequantisation loops. Each dequantisation loop is format.h's decoder
// written so GCC vectorises it, with AVX-512 and AVX2 clones picked at load time.
#include "autoscale/kernels.h"

#include <cmath>
#include <cstdint>

#include "autoscale/format.h"
#include "check.h"
#include "formats/format_traits.h"
#include "formats/quantize.h"
#include "scaling/scale_math.h"

#define AUTOSCALE_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))

namespace autoscale::detail {

int check_format_and_scale(const char *fn, int format, float scale) {
  if (autoscale_code_bytes(format) == 0)
    return fail(AUTOSCALE_EINVAL, "%s: format is %d, not one of 0 (fp32) .. %d (bf16)", fn, format,
                AUTOSCALE_FORMAT_COUNT - 1);
  if (!autoscale::valid_scale(scale))
    return fail(AUTOSCALE_EINVAL, "%s: scale must be finite and > 0, got %g", fn, double(scale));
  return AUTOSCALE_OK;
}

}  // namespace autoscale::detail

namespace {

using autoscale::detail::check_format_and_scale;
using autoscale::detail::fail;

int check_pointer(const char *fn, const char *name, const void *p, size_t elements) {
  if (!p && elements)
    return fail(AUTOSCALE_EINVAL, "%s: %s is NULL but has %zu elements", fn, name, elements);
  return AUTOSCALE_OK;
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
  for (size_t i = 0; i < n; ++i) y[i] = autoscale_dequantized_(table[codes[i]], scale);
}

template <int F>
AUTOSCALE_VECTOR_CLONES void dequantize_16(const uint16_t *__restrict codes, size_t n, float scale,
                                           float *__restrict y) {
  for (size_t i = 0; i < n; ++i) y[i] = autoscale_dequantized_(autoscale_decode_(codes[i], F), scale);
}

}  // namespace

extern "C" {

size_t autoscale_code_bytes(int format) {
  return format >= 0 && format < AUTOSCALE_FORMAT_COUNT ? autoscale::detail::code_bytes(format) : 0;
}

int autoscale_quantize_matrix(const float *x, size_t rows, size_t cols, ptrdiff_t rs, ptrdiff_t cs, int format,
                              int saturate, float scale, void *codes, size_t ld, autoscale_quantize_stats *stats) {
  static const char fn[] = "autoscale_quantize_matrix";
  int status = check_format_and_scale(fn, format, scale);
  if (status == AUTOSCALE_OK) status = check_pointer(fn, "x", x, rows * cols);
  if (status == AUTOSCALE_OK) status = check_pointer(fn, "codes", codes, rows * cols);
  if (status != AUTOSCALE_OK) return status;
  if (ld < cols && rows > 1)
    return fail(AUTOSCALE_EINVAL, "%s: ld = %zu is less than the %zu columns", fn, ld, cols);
  autoscale::detail::QuantizeStats st = autoscale::detail::quantize(
      {x, rows, cols, rs, cs, format, saturate, scale, autoscale::detail::Emit::Code, codes, ld});
  if (stats) *stats = {autoscale_bits_float_(st.amax_bits), st.overflows, st.underflows};
  return AUTOSCALE_OK;
}

int autoscale_quantize_array(const float *x, size_t n, int format, int saturate, float scale, void *codes,
                             float *amax) {
  autoscale_quantize_stats stats;
  int status = autoscale_quantize_matrix(x, 1, n, 0, 1, format, saturate, scale, codes, n, amax ? &stats : nullptr);
  if (status == AUTOSCALE_OK && amax) *amax = stats.amax;
  return status;
}

int autoscale_amax_matrix(const float *x, size_t rows, size_t cols, ptrdiff_t rs, ptrdiff_t cs, float *amax) {
  static const char fn[] = "autoscale_amax_matrix";
  int status = check_pointer(fn, "x", x, rows * cols);
  if (status != AUTOSCALE_OK) return status;
  if (!amax) return fail(AUTOSCALE_EINVAL, "%s: amax is NULL", fn);
  *amax = autoscale_bits_float_(autoscale::detail::amax_bits(x, rows, cols, rs, cs));
  return AUTOSCALE_OK;
}

int autoscale_dequantize_array(const void *codes, size_t n, int format, float scale, float *y) {
  static const char fn[] = "autoscale_dequantize_array";
  int status = check_format_and_scale(fn, format, scale);
  if (status == AUTOSCALE_OK) status = check_pointer(fn, "codes", codes, n);
  if (status == AUTOSCALE_OK) status = check_pointer(fn, "y", y, n);
  if (status != AUTOSCALE_OK) return status;
  autoscale::detail::with_format(format, [&](auto f) {
    using Code = typename autoscale::detail::FormatTraits<f()>::Code;
    if constexpr (sizeof(Code) == 1) {
      static const Fp8Table table(f());
      dequantize_fp8(static_cast<const uint8_t *>(codes), n, table.value, scale, y);
    } else if constexpr (sizeof(Code) == 2) {
      dequantize_16<f()>(static_cast<const uint16_t *>(codes), n, scale, y);
    } else {  // fp32: the values themselves
      const float *data = static_cast<const float *>(codes);
      for (size_t i = 0; i < n; ++i) y[i] = autoscale_dequantized_(data[i], scale);
    }
  });
  return AUTOSCALE_OK;
}

float autoscale_amax_array(const float *x, size_t n) {
  return autoscale_bits_float_(autoscale::detail::amax_bits(x, 1, n, 0, 1));
}

}  // extern "C"
