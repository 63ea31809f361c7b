// The ordered product (matmul_ordered.h): each element's sum runs left to right over p, as the loop
// nest runs it, and many elements are summed side by side: a tile of rows of C over a panel of
// kWidth of its columns keeps its sums in vector registers for the whole of k. Compiled with
// -ffp-contract=off (runtime/CMakeLists.txt): a fused multiply-add would round once where the
// loop nest rounds twice. AVX-512 and AVX2 clones are picked at load time.
#include "gemm/matmul_ordered.h"

#include <algorithm>
#include <cstring>

#include "autoscale/format.h"
#include "gemm/matmul_kernels.h"
#include "kernels/parallel.h"

#define AUTOSCALE_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))

namespace autoscale::detail {
namespace {

// A panel: kWidth columns of B, every p (one AVX-512 vector, two AVX2 ones). A tile: up to kRows
// rows of C over one panel (kRows x kWidth sums: 6 AVX-512 registers, 12 AVX2 ones). An item of
// work: one panel and up to kChunk rows, so a packed panel serves 32 tiles.
constexpr size_t kWidth = 16, kRows = 6, kChunk = 32 * kRows;
// Products of at most this many multiplies run as plain loops (ordered_gemm).
constexpr size_t kSmallProduct = 1024;

struct Strided {
  const float *x;
  ptrdiff_t rs, cs;
  const float &at(size_t i, size_t j) const { return x[ptrdiff_t(i) * rs + ptrdiff_t(j) * cs]; }
  Strided transposed() const { return {x, cs, rs}; }
};

// R rows of sums over one panel (row p of the panel at panel + p * panel_ld, kWidth floats) take
// their products in order p = 0..k-1: sums[r][j] = sums[r][j] + a(r, p) * panel(p, j), the product
// rounded, then (Scaled) multiplied by the factor and rounded again, then the sum. Written with
// GCC's vector type, a register (or two, or four) per row of sums: left to the vectoriser, the rows
// went through the stack.
typedef float Sums __attribute__((vector_size(kWidth * sizeof(float))));

template <size_t R, bool Scaled>
AUTOSCALE_VECTOR_CLONES void tile(size_t k, Strided a, const float *panel, ptrdiff_t panel_ld, float (*sums)[kWidth],
                                  float factor) {
  Sums s[R];
  for (size_t r = 0; r < R; ++r) std::memcpy(&s[r], sums[r], sizeof(Sums));
  for (size_t p = 0; p < k; ++p) {
    Sums bp;
    std::memcpy(&bp, panel + ptrdiff_t(p) * panel_ld, sizeof bp);
    for (size_t r = 0; r < R; ++r)
      if constexpr (Scaled)
        s[r] += (a.at(r, p) * bp) * factor;
      else
        s[r] += a.at(r, p) * bp;
  }
  for (size_t r = 0; r < R; ++r) std::memcpy(sums[r], &s[r], sizeof(Sums));
}

using TileFn = void (*)(size_t, Strided, const float *, ptrdiff_t, float (*)[kWidth], float);
const TileFn kTiles[2][kRows + 1] = {
    {nullptr, tile<1, false>, tile<2, false>, tile<3, false>, tile<4, false>, tile<5, false>, tile<6, false>},
    {nullptr, tile<1, true>, tile<2, true>, tile<3, true>, tile<4, true>, tile<5, true>, tile<6, true>}};

typedef float Eight __attribute__((vector_size(8 * sizeof(float))));
typedef float Four __attribute__((vector_size(4 * sizeof(float))));

// Rows p0..p0+7 of a panel from B's columns j0..j0+7 when each column's p are adjacent (b.rs == 1:
// B is the transpose of a row-major matrix, as in y = W x or C = A W^T): eight loads along the
// columns, an 8x8 transpose in registers (pairs, then quads, then halves), eight stores along the
// panel's rows. A copy: the values, not their sums, so no order changes.
AUTOSCALE_VECTOR_CLONES void pack_eight(Strided b, size_t p0, size_t j0, float *to) {
  Eight r[8];
  for (size_t j = 0; j < 8; ++j) std::memcpy(&r[j], &b.at(p0, j0 + j), sizeof(Eight));
  Eight t[8], u[8];
  for (int q = 0; q < 8; q += 2) {  // t[q] = r[q][0] r[q+1][0] r[q][1] r[q+1][1] (then 4, 5), t[q+1] the rest
    t[q] = __builtin_shufflevector(r[q], r[q + 1], 0, 8, 1, 9, 4, 12, 5, 13);
    t[q + 1] = __builtin_shufflevector(r[q], r[q + 1], 2, 10, 3, 11, 6, 14, 7, 15);
  }
  for (int q = 0; q < 8; q += 4)
    for (int h = 0; h < 2; ++h) {  // u[q + 2h]: elements 2h (low half) and 2h + 4 (high) of four rows
      u[q + 2 * h] = __builtin_shufflevector(t[q + h], t[q + h + 2], 0, 1, 8, 9, 4, 5, 12, 13);
      u[q + 2 * h + 1] = __builtin_shufflevector(t[q + h], t[q + h + 2], 2, 3, 10, 11, 6, 7, 14, 15);
    }
  for (int q = 0; q < 4; ++q) {  // element q and q + 4 of all eight rows
    const Eight low = __builtin_shufflevector(u[q], u[q + 4], 0, 1, 2, 3, 8, 9, 10, 11);
    const Eight high = __builtin_shufflevector(u[q], u[q + 4], 4, 5, 6, 7, 12, 13, 14, 15);
    std::memcpy(to + ptrdiff_t(q) * ptrdiff_t(kWidth), &low, sizeof low);
    std::memcpy(to + ptrdiff_t(q + 4) * ptrdiff_t(kWidth), &high, sizeof high);
  }
}

// Columns [j0, j0 + width) of B as a panel: B itself where its columns are adjacent and the panel
// full, else packed into the calling thread's scratch (zeros past width: their sums are not stored).
const float *panel_of(Strided b, size_t k, size_t j0, size_t width, ptrdiff_t *ld) {
  if (b.cs == 1 && width == kWidth) {
    *ld = b.rs;
    return &b.at(0, j0);
  }
  float *packed = static_cast<float *>(scratch(kScratchB, k * kWidth * sizeof(float)));
  size_t p = 0;
  if (b.rs == 1 && width == kWidth)
    for (; p + 8 <= k; p += 8) {
      pack_eight(b, p, j0, packed + p * kWidth);
      pack_eight(b, p, j0 + 8, packed + p * kWidth + 8);
    }
  for (; p < k; ++p)
    for (size_t j = 0; j < kWidth; ++j) packed[p * kWidth + j] = j < width ? b.at(p, j0 + j) : 0.0f;
  *ld = ptrdiff_t(kWidth);
  return packed;
}

// Rows [i0, i1) of C over the panel of columns from j0; returns their amax bits.
uint32_t run_item(size_t i0, size_t i1, size_t j0, size_t n, size_t k, Strided a, Strided b, const float *d,
                  ptrdiff_t d_rs, ptrdiff_t d_cs, float *c, ptrdiff_t c_rs, ptrdiff_t c_cs, float factor) {
  const size_t width = std::min(kWidth, n - j0);
  ptrdiff_t panel_ld = 0;
  const float *panel = panel_of(b, k, j0, width, &panel_ld);
  uint32_t amax = 0;
  for (size_t i = i0; i < i1; i += kRows) {
    const size_t rows = std::min(kRows, i1 - i);
    float sums[kRows][kWidth] = {};
    // D is read before C is written: D may be C itself.
    if (d)
      for (size_t r = 0; r < rows; ++r)
        for (size_t j = 0; j < width; ++j) sums[r][j] = d[ptrdiff_t(i + r) * d_rs + ptrdiff_t(j0 + j) * d_cs];
    kTiles[factor != 1.0f][rows](k, Strided{&a.at(i, 0), a.rs, a.cs}, panel, panel_ld, sums, factor);
    for (size_t r = 0; r < rows; ++r)
      for (size_t j = 0; j < width; ++j) {
        c[ptrdiff_t(i + r) * c_rs + ptrdiff_t(j0 + j) * c_cs] = sums[r][j];
        amax = std::max(amax, autoscale_float_bits_(sums[r][j]) & 0x7FFFFFFFu);
      }
  }
  return amax;
}

// A product this small costs less as the loops themselves than as packed panels (the per-sample
// matrix-vector products of a small network; docs/PERFORMANCE.md, design choices). Cloned: AVX2's
// unsigned max takes C's amax.
template <bool Scaled>
AUTOSCALE_VECTOR_CLONES uint32_t small_product(size_t m, size_t n, size_t k, Strided sa, Strided sb, const float *d, ptrdiff_t d_rs,
                       ptrdiff_t d_cs, float *c, ptrdiff_t c_rs, ptrdiff_t c_cs, float factor) {
  uint32_t amax = 0;
  const auto store = [&](size_t i, size_t j, float sum) {
    c[ptrdiff_t(i) * c_rs + ptrdiff_t(j) * c_cs] = sum;
    amax = std::max(amax, autoscale_float_bits_(sum) & 0x7FFFFFFFu);
  };
  const auto start = [&](size_t i, size_t j) { return d ? d[ptrdiff_t(i) * d_rs + ptrdiff_t(j) * d_cs] : 0.0f; };
  if (sb.cs == 1 && n >= 8) {
    // Rows of B contiguous: a row of C at a time, each element's sum still in order over p, the
    // multiply-adds along j vectorised (the MLP example's weight gradients, rank-1 updates of
    // 32x16 and 4x32: its pass-through 0.26 -> 0.21 s). Below 8 columns the row's sums would
    // chain through memory: a matrix-vector product keeps each sum in a register.
    float row[kSmallProduct];
    for (size_t i = 0; i < m; ++i) {
      for (size_t j = 0; j < n; ++j) row[j] = start(i, j);
      for (size_t p = 0; p < k; ++p) {
        const float aip = sa.at(i, p), *bp = &sb.at(p, 0);
        for (size_t j = 0; j < n; ++j)
          if constexpr (Scaled)
            row[j] += (aip * bp[j]) * factor;
          else
            row[j] += aip * bp[j];
      }
      for (size_t j = 0; j < n; ++j) store(i, j, row[j]);
    }
    return amax;
  }
  // Else eight (then four) elements of a column of C side by side, one vector of sums (as a float
  // array, GCC added them one lane at a time), each summing in order: eight chains of adds in
  // flight where one element's sum waits on each add (a matrix-vector product's column is all of
  // C; the MLP example's pass-through 0.42 -> 0.39 s over 1000 epochs). The lanes are written
  // with a constant count: a count of rows left put the vector on the stack (0.78 s).
  const auto column_block = [&](auto lanes, size_t i, size_t j) __attribute__((always_inline)) {
    using Lanes = decltype(lanes);
    constexpr size_t kLanes = sizeof(Lanes) / sizeof(float);
    Lanes sum;
    for (size_t r = 0; r < kLanes; ++r) sum[r] = start(i + r, j);
    for (size_t p = 0; p < k; ++p) {
      Lanes column;  // a(i.., p): one load where A's rows are adjacent (y = W^T x)
      if (sa.rs == 1)
        std::memcpy(&column, &sa.at(i, p), sizeof column);
      else
        for (size_t r = 0; r < kLanes; ++r) column[r] = sa.at(i + r, p);
      if constexpr (Scaled)
        sum += (column * sb.at(p, j)) * factor;
      else
        sum += column * sb.at(p, j);
    }
    for (size_t r = 0; r < kLanes; ++r) store(i + r, j, sum[r]);
  };
  for (size_t j = 0; j < n; ++j) {
    size_t i = 0;
    for (; i + 8 <= m; i += 8) column_block(Eight{}, i, j);
    for (; i + 4 <= m; i += 4) column_block(Four{}, i, j);
    for (; i < m; ++i) {
      float sum = start(i, j);
      for (size_t p = 0; p < k; ++p)
        if constexpr (Scaled)
          sum += (sa.at(i, p) * sb.at(p, j)) * factor;
        else
          sum += sa.at(i, p) * sb.at(p, j);
      store(i, j, sum);
    }
  }
  return amax;
}

size_t padded(size_t x) { return (x + kWidth - 1) / kWidth * kWidth; }

}  // namespace

uint32_t ordered_gemm(size_t m, size_t n, size_t k, const float *a, ptrdiff_t a_rs, ptrdiff_t a_cs, const float *b,
                      ptrdiff_t b_rs, ptrdiff_t b_cs, const float *d, ptrdiff_t d_rs, ptrdiff_t d_cs, float *c,
                      ptrdiff_t c_rs, ptrdiff_t c_cs, float product_factor) {
  Strided sa{a, a_rs, a_cs}, sb{b, b_rs, b_cs};
  // k = 0 counts as 1: C is D, and a row of it must fit the small product's buffer.
  if (m * n * std::max<size_t>(k, 1) <= kSmallProduct)
    return (product_factor != 1.0f ? small_product<true> : small_product<false>)(m, n, k, sa, sb, d, d_rs, d_cs, c,
                                                                                  c_rs, c_cs, product_factor);
  // Each element's sum is the same in C^T = B^T A^T: panels run along whichever side of C wastes
  // fewer columns (a matrix-vector product's panels run along its rows).
  if (padded(m) * n < padded(n) * m) {
    std::swap(m, n);
    std::swap(sa, sb);
    sa = sa.transposed(), sb = sb.transposed();
    std::swap(d_rs, d_cs);
    std::swap(c_rs, c_cs);
  }
  const size_t panels = (n + kWidth - 1) / kWidth, chunks = (m + kChunk - 1) / kChunk;
  return reduce_items(long(panels * chunks), parallel_pays(m * n * k / 64), 0u,
                      [](uint32_t x, uint32_t y) { return std::max(x, y); },
                      [&](long item) {
                        const size_t panel = size_t(item) % panels, chunk = size_t(item) / panels;
                        return run_item(chunk * kChunk, std::min(m, (chunk + 1) * kChunk), panel * kWidth, n, k, sa,
                                        sb, d, d_rs, d_cs, c, c_rs, c_cs, product_factor);
                      });
}

}  // namespace autoscale::detail
