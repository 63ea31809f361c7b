// Scaled products in row panels (matmul_panels.h). A product whose C outgrows the caches writes C
// to memory, and reading it back for its amax cost as much as a tenth of the product (4096 x 256 x
// 1024 on a Zen 4 core). In panels, each thread quantises its rows of A, multiplies them by B
// (packed once for all panels) and takes the amax of its rows of C while they are still in its
// cache. Every panel runs a kernel planned for one thread (dnnl_panels_native), so C's bits do not
// depend on the number of threads.
#include "gemm/matmul_panels.h"

#include <algorithm>
#include <new>
#include <string>

#include "check.h"
#include "gemm/matmul_dnnl.h"
#include "kernels/parallel.h"

namespace autoscale::detail {

size_t panel_rows(const Product &p) {
  // Panels from this size of C on (the last level cache's share of a core, as a round figure), of
  // about kPanelBytes of C each, as many for each thread (a last short panel would leave the others
  // waiting), in multiples of kRowMultiple rows (the kernels' row blocks).
  constexpr size_t kPanelsFrom = size_t(8) << 20, kPanelBytes = size_t(2) << 20, kRowMultiple = 16;
  if (p.type != Elem::Bf16 || p.a.trans || p.alpha != 1.0f || p.m * p.n * sizeof(float) < kPanelsFrom) return 0;
  const size_t each = size_t(loop_threads());
  const size_t target = std::max<size_t>(1, kPanelBytes / (p.n * sizeof(float)));
  const size_t panels = ((p.m + target - 1) / target + each - 1) / each * each;
  const size_t rows = ((p.m + panels - 1) / panels + kRowMultiple - 1) / kRowMultiple * kRowMultiple;
  if (panels < 2 || rows >= p.m) return 0;
  return dnnl_panels_native(p, rows) ? rows : 0;
}

namespace {

// One or more panels' totals; the first failure's status and message, which a worker thread's
// autoscale_last_error would keep to itself.
struct Partial {
  PanelTotals totals;
  int status = AUTOSCALE_OK;
  std::string error;
};

Partial combined(Partial x, const Partial &y) {
  x.totals.a.amax_bits = std::max(x.totals.a.amax_bits, y.totals.a.amax_bits);
  x.totals.a.overflows += y.totals.a.overflows;
  x.totals.a.underflows += y.totals.a.underflows;
  x.totals.c_amax = std::max(x.totals.c_amax, y.totals.c_amax);
  if (x.status == AUTOSCALE_OK && y.status != AUTOSCALE_OK) {
    x.status = y.status;
    x.error = y.error;
  }
  return x;
}

}  // namespace

int panel_product(const Product &p, size_t rows, const autoscale_gemm_operand &a, int a_exponent, bool want_amax,
                  const char *fn, PanelTotals *totals) {
  void *packed = scratch(kScratchPacked, dnnl_packed_bytes(p, rows));
  const int status = dnnl_pack(p, rows, packed, fn);
  if (status != AUTOSCALE_OK) return status;
  const long panels = long((p.m + rows - 1) / rows);
  const Partial all = reduce_items(panels, true, Partial{}, combined, [&](long i) {
    const size_t r0 = size_t(i) * rows, n_rows = std::min(rows, p.m - r0);
    Partial mine;
    try {
      uint16_t *qa = static_cast<uint16_t *>(const_cast<void *>(p.a.data)) + r0 * p.a.ld;
      mine.totals.a = quantize({a.x + ptrdiff_t(r0) * a.rs, n_rows, p.k, a.rs, a.cs, a.format, a.saturate, a.scale,
                                Emit::Bf16, qa, p.a.ld, a_exponent});
      mine.status = dnnl_run_panel(p, rows, r0, packed, fn);
    } catch (const std::bad_alloc &) {
      mine.status = fail(AUTOSCALE_ENOMEM, "%s: out of memory for a panel of %zu x %zu x %zu", fn, p.m, p.n, p.k);
    }
    if (mine.status != AUTOSCALE_OK) {
      mine.error = autoscale_last_error();
      return mine;
    }
    if (want_amax) mine.totals.c_amax = amax_bits(p.c + r0 * p.ldc, n_rows, p.n, ptrdiff_t(p.ldc), 1);
    return mine;
  });
  if (all.status != AUTOSCALE_OK) return fail(all.status, "%s", all.error.c_str());
  *totals = all.totals;
  return AUTOSCALE_OK;
}

}  // namespace autoscale::detail
