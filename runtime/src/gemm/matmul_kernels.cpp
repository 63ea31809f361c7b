// The CPU matrix products' own loops (matmul_kernels.h): decoding codes, the portable float32
// product, the epilogue, and per-thread scratch. Each loop is written so GCC vectorises it, with
// AVX-512 and AVX2 clones picked at load time; the OpenMP loops around them are plain functions
// (an OpenMP region does not belong inside a target clone).
#include "gemm/matmul_kernels.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <immintrin.h>
#include <memory>
#include <new>
#include <utility>

#include "autoscale/format.h"
#include "check.h"
#include "kernels/parallel.h"
#include "formats/format_traits.h"
#include "formats/quantize.h"

#define AUTOSCALE_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))

namespace autoscale::detail {

QuantizeJob operand_job(const autoscale_gemm_operand &op, int e, size_t rows, size_t cols, bool trans, Elem type,
                        void *out) {
  const Emit emit = type == Elem::Bf16 ? Emit::Bf16 : Emit::F32;
  if (trans) return {op.x, cols, rows, op.cs, op.rs, op.format, op.saturate, op.scale, emit, out, rows, e};
  return {op.x, rows, cols, op.rs, op.cs, op.format, op.saturate, op.scale, emit, out, cols, e};
}

void *scratch(ScratchSlot slot, size_t bytes) {
  struct Buffer {
    std::unique_ptr<void, decltype(&std::free)> data{nullptr, &std::free};
    size_t bytes = 0;
  };
  thread_local Buffer buffers[kScratchSlots];
  Buffer &b = buffers[slot];
  if (b.bytes < bytes) {
    const size_t rounded = (bytes + 63) / 64 * 64;
    void *p = std::aligned_alloc(64, rounded);
    if (!p) throw std::bad_alloc();
    b.data.reset(p);
    b.bytes = rounded;
  }
  return b.data.get();
}

AUTOSCALE_VECTOR_CLONES void pair_rows(const uint16_t *rows, size_t ld, uint32_t *block) {
  for (size_t i = 0; i < 16; ++i) {
    const uint16_t *even = rows + 2 * i * ld, *odd = even + ld;
    for (size_t j = 0; j < 64; ++j) block[i * 64 + j] = uint32_t(even[j]) | uint32_t(odd[j]) << 16;
  }
}

namespace {

using U16 = uint32_t __attribute__((vector_size(64)));
#pragma GCC diagnostic ignored "-Wpsabi"  // the vectors stay inside each clone

// Step b of a transpose on rows x and y = x's row + b: lane l of the low result is x's lane l, or
// y's lane l - b where l has bit b; of the high result, x's lane l + b, or y's lane l there (y's
// lanes are 16-31 to the shuffle).
template <size_t B, size_t... L>
AUTOSCALE_FORCE_INLINE inline U16 low_blocks(U16 x, U16 y, std::index_sequence<L...>) {
  return __builtin_shufflevector(x, y, ((L & B) ? 16 + L - B : L)...);
}
template <size_t B, size_t... L>
AUTOSCALE_FORCE_INLINE inline U16 high_blocks(U16 x, U16 y, std::index_sequence<L...>) {
  return __builtin_shufflevector(x, y, ((L & B) ? 16 + L : L + B)...);
}
template <size_t B> AUTOSCALE_FORCE_INLINE inline void swap_blocks(U16 (&r)[16]) {
  for (size_t i = 0; i < 16; ++i)
    if (!(i & B)) {
      const U16 x = r[i], y = r[i + B];
      r[i] = low_blocks<B>(x, y, std::make_index_sequence<16>());
      r[i + B] = high_blocks<B>(x, y, std::make_index_sequence<16>());
    }
}

// 16 x 16 words transposed in registers: at each step b (8, 4, 2, 1), rows i and i + b (i without
// bit b) swap their off-diagonal b x b blocks. One two-source permute per row and step.
AUTOSCALE_FORCE_INLINE inline void transpose16(U16 (&r)[16]) {
  swap_blocks<8>(r);
  swap_blocks<4>(r);
  swap_blocks<2>(r);
  swap_blocks<1>(r);
}

}  // namespace

// A column's 32 rows are 16 pairs, one word each: 16 columns' pairs transposed make 16 rows of
// the block's words.
AUTOSCALE_VECTOR_CLONES void pair_columns(const uint16_t *columns, size_t ld, uint32_t *block) {
  for (size_t j0 = 0; j0 < 64; j0 += 16) {
    U16 r[16];
    for (size_t l = 0; l < 16; ++l) __builtin_memcpy(&r[l], columns + (j0 + l) * ld, sizeof r[l]);
    transpose16(r);
    for (size_t i = 0; i < 16; ++i) __builtin_memcpy(block + i * 64 + j0, &r[i], sizeof r[i]);
  }
}

namespace {

// |x|'s bits order like |x|, and a NaN's exceed inf's: an unsigned max gives NaN when there is one.
inline uint32_t abs_bits(float v) { return autoscale_float_bits_(v) & 0x7FFFFFFFu; }


// float32 bits of an fp8 code (F: e4m3 or e5m2), equal to format.h's decoder, in branch-free
// arithmetic a loop vectorises (a table lookup would not). Normal codes move their fields into
// float32's; subnormal ones are mant quanta of 2^(emin - mant bits), a product that is exact and
// normal in float32 (so flush-to-zero modes cannot touch it). The top exponent is NaN (and inf,
// for e5m2) as format.h decodes them: NaN unsigned, canonical.
template <int F> inline uint32_t fp8_bits(uint32_t code) {
  constexpr bool e4m3 = F == AUTOSCALE_E4M3;
  constexpr int m = e4m3 ? 3 : 2, emin = e4m3 ? -6 : -14;
  constexpr float quantum = e4m3 ? 0x1p-9f : 0x1p-16f;
  const uint32_t sign = (code & 0x80u) << 24, mag = code & 0x7Fu, e = mag >> m, mant = mag & ((1u << m) - 1u);
  // Both forms are computed and one is selected by masks: GCC vectorises selects, not branches.
  const uint32_t normal = ((e + uint32_t(127 + emin - 1)) << 23) | (mant << (23 - m));
  const uint32_t subnormal = autoscale_float_bits_(float(mant) * quantum);
  const uint32_t is_normal = 0u - uint32_t(e != 0);
  const uint32_t v = sign | (normal & is_normal) | (subnormal & ~is_normal);
  const uint32_t top = e4m3 ? AUTOSCALE_NAN_BITS_ : mant ? AUTOSCALE_NAN_BITS_ : sign | 0x7F800000u;
  const uint32_t is_top = 0u - uint32_t(e4m3 ? mag == 0x7Fu : e == 31u);
  return (top & is_top) | (v & ~is_top);
}

// One row of fp8 codes to float32 bits (Shift 0) or bf16 (Shift 16: float32's top half, exact
// because an fp8 value has at most 3 significant bits).
template <int F, int Shift, class Out>
AUTOSCALE_VECTOR_CLONES void decode_fp8_row(const uint8_t *__restrict codes, size_t n, Out *__restrict out) {
  for (size_t i = 0; i < n; ++i) out[i] = static_cast<Out>(fp8_bits<F>(codes[i]) >> Shift);
}

AUTOSCALE_VECTOR_CLONES void decode_bf16_row(const uint16_t *__restrict codes, size_t n, uint32_t *__restrict out) {
  for (size_t i = 0; i < n; ++i) out[i] = uint32_t(codes[i]) << 16;  // bf16 is float32's top half
}

// fp16 codes to float32: eight at a time with F16C's vcvtph2ps where the CPU has it (GCC does not
// vectorise the scalar conversion), else format.h's decoder. Both are exact; a NaN keeps its
// payload in vcvtph2ps where format.h gives the canonical NaN, and a product with it is NaN either way.
__attribute__((target("avx,f16c"))) void decode_fp16_f16c(const uint16_t *row, size_t n, float *out) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8)
    _mm256_storeu_ps(out + i, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i *>(row + i))));
  for (; i < n; ++i) out[i] = autoscale_fp16_to_float(row[i]);
}

// A row of codes decoded for the product: fp8 through a table, bf16 by a shift, fp16 with F16C
// where the CPU has it, fp32 as it is, and anything else code by code (format.h).
void decode_row(int format, const void *codes, size_t n, Elem type, void *out) {
  static const bool f16c = __builtin_cpu_supports("f16c") && __builtin_cpu_supports("avx");
  with_format(format, [&](auto f) {
    constexpr int F = f();
    using Code = typename FormatTraits<F>::Code;
    const Code *c = static_cast<const Code *>(codes);
    if (type == Elem::Bf16) {  // FormatTraits<F>::exact_in_bf16 (checked by decode)
      if constexpr (sizeof(Code) == 1)
        decode_fp8_row<F, 16>(c, n, static_cast<uint16_t *>(out));
      else if constexpr (F == AUTOSCALE_BF16)
        std::memcpy(out, c, n * 2);  // bf16 codes are the values
      return;
    }
    float *o = static_cast<float *>(out);
    if constexpr (sizeof(Code) == 1) {
      decode_fp8_row<F, 0>(c, n, static_cast<uint32_t *>(out));
    } else if constexpr (F == AUTOSCALE_BF16) {
      decode_bf16_row(c, n, static_cast<uint32_t *>(out));
    } else if constexpr (F == AUTOSCALE_FP32) {
      std::memcpy(out, codes, n * 4);  // the data itself
    } else {  // fp16 (without F16C) and any format without a path of its own: code by code
      if constexpr (F == AUTOSCALE_FP16)
        if (f16c) return decode_fp16_f16c(c, n, o);
      for (size_t i = 0; i < n; ++i) o[i] = autoscale_decode_(c[i], F);
    }
  });
}

// x . y over n elements, in 8 partial sums (an order of the additions a backend may choose), so
// the sums vectorise.
inline float dot(const float *x, const float *y, size_t n) {
  float part[8] = {};
  size_t p = 0;
  for (; p + 8 <= n; p += 8)
    for (int l = 0; l < 8; ++l) part[l] += x[p + l] * y[p + l];
  for (; p < n; ++p) part[p % 8] += x[p] * y[p];
  return ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
}

// c rows [i0, i1) = a x b, blocked so a kb x nb panel of B stays in cache while the rows of A
// stream past it; the inner loop is a saxpy GCC vectorises.
AUTOSCALE_VECTOR_CLONES void gemm_rows(size_t i0, size_t i1, size_t n, size_t k, const float *a, const float *b,
                                       float *c, size_t ldc) {
  if (n == 1) {  // a matrix-vector product: the saxpy below would run one element at a time
    for (size_t i = i0; i < i1; ++i) c[i * ldc] = dot(a + i * k, b, k);
    return;
  }
  constexpr size_t kb = 128, nb = 512;
  for (size_t i = i0; i < i1; ++i) std::fill(c + i * ldc, c + i * ldc + n, 0.0f);
  for (size_t j0 = 0; j0 < n; j0 += nb) {
    const size_t jn = std::min(nb, n - j0);
    for (size_t k0 = 0; k0 < k; k0 += kb) {
      const size_t kn = std::min(kb, k - k0);
      for (size_t i = i0; i < i1; ++i) {
        float *__restrict ci = c + i * ldc + j0;
        const float *ai = a + i * k + k0;
        for (size_t kk = 0; kk < kn; ++kk) {
          const float aik = ai[kk];
          const float *__restrict bk = b + (k0 + kk) * n + j0;
          for (size_t j = 0; j < jn; ++j) ci[j] += aik * bk[j];
        }
      }
    }
  }
}

// Where the epilogue's T comes from, and what it adds along a row (D's column stride 1 or 0).
enum class Src { Zero, InPlace, Dense };
enum class Add { None, Row, Broadcast };

// One row of the epilogue where C's column stride is 1. No __restrict: T and D may be C itself,
// element for element; ivdep says no element depends on another's result, so GCC vectorises it.
template <Src S, Add A>
AUTOSCALE_VECTOR_CLONES uint32_t epilogue_row(size_t n, float alpha, const float *t, const float *d, float *c) {
  uint32_t m = 0;
#pragma GCC ivdep
  for (size_t j = 0; j < n; ++j) {
    float v = S == Src::Zero ? 0.0f : alpha * (S == Src::InPlace ? c[j] : t[j]);
    if (A == Add::Row) v += d[j];
    if (A == Add::Broadcast) v += d[0];
    c[j] = v;
    const uint32_t a = abs_bits(v);
    m = a > m ? a : m;
  }
  return m;
}

using RowFn = uint32_t (*)(size_t, float, const float *, const float *, float *);

template <Src S> RowFn row_fn(Add add) {
  switch (add) {
  case Add::None: return epilogue_row<S, Add::None>;
  case Add::Row: return epilogue_row<S, Add::Row>;
  default: return epilogue_row<S, Add::Broadcast>;
  }
}

}  // namespace

void decode(int format, const void *codes, size_t rows, size_t cols, size_t ld, Elem type, void *out) {
  AUTOSCALE_CHECK(type == Elem::F32 || exact_in_bf16(format), "decode: %s codes are not exact in bf16",
                  autoscale_format_name(format));
  const size_t in_bytes = autoscale_format_desc_of_(format).code_width / 8, out_bytes = type == Elem::Bf16 ? 2 : 4;
  for_items(long(rows), parallel_pays(rows * cols), [&](long r) {
    decode_row(format, static_cast<const char *>(codes) + size_t(r) * ld * in_bytes, cols, type,
               static_cast<char *>(out) + size_t(r) * cols * out_bytes);
  });
}

void portable_gemm(size_t m, size_t n, size_t k, const float *a, const float *b, float *c, size_t ldc) {
  constexpr size_t kRows = 16;  // rows per OpenMP item: each thread keeps its B panel in its cache
  const long items = long((m + kRows - 1) / kRows);
  for_items(items, parallel_pays(m * n * k / 64), [&](long item) {
    gemm_rows(size_t(item) * kRows, std::min(m, size_t(item + 1) * kRows), n, k, a, b, c, ldc);
  });
}

uint32_t epilogue(size_t m, size_t n, float alpha, const float *t, size_t ldt, const float *d, ptrdiff_t d_rs,
                  ptrdiff_t d_cs, float *c, ptrdiff_t c_rs, ptrdiff_t c_cs, bool want_amax) {
  const bool in_place = t == c;
  if (in_place && alpha == 1.0f && !d) return want_amax ? amax_bits(c, m, n, c_rs, c_cs) : 0u;
  // A dense column (C of a matrix-vector product) is a row of m elements: one vectorised call
  // instead of one per element.
  if (n == 1 && m > 1 && c_rs == 1 && (!t || in_place || ldt == 1) && (!d || d_rs == 0 || d_rs == 1))
    return epilogue(1, m, alpha, t, m, d, 0, d_rs, c, ptrdiff_t(m), 1, want_amax);
  const long rows = long(m);
  const auto max = [](uint32_t x, uint32_t y) { return std::max(x, y); };
  if (c_cs == 1 && (!d || d_cs == 0 || d_cs == 1)) {
    const Add add = !d ? Add::None : d_cs == 1 ? Add::Row : Add::Broadcast;
    const RowFn fn = !t ? row_fn<Src::Zero>(add) : in_place ? row_fn<Src::InPlace>(add) : row_fn<Src::Dense>(add);
    return reduce_items(rows, parallel_pays(m * n), 0u, max, [&](long i) {
      return fn(n, alpha, t ? t + size_t(i) * ldt : nullptr, d ? d + i * d_rs : nullptr, c + i * c_rs);
    });
  }
  // Any other strides, element by element.
  return reduce_items(rows, parallel_pays(m * n), 0u, max, [&](long i) {
    uint32_t row_max = 0;
    for (size_t j = 0; j < n; ++j) {
      float *cij = c + i * c_rs + ptrdiff_t(j) * c_cs;
      float v = !t ? 0.0f : alpha * (in_place ? *cij : t[size_t(i) * ldt + j]);
      if (d) v += d[i * d_rs + ptrdiff_t(j) * d_cs];
      *cij = v;
      row_max = std::max(row_max, abs_bits(v));
    }
    return row_max;
  });
}

}  // namespace autoscale::detail
