// The GEMM site (autoscale_matmul_f/_d): C = A.B + D with the operands rounded to the site's format,
// each under its own scale, the products and their sums in the operation's type. A plain loop: the
// operands are gathered, rounded and counted exactly as a scalar site rounds and counts each value
// (site_quantize.h), then multiplied in order p = 0..k-1, as a tensor core accumulates.
#include <algorithm>
#include <cstddef>
#include <mutex>
#include <vector>

#include "autoscale/autoscale.h"
#include "site_quantize.h"
#include "site_calls.h"
#include "site_registry.h"
#include "thread_counters.h"

namespace autoscale::detail {
namespace {

// A strided operand (rows x cols, element (i, p) at x[i * rs + p * cs]) copied row-major.
template <class T>
std::vector<T> gather(const T *x, std::size_t rows, std::size_t cols, std::ptrdiff_t rs, std::ptrdiff_t cs) {
  std::vector<T> out(rows * cols);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t p = 0; p < cols; ++p)
      out[i * cols + p] = x[static_cast<std::ptrdiff_t>(i) * rs + static_cast<std::ptrdiff_t>(p) * cs];
  return out;
}

// max |x[i]|; NaN if any element is NaN (so the scale is kept, as scale_from_amax does for NaN).
template <class T> float amax_of(const std::vector<T> &x) {
  double a = 0;
  for (T v : x) {
    if (std::isnan(v)) return NAN;
    a = std::max(a, static_cast<double>(std::fabs(v)));
  }
  return static_cast<float>(a);
}

// Current scaling is true current scaling here: the scale of operand `slot` (its active tensor)
// comes from the amax of the whole operand, taken before any element is rounded (and is
// published, so the report shows the last one). Every other strategy uses the tensor's scale.
template <class T> void set_current_scale(SiteState *st, ThreadSite &t, int slot, const std::vector<T> &x) {
  const autoscale_site &s = *st->site;
  if (s.action != AUTOSCALE_ACTION_SCALE || s.strategy != AUTOSCALE_STRATEGY_CURRENT) return;
  Registry &reg = registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  float previous = scale_pair(load_relaxed(t.slot[slot].scale)).scale;
  publish_scale_locked(reg, st, t.active_[slot], scale_from_amax(amax_of(x), st->fmt_max, s.params.margin, true, previous));
}

// Rounds every element of operand `slot` in place, counting each in its tensor's counters (the
// lanes taken in turn, so that no two consecutive elements add to the same sums).
template <class T> void round_operand(SiteState *st, ThreadSite &t, int slot, std::vector<T> &x) {
  set_current_scale(st, t, slot, x);
  with_format(format_now(st), [&](auto f) {
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = quantize_in<T, f()>(st, t.slot[slot], i % kLanes, x[i]);
    return 0;
  });
}

template <class T>
void gemm(autoscale_site *site, std::size_t m, std::size_t n, std::size_t k, const T *a, std::ptrdiff_t a_rs,
          std::ptrdiff_t a_cs, const T *b, std::ptrdiff_t b_rs, std::ptrdiff_t b_cs, const T *d, std::ptrdiff_t d_rs,
          std::ptrdiff_t d_cs, T *c, std::ptrdiff_t c_rs, std::ptrdiff_t c_cs) {
  SiteState *st = entered_state_of(site);
  if (site->op != AUTOSCALE_OP_MATMUL) site_check_failed(site, "autoscale_matmul called for a site whose op is not matmul");
  ThreadSite &t = thread_site(st);
  // Each operand is its own tensor, named by its base address; so is C.
  const void *keys[kSlots] = {a, b, nullptr, c};
  for (int slot : {0, 1, AUTOSCALE_SLOT_OUTPUT})
    if (t.slot[slot].tag != autoscale_tag_(keys[slot])) activate(st, t, slot, keys[slot]);
  // Both operands are read before C is written, so C may overlap them (and D may be C itself).
  std::vector<T> qa = gather(a, m, k, a_rs, a_cs), qb = gather(b, k, n, b_rs, b_cs);
  round_operand(st, t, 0, qa);
  round_operand(st, t, 1, qb);
  std::vector<T> acc(n);
  for (std::size_t i = 0; i < m; ++i) {
    std::fill(acc.begin(), acc.end(), T(0));
    for (std::size_t p = 0; p < k; ++p) {
      const T a_ip = qa[i * k + p];
      const T *b_row = &qb[p * n];
      for (std::size_t j = 0; j < n; ++j) acc[j] += a_ip * b_row[j];
    }
    const auto row = static_cast<std::ptrdiff_t>(i);
    for (std::size_t j = 0; j < n; ++j) {
      const auto col = static_cast<std::ptrdiff_t>(j);
      T v = d ? acc[j] + d[row * d_rs + col * d_cs] : acc[j];
      c[row * c_rs + col * c_cs] = v;
      pass_through(t.slot[AUTOSCALE_SLOT_OUTPUT].c, st->full, v);
    }
  }
  count_execution(st, t, 0);
}

}  // namespace
}  // namespace autoscale::detail

extern "C" {

void autoscale_matmul_f(autoscale_site *site, size_t m, size_t n, size_t k, const float *a, ptrdiff_t a_rs,
                        ptrdiff_t a_cs, const float *b, ptrdiff_t b_rs, ptrdiff_t b_cs, const float *d,
                        ptrdiff_t d_rs, ptrdiff_t d_cs, float *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  autoscale::detail::gemm(site, m, n, k, a, a_rs, a_cs, b, b_rs, b_cs, d, d_rs, d_cs, c, c_rs, c_cs);
}

void autoscale_matmul_d(autoscale_site *site, size_t m, size_t n, size_t k, const double *a, ptrdiff_t a_rs,
                        ptrdiff_t a_cs, const double *b, ptrdiff_t b_rs, ptrdiff_t b_cs, const double *d,
                        ptrdiff_t d_rs, ptrdiff_t d_cs, double *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  autoscale::detail::gemm(site, m, n, k, a, a_rs, a_cs, b, b_rs, b_cs, d, d_rs, d_cs, c, c_rs, c_cs);
}

}  // extern "C"
