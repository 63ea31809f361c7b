// The GEMM site (autoscale_matmul_f/_d): C = A.B + D with the operands rounded to the site's format,
// each under the scale of its own tensor. The float one runs the runtime's scaled GEMM
// (matmul.h: one quantising pass per operand, oneDNN's product with FP32 accumulation), and at fp32,
// where nothing is rounded, the ordered product (matmul_ordered.h), which gives the bits of the
// loops it replaces (and with statistics amax only that: such a site records nothing, site.h);
// the double one a plain loop: the operands gathered, rounded and counted as a
// scalar site rounds and counts each value (site_quantize.h), each sum starting from D and taking
// the products in order p = 0..k-1 in FP64, as the loops do.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <vector>

#include "autoscale/autoscale.h"
#include "autoscale/kernels.h"
#include "autoscale/matmul.h"
#include "check.h"
#include "float_flags.h"
#include "gemm/matmul_ordered.h"
#include "formats/quantize.h"
#include "gemm/operand_memo.h"
#include "sites/site_calls.h"
#include "sites/site_quantize.h"
#include "sites/site_registry.h"
#include "sites/thread_counters.h"

namespace autoscale::detail {
namespace {

void check_matmul(autoscale_site *site) {
  if (site->op != AUTOSCALE_OP_MATMUL) site_check_failed(site, "autoscale_matmul called for a site whose op is not matmul");
}

// The tensors whose scales A and B take: their arrays' base addresses, also where the product
// reads copies of them multiplied by a factor (a loop nest's `alpha * a[i][p]`).
struct OperandTensors {
  const void *a, *b;
};

// The calling thread's block of a matmul site, each operand's tensor active, and C's.
ThreadSite &gemm_block(SiteState *st, OperandTensors tensors, const void *c) {
  ThreadSite &t = thread_site(st);
  const void *keys[kSlots] = {tensors.a, tensors.b, nullptr, c};
  use_tensors(st, t, {0, 1, AUTOSCALE_SLOT_OUTPUT}, keys);
  return t;
}

// Whether operand `slot` takes its scale from its own amax now: always under current scaling (true
// current scaling), and under a history-based strategy while its tensor has no history yet. A GEMM
// sees the whole operand, so its first step need not guess a scale (scalar sites calibrate instead:
// site_scaling.cpp).
bool measures_now(SiteState *st, const ThreadSite &t, int slot) {
  // A site at fp32 has no scale: its values pass.
  if (st->site->action != AUTOSCALE_ACTION_SCALE || st->format == AUTOSCALE_FP32) return false;
  if (st->site->strategy == AUTOSCALE_STRATEGY_CURRENT) return true;
  // Once false the answer stays false (amax_ever only grows; a tensor's strategy never changes), so
  // it is remembered per tensor: the common call, on a tensor with a history, takes no lock. The
  // flag publishes nothing else, hence relaxed; a stale 0 only reads the tensor under the lock.
  uint8_t &settled = st->gemm_scale_settled[t.active[slot]];
  if (__atomic_load_n(&settled, __ATOMIC_RELAXED)) return false;
  Registry &reg = registry();
  std::lock_guard<RegistryMutex> lock(reg.mutex);
  const Tensor &tensor = st->tensors[t.active[slot]];
  const bool measures = tensor.delayed && tensor.amax_ever == 0.0f;
  if (!measures) __atomic_store_n(&settled, uint8_t{1}, __ATOMIC_RELAXED);
  return measures;
}

// The scale operand `slot` (its active tensor) is quantised with: from `amax` when it was measured
// now (taken before any element is rounded, and published, so the report shows the last one), else
// the tensor's scale.
float operand_scale(SiteState *st, ThreadSite &t, int slot, bool measured, float amax) {
  if (measured) {
    KeepFloatFlags flags;  // the scale math is the runtime's, not the program's
    const float previous = scale_pair(load_relaxed(t.slot[slot].scale)).scale;
    const float scale = scale_from_amax(amax, st->fmt_max, st->site->params.margin, true, previous);
    // The same scale again (an operand whose amax did not move) has nothing to publish: the lock
    // is taken only when the scale changes.
    if (scale != previous) {
      Registry &reg = registry();
      std::lock_guard<RegistryMutex> lock(reg.mutex);
      publish_scale_locked(reg, st, t.active[slot], scale);
    }
    // This call's own scale, not the slot's again: another thread calling the site at the same
    // time (a GEMM per row inside a parallel loop) may have published its own there since.
    return scale;
  }
  return scale_pair(load_relaxed(t.slot[slot].scale)).scale;
}

// One quantising pass's statistics in a tensor's counters: the amax (a NaN is not an amax), and
// with statistics full the count and the over- and underflows. The pass counts no subnormals or
// NaN/inf (a GEMM site's report has none) and sums no error: sampled_error does.
void record_pass(const SiteState *st, Counters &c, std::size_t values, const autoscale_quantize_stats &stats) {
  if (!std::isnan(stats.amax)) raise_amax(c, stats.amax);
  if (!st->full) return;
  store_relaxed(c.quantized, c.quantized + values);
  store_relaxed(c.overflows, c.overflows + stats.overflows);
  store_relaxed(c.underflows, c.underflows + stats.underflows);
}

// The rounding error of a quantised operand (rows x cols, finite), which the quantising pass does
// not sum (it would slow the pass for a diagnosis): |q - v| and |v| over one element in 256, at
// most 64 a call, spread evenly over the operand from an offset that moves each call (a weight
// read every step is not sampled at the same elements each time), into the error sums of the
// tensor's lane 0. Each is rounded as the pass rounds it: the quotient in double, rounded once
// (site_quantize.h). An overflow that is not saturated lost the whole value, as the scalar path
// counts it.
void sample_error(const SiteState *st, Counters &c, const autoscale_gemm_operand &op, std::size_t rows,
                  std::size_t cols) {
  if (!st->full || rows == 0 || cols == 0) return;
  KeepFloatFlags flags;  // the runtime's arithmetic, not the program's
  constexpr std::size_t kEvery = 256, kMost = 64;
  const std::size_t total = rows * cols, samples = std::min(kMost, (total + kEvery - 1) / kEvery);
  thread_local std::size_t calls = 0;
  const std::size_t offset = (calls++ * 0x9E3779B1u) % (total / samples);  // Fibonacci hashing's odd constant
  const ScalePair sp{op.scale, exact_inverse(op.scale)};
  double error = 0, value = 0;
  for (std::size_t s = 0; s < samples; ++s) {
    const std::size_t index = s * total / samples + offset, i = index / cols, p = index % cols;
    const float v = op.x[static_cast<std::ptrdiff_t>(i) * op.rs + static_cast<std::ptrdiff_t>(p) * op.cs];
    const double q = autoscale_round_double(quotient(v, sp), op.format, op.saturate) * static_cast<double>(sp.scale);
    error += std::isfinite(q) ? std::fabs(q - static_cast<double>(v)) : std::fabs(static_cast<double>(v));
    value += std::fabs(static_cast<double>(v));
  }
  add(c.error_sum[0], error);
  add(c.value_sum[0], value);
}

// A matrix of the site holding inf or NaN (its amax is not finite), offered as the process's first
// (nonfinite_origin.h), the whole matrix as the value.
void note_matrix(const SiteState *st, int slot, const void *tensor, float amax) {
  if (!std::isfinite(amax)) note_nonfinite(st, slot, tensor, amax, amax);
}

// A strided operand (rows x cols, element (i, p) at x[i * rs + p * cs]) copied row-major.
template <class T>
std::vector<T> gather(const T *x, std::size_t rows, std::size_t cols, std::ptrdiff_t rs, std::ptrdiff_t cs) {
  std::vector<T> out(rows * cols);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t p = 0; p < cols; ++p)
      out[i * cols + p] = x[static_cast<std::ptrdiff_t>(i) * rs + static_cast<std::ptrdiff_t>(p) * cs];
  return out;
}

// Operand x (rows x cols) as the loops read it, each element multiplied by the factor first and
// rounded to T (fl(factor * x), the loops' own multiplication); x itself for the factor 1, which
// changes no value.
template <class T> struct FactoredOperand {
  std::vector<T> copy;
  const T *x;
  std::ptrdiff_t rs, cs;
  FactoredOperand(T factor, const T *x, std::size_t rows, std::size_t cols, std::ptrdiff_t rs, std::ptrdiff_t cs)
      : x(x), rs(rs), cs(cs) {
    if (factor == T(1) || rows == 0 || cols == 0) return;
    copy = gather(x, rows, cols, rs, cs);
    for (T &v : copy) v = factor * v;
    this->x = copy.data();
    this->rs = static_cast<std::ptrdiff_t>(cols);
    this->cs = 1;
  }
};

// max |x[i]|; NaN if any element is NaN (so the scale is kept, as scale_from_amax does for NaN).
float amax_of(const std::vector<double> &x) {
  double a = 0;
  for (double v : x) {
    if (std::isnan(v)) return NAN;
    a = std::max(a, std::fabs(v));
  }
  return static_cast<float>(a);
}

// Rounds every element of operand `slot` in place under the scale in force, as the scalar path
// does (a non-finite value kept), counting each in its tensor's counters (the lanes taken in turn,
// so that no two consecutive elements add to the same sums).
template <class T> void round_elements(SiteState *st, ThreadSite &t, int slot, std::vector<T> &x) {
  with_format(format_now(st), [&](auto f) {
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = quantize_in<T, f()>(st, t, slot, i % kLanes, x[i]);
    return 0;
  });
}

// Sets operand `slot`'s scale from its amax, then rounds it.
void round_operand(SiteState *st, ThreadSite &t, int slot, std::vector<double> &x) {
  const bool measured = measures_now(st, t, slot);
  operand_scale(st, t, slot, measured, measured ? amax_of(x) : 0.0f);
  round_elements(st, t, slot, x);
}

// product_factor scales each product before it is summed (`c += a * b * s`): at fp32 as the loops
// do it, rounded twice; in a rounding format, which rounds the operands anyway, B's elements are
// multiplied by it first.
void gemm_f(autoscale_site *site, OperandTensors tensors, std::size_t m, std::size_t n, std::size_t k,
            const float *a, std::ptrdiff_t a_rs, std::ptrdiff_t a_cs, const float *b, std::ptrdiff_t b_rs,
            std::ptrdiff_t b_cs, const float *d, std::ptrdiff_t d_rs, std::ptrdiff_t d_cs, float *c, std::ptrdiff_t c_rs,
            std::ptrdiff_t c_cs, float product_factor) {
  check_matmul(site);
  if (autoscale_plain_(site)) {  // fp32 with statistics amax records nothing (site.h): the product
    ordered_gemm(m, n, k, a, a_rs, a_cs, b, b_rs, b_cs, d, d_rs, d_cs, c, c_rs, c_cs, product_factor);
    return;
  }
  SiteState *st = entered_state_of(site);
  const int format = format_now(st);
  if (format == AUTOSCALE_FP32) {
    // Nothing to round: the operands are recorded as they are, and the product keeps the order of
    // the loops it replaces, so the program computes what it computed before its rewrite. No scale
    // is read: each tensor's counters are recorded where they are, no tensor made active.
    ThreadSite &t = thread_site(st);
    const void *keys[kSlots] = {tensors.a, tensors.b, nullptr, c};
    const auto record_amax = [&](int slot, std::size_t values, uint32_t amax) {
      note_matrix(st, slot, keys[slot], autoscale_bits_float_(amax));
      record_pass(st, tensor_counters(st, t, slot, keys[slot]), values,
                  autoscale_quantize_stats{autoscale_bits_float_(amax), 0, 0});
    };
    record_amax(0, m * k, amax_bits(a, m, k, a_rs, a_cs));
    record_amax(1, k * n, amax_bits(b, k, n, b_rs, b_cs));
    record_amax(AUTOSCALE_SLOT_OUTPUT, m * n,
                ordered_gemm(m, n, k, a, a_rs, a_cs, b, b_rs, b_cs, d, d_rs, d_cs, c, c_rs, c_cs, product_factor));
    count_execution(st, t, 0);
    return;
  }
  const FactoredOperand<float> scaled_b(product_factor, b, k, n, b_rs, b_cs);
  b = scaled_b.x, b_rs = scaled_b.rs, b_cs = scaled_b.cs;
  ThreadSite &t = gemm_block(st, tensors, c);
  autoscale_gemm_operand op[2] = {{a, a_rs, a_cs, format, st->saturate, 1.0f}, {b, b_rs, b_cs, format, st->saturate, 1.0f}};
  const std::size_t rows[2] = {m, k}, cols[2] = {k, n};
  bool finite = true;
  for (int slot = 0; slot < 2; ++slot) {
    float amax = 0.0f;
    const bool measured = measures_now(st, t, slot);
    // A delayed scale needs no amax, but the product must know whether an operand holds inf or NaN.
    uint32_t remembered = 0;
    if (remembered_amax(op[slot].x, rows[slot], cols[slot], op[slot].rs, op[slot].cs, &remembered))
      amax = autoscale_bits_float_(remembered);
    else
      AUTOSCALE_CHECK(autoscale_amax_matrix(op[slot].x, rows[slot], cols[slot], op[slot].rs, op[slot].cs, &amax) == AUTOSCALE_OK,
                      "%s", autoscale_last_error());
    finite = finite && std::isfinite(amax);
    op[slot].scale = operand_scale(st, t, slot, measured, measured ? amax : 0.0f);
  }
  if (!finite) {
    // The quantising GEMM would saturate inf and NaN to finite codes. The loops as written carry
    // them into their sums (inf, or NaN from inf * 0), and the scalar path keeps them: each element
    // is rounded as the scalar path rounds it, and the products summed in the loops' order.
    std::vector<float> qa = gather(a, m, k, a_rs, a_cs), qb = gather(b, k, n, b_rs, b_cs);
    round_elements(st, t, 0, qa);
    round_elements(st, t, 1, qb);
    const uint32_t c_amax = ordered_gemm(m, n, k, qa.data(), std::ptrdiff_t(k), 1, qb.data(), std::ptrdiff_t(n), 1,
                                         d, d_rs, d_cs, c, c_rs, c_cs);
    record_pass(st, t.slot[AUTOSCALE_SLOT_OUTPUT].c, m * n, autoscale_quantize_stats{autoscale_bits_float_(c_amax), 0, 0});
    note_matrix(st, AUTOSCALE_SLOT_OUTPUT, c, autoscale_bits_float_(c_amax));
    count_execution(st, t, 0);
    return;
  }
  autoscale_quantize_stats stats[2];
  float c_amax = 0.0f;
  AUTOSCALE_CHECK(autoscale_scaled_gemm(m, n, k, &op[0], &stats[0], &op[1], &stats[1], d, d_rs, d_cs, c, c_rs, c_cs,
                                        &c_amax) == AUTOSCALE_OK,
                  "%s:%d: the site's GEMM failed: %s", site->file ? site->file : "?", site->line, autoscale_last_error());
  for (int slot = 0; slot < 2; ++slot) {
    record_pass(st, t.slot[slot].c, rows[slot] * cols[slot], stats[slot]);
    sample_error(st, t.slot[slot].c, op[slot], rows[slot], cols[slot]);
    // Without saturation, a finite element beyond the format became inf or NaN in the quantising
    // pass: the operand's rounding made it, before the product (its amax stands for the value).
    if (!st->saturate && stats[slot].overflows > 0)
      note_nonfinite(st, t.slot[slot], stats[slot].amax,
                     autoscale_round_double(stats[slot].amax / op[slot].scale, format, 0) * op[slot].scale);
  }
  record_pass(st, t.slot[AUTOSCALE_SLOT_OUTPUT].c, m * n, autoscale_quantize_stats{c_amax, 0, 0});
  note_matrix(st, AUTOSCALE_SLOT_OUTPUT, c, c_amax);
  count_execution(st, t, 0);
}

void gemm_d(autoscale_site *site, OperandTensors tensors, std::size_t m, std::size_t n, std::size_t k,
            const double *a, std::ptrdiff_t a_rs, std::ptrdiff_t a_cs, const double *b, std::ptrdiff_t b_rs,
            std::ptrdiff_t b_cs, const double *d, std::ptrdiff_t d_rs, std::ptrdiff_t d_cs, double *c, std::ptrdiff_t c_rs,
            std::ptrdiff_t c_cs, double product_factor) {
  check_matmul(site);
  // fp32 with statistics amax records nothing (site.h): the operands are used as they are.
  const bool plain = autoscale_plain_(site);
  SiteState *st = plain ? nullptr : entered_state_of(site);
  ThreadSite *t = plain ? nullptr : &gemm_block(st, tensors, c);
  // Both operands are read before C is written, so D may be C itself.
  std::vector<double> qa = gather(a, m, k, a_rs, a_cs), qb = gather(b, k, n, b_rs, b_cs);
  if (!plain) {
    round_operand(st, *t, 0, qa);
    round_operand(st, *t, 1, qb);
  }
  std::vector<double> acc(n);
  for (std::size_t i = 0; i < m; ++i) {
    const auto row = static_cast<std::ptrdiff_t>(i);
    // Row i of D is read before row i of C is written (D may be C itself).
    for (std::size_t j = 0; j < n; ++j) acc[j] = d ? d[row * d_rs + static_cast<std::ptrdiff_t>(j) * d_cs] : 0.0;
    for (std::size_t p = 0; p < k; ++p) {
      const double a_ip = qa[i * k + p];
      const double *b_row = &qb[p * n];
      if (product_factor == 1.0)
        for (std::size_t j = 0; j < n; ++j) acc[j] += a_ip * b_row[j];
      else  // each product rounded, then scaled and rounded again, as `c += a * b * s`
        for (std::size_t j = 0; j < n; ++j) acc[j] += a_ip * b_row[j] * product_factor;
    }
    for (std::size_t j = 0; j < n; ++j) {
      c[row * c_rs + static_cast<std::ptrdiff_t>(j) * c_cs] = acc[j];
      if (!plain) record_result(st, t->slot[AUTOSCALE_SLOT_OUTPUT], acc[j]);
    }
  }
  if (!plain) count_execution(st, *t, 0);
}

// The bytes a rows x cols operand spans (element (i, j) at x[i * rs + j * cs], strides of any
// sign), as [begin, end); empty without elements.
struct Extent {
  std::uintptr_t begin = 0, end = 0;
};
template <class T>
Extent extent_of(const T *x, std::size_t rows, std::size_t cols, std::ptrdiff_t rs, std::ptrdiff_t cs) {
  if (!x || rows == 0 || cols == 0) return {};
  const std::ptrdiff_t r = static_cast<std::ptrdiff_t>(rows - 1) * rs, c = static_cast<std::ptrdiff_t>(cols - 1) * cs;
  const std::ptrdiff_t lo = std::min<std::ptrdiff_t>(r, 0) + std::min<std::ptrdiff_t>(c, 0);
  const std::ptrdiff_t hi = std::max<std::ptrdiff_t>(r, 0) + std::max<std::ptrdiff_t>(c, 0);
  const auto base = reinterpret_cast<std::uintptr_t>(x);
  return {base + static_cast<std::uintptr_t>(lo * static_cast<std::ptrdiff_t>(sizeof(T))),
          base + static_cast<std::uintptr_t>((hi + 1) * static_cast<std::ptrdiff_t>(sizeof(T)))};
}
bool intersect(Extent x, Extent y) { return x.begin < y.end && y.begin < x.end; }

// Whether C may share memory with A, B or D (other than D being C itself, read element by element
// before it is written): the loops as written then read elements they already wrote, in their own
// order, which no product computed apart reproduces.
template <class T>
bool overlapping(std::size_t m, std::size_t n, std::size_t k, const T *a, std::ptrdiff_t a_rs, std::ptrdiff_t a_cs,
                 const T *b, std::ptrdiff_t b_rs, std::ptrdiff_t b_cs, const T *d, std::ptrdiff_t d_rs,
                 std::ptrdiff_t d_cs, const T *c, std::ptrdiff_t c_rs, std::ptrdiff_t c_cs) {
  const Extent out = extent_of(c, m, n, c_rs, c_cs);
  const bool d_is_c = d == c && d_rs == c_rs && d_cs == c_cs;
  return intersect(out, extent_of(a, m, k, a_rs, a_cs)) || intersect(out, extent_of(b, k, n, b_rs, b_cs)) ||
         (!d_is_c && intersect(out, extent_of(d, m, n, d_rs, d_cs)));
}

// Whether the m x n elements of C (strides rs, cs) are distinct: one stride, taken by absolute
// value, steps over all the elements the other one reaches (ldc >= n for a row-major C). Only
// this is checked (a loop nest whose strides the rewriter could not compare, ldc a parameter);
// other layouts run as written.
bool distinct_elements(std::size_t m, std::size_t n, std::ptrdiff_t rs, std::ptrdiff_t cs) {
  if (m <= 1 || n <= 1) return (m <= 1 || rs != 0) && (n <= 1 || cs != 0);
  std::size_t small = static_cast<std::size_t>(rs < 0 ? -rs : rs), large = static_cast<std::size_t>(cs < 0 ? -cs : cs);
  std::size_t count = m;  // of the smaller stride
  if (small > large) {
    std::swap(small, large);
    count = n;
  }
  return small != 0 && large / small >= count;
}

// Why a loop nest's call computes nothing, its loops then running as written: C's elements may not
// be distinct, C shares memory with an operand, or (for a nest's sums) C's strides are negative.
// Null where it computes.
template <class T>
const char *as_written_because(std::size_t m, std::size_t n, std::size_t k, const T *a, std::ptrdiff_t a_rs,
                               std::ptrdiff_t a_cs, const T *b, std::ptrdiff_t b_rs, std::ptrdiff_t b_cs, const T *d,
                               std::ptrdiff_t d_rs, std::ptrdiff_t d_cs, const T *c, std::ptrdiff_t c_rs,
                               std::ptrdiff_t c_cs, bool into_buffer) {
  if (!distinct_elements(m, n, c_rs, c_cs)) return "C's strides may give two elements one address";
  if (overlapping(m, n, k, a, a_rs, a_cs, b, b_rs, b_cs, d, d_rs, d_cs, c, c_rs, c_cs))
    return "C shares memory with an operand (the loops read elements they wrote)";
  if (into_buffer && (c_rs < 0 || c_cs < 0)) return "C's strides are negative";
  return nullptr;
}

// The loops of the call's nest run as written, unrounded: counted on the site (registering it), so
// that the report and the summary say so rather than leaving the site out.
void count_loops_as_written(autoscale_site *site, const char *why) {
  SiteState *st = entered_state_of(site);
  Registry &reg = registry();
  std::lock_guard<RegistryMutex> lock(reg.mutex);
  auto it = std::find_if(st->loops_as_written.begin(), st->loops_as_written.end(),
                         [&](const auto &reason) { return reason.first == why; });
  if (it == st->loops_as_written.end())
    st->loops_as_written.emplace_back(why, 1);
  else
    ++it->second;
}

// gemm of A and B as the loops read them: each element multiplied by its factor first, each
// product by product_factor; the tensors stay A's and B's.
template <class T, class Gemm>
void factored_product(Gemm gemm, autoscale_site *site, std::size_t m, std::size_t n, std::size_t k, T a_factor,
                      const T *a, std::ptrdiff_t a_rs, std::ptrdiff_t a_cs, T b_factor, const T *b, std::ptrdiff_t b_rs,
                      std::ptrdiff_t b_cs, T product_factor, const T *d, std::ptrdiff_t d_rs, std::ptrdiff_t d_cs, T *c,
                      std::ptrdiff_t c_rs, std::ptrdiff_t c_cs) {
  const FactoredOperand<T> fa(a_factor, a, m, k, a_rs, a_cs), fb(b_factor, b, k, n, b_rs, b_cs);
  gemm(site, OperandTensors{a, b}, m, n, k, fa.x, fa.rs, fa.cs, fb.x, fb.rs, fb.cs, d, d_rs, d_cs, c, c_rs, c_cs,
       product_factor);
}

// A loop nest's product: nothing where C's elements may not be distinct or C shares memory with
// an operand (0), else the factored product (1).
template <class T, class Gemm>
int nest_product(Gemm gemm, autoscale_site *site, std::size_t m, std::size_t n, std::size_t k, T a_factor,
                 const T *a, std::ptrdiff_t a_rs, std::ptrdiff_t a_cs, T b_factor, const T *b, std::ptrdiff_t b_rs,
                 std::ptrdiff_t b_cs, T product_factor, const T *d, std::ptrdiff_t d_rs, std::ptrdiff_t d_cs, T *c,
                 std::ptrdiff_t c_rs, std::ptrdiff_t c_cs) {
  if (const char *why = as_written_because(m, n, k, a, a_rs, a_cs, b, b_rs, b_cs, d, d_rs, d_cs, c, c_rs, c_cs, false)) {
    count_loops_as_written(site, why);
    return 0;
  }
  factored_product(gemm, site, m, n, k, a_factor, a, a_rs, a_cs, b_factor, b, b_rs, b_cs, product_factor, d, d_rs,
                   d_cs, c, c_rs, c_cs);
  return 1;
}

// A loop nest's sums for loops that store values computed from them: the factored product into a
// buffer spanning C's elements, or null where nest_product would compute nothing or C's strides
// are negative (the buffer starts at C's first element).
template <class T, class Gemm>
T *nest_sums(Gemm gemm, autoscale_site *site, std::size_t m, std::size_t n, std::size_t k, T a_factor, const T *a,
             std::ptrdiff_t a_rs, std::ptrdiff_t a_cs, T b_factor, const T *b, std::ptrdiff_t b_rs, std::ptrdiff_t b_cs,
             T product_factor, const T *d, std::ptrdiff_t d_rs, std::ptrdiff_t d_cs, const T *c, std::ptrdiff_t c_rs,
             std::ptrdiff_t c_cs) {
  if (const char *why = as_written_because(m, n, k, a, a_rs, a_cs, b, b_rs, b_cs, d, d_rs, d_cs, c, c_rs, c_cs, true)) {
    count_loops_as_written(site, why);
    return nullptr;
  }
  const Extent span = extent_of(c, m, n, c_rs, c_cs);
  T *sums = static_cast<T *>(std::malloc(std::max<std::size_t>(span.end - span.begin, sizeof(T))));
  if (sums)
    factored_product(gemm, site, m, n, k, a_factor, a, a_rs, a_cs, b_factor, b, b_rs, b_cs, product_factor, d, d_rs,
                     d_cs, sums, c_rs, c_cs);
  return sums;
}

// Whether another output of a read-back nest (laid out as C) shares no memory with A, B or D;
// where it does, the site's loops are counted as run as written.
template <class T>
int output_apart(autoscale_site *site, std::size_t m, std::size_t n, std::size_t k, const T *a, std::ptrdiff_t a_rs,
                 std::ptrdiff_t a_cs, const T *b, std::ptrdiff_t b_rs, std::ptrdiff_t b_cs, const T *d,
                 std::ptrdiff_t d_rs, std::ptrdiff_t d_cs, const T *out, std::ptrdiff_t out_rs, std::ptrdiff_t out_cs) {
  if (!overlapping(m, n, k, a, a_rs, a_cs, b, b_rs, b_cs, d, d_rs, d_cs, out, out_rs, out_cs)) return 1;
  count_loops_as_written(site, "an array the loops store besides C shares memory with an operand");
  return 0;
}

}  // namespace
}  // namespace autoscale::detail

extern "C" {

void autoscale_matmul_f(autoscale_site *site, size_t m, size_t n, size_t k, const float *a, ptrdiff_t a_rs,
                        ptrdiff_t a_cs, const float *b, ptrdiff_t b_rs, ptrdiff_t b_cs, const float *d,
                        ptrdiff_t d_rs, ptrdiff_t d_cs, float *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  autoscale::detail::gemm_f(site, {a, b}, m, n, k, a, a_rs, a_cs, b, b_rs, b_cs, d, d_rs, d_cs, c, c_rs, c_cs, 1.0f);
}
void autoscale_matmul_factors_f(autoscale_site *site, size_t m, size_t n, size_t k, float a_factor, const float *a,
                                ptrdiff_t a_rs, ptrdiff_t a_cs, float b_factor, const float *b, ptrdiff_t b_rs,
                                ptrdiff_t b_cs, float product_factor, const float *d, ptrdiff_t d_rs, ptrdiff_t d_cs,
                                float *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  autoscale::detail::factored_product(autoscale::detail::gemm_f, site, m, n, k, a_factor, a, a_rs, a_cs, b_factor, b,
                                      b_rs, b_cs, product_factor, d, d_rs, d_cs, c, c_rs, c_cs);
}
int autoscale_matmul_nest_f(autoscale_site *site, size_t m, size_t n, size_t k, const float *a, ptrdiff_t a_rs,
                            ptrdiff_t a_cs, const float *b, ptrdiff_t b_rs, ptrdiff_t b_cs, const float *d,
                            ptrdiff_t d_rs, ptrdiff_t d_cs, float *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  return autoscale::detail::nest_product(autoscale::detail::gemm_f, site, m, n, k, 1.0f, a, a_rs, a_cs, 1.0f, b, b_rs,
                                         b_cs, 1.0f, d, d_rs, d_cs, c, c_rs, c_cs);
}
int autoscale_matmul_nest_factors_f(autoscale_site *site, size_t m, size_t n, size_t k, float a_factor, const float *a,
                                    ptrdiff_t a_rs, ptrdiff_t a_cs, float b_factor, const float *b, ptrdiff_t b_rs,
                                    ptrdiff_t b_cs, float product_factor, const float *d, ptrdiff_t d_rs,
                                    ptrdiff_t d_cs, float *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  return autoscale::detail::nest_product(autoscale::detail::gemm_f, site, m, n, k, a_factor, a, a_rs, a_cs, b_factor, b,
                                         b_rs, b_cs, product_factor, d, d_rs, d_cs, c, c_rs, c_cs);
}

void autoscale_matmul_d(autoscale_site *site, size_t m, size_t n, size_t k, const double *a, ptrdiff_t a_rs,
                        ptrdiff_t a_cs, const double *b, ptrdiff_t b_rs, ptrdiff_t b_cs, const double *d,
                        ptrdiff_t d_rs, ptrdiff_t d_cs, double *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  autoscale::detail::gemm_d(site, {a, b}, m, n, k, a, a_rs, a_cs, b, b_rs, b_cs, d, d_rs, d_cs, c, c_rs, c_cs, 1.0);
}
void autoscale_matmul_factors_d(autoscale_site *site, size_t m, size_t n, size_t k, double a_factor, const double *a,
                                ptrdiff_t a_rs, ptrdiff_t a_cs, double b_factor, const double *b, ptrdiff_t b_rs,
                                ptrdiff_t b_cs, double product_factor, const double *d, ptrdiff_t d_rs,
                                ptrdiff_t d_cs, double *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  autoscale::detail::factored_product(autoscale::detail::gemm_d, site, m, n, k, a_factor, a, a_rs, a_cs, b_factor, b,
                                      b_rs, b_cs, product_factor, d, d_rs, d_cs, c, c_rs, c_cs);
}
int autoscale_matmul_nest_d(autoscale_site *site, size_t m, size_t n, size_t k, const double *a, ptrdiff_t a_rs,
                            ptrdiff_t a_cs, const double *b, ptrdiff_t b_rs, ptrdiff_t b_cs, const double *d,
                            ptrdiff_t d_rs, ptrdiff_t d_cs, double *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  return autoscale::detail::nest_product(autoscale::detail::gemm_d, site, m, n, k, 1.0, a, a_rs, a_cs, 1.0, b, b_rs,
                                         b_cs, 1.0, d, d_rs, d_cs, c, c_rs, c_cs);
}
int autoscale_matmul_nest_factors_d(autoscale_site *site, size_t m, size_t n, size_t k, double a_factor,
                                    const double *a, ptrdiff_t a_rs, ptrdiff_t a_cs, double b_factor, const double *b,
                                    ptrdiff_t b_rs, ptrdiff_t b_cs, double product_factor, const double *d,
                                    ptrdiff_t d_rs, ptrdiff_t d_cs, double *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  return autoscale::detail::nest_product(autoscale::detail::gemm_d, site, m, n, k, a_factor, a, a_rs, a_cs, b_factor, b,
                                         b_rs, b_cs, product_factor, d, d_rs, d_cs, c, c_rs, c_cs);
}

float *autoscale_matmul_nest_sums_f(autoscale_site *site, size_t m, size_t n, size_t k, float a_factor,
                                    const float *a, ptrdiff_t a_rs, ptrdiff_t a_cs, float b_factor, const float *b,
                                    ptrdiff_t b_rs, ptrdiff_t b_cs, float product_factor, const float *d,
                                    ptrdiff_t d_rs, ptrdiff_t d_cs, const float *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  return autoscale::detail::nest_sums(autoscale::detail::gemm_f, site, m, n, k, a_factor, a, a_rs, a_cs, b_factor, b,
                                      b_rs, b_cs, product_factor, d, d_rs, d_cs, c, c_rs, c_cs);
}
double *autoscale_matmul_nest_sums_d(autoscale_site *site, size_t m, size_t n, size_t k, double a_factor,
                                     const double *a, ptrdiff_t a_rs, ptrdiff_t a_cs, double b_factor, const double *b,
                                     ptrdiff_t b_rs, ptrdiff_t b_cs, double product_factor, const double *d,
                                     ptrdiff_t d_rs, ptrdiff_t d_cs, const double *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  return autoscale::detail::nest_sums(autoscale::detail::gemm_d, site, m, n, k, a_factor, a, a_rs, a_cs, b_factor, b,
                                      b_rs, b_cs, product_factor, d, d_rs, d_cs, c, c_rs, c_cs);
}
void autoscale_matmul_sums_free(void *sums) { std::free(sums); }
int autoscale_matmul_output_apart_f(autoscale_site *site, size_t m, size_t n, size_t k, const float *a,
                                    ptrdiff_t a_rs, ptrdiff_t a_cs, const float *b, ptrdiff_t b_rs, ptrdiff_t b_cs,
                                    const float *d, ptrdiff_t d_rs, ptrdiff_t d_cs, const float *out,
                                    ptrdiff_t out_rs, ptrdiff_t out_cs) {
  return autoscale::detail::output_apart(site, m, n, k, a, a_rs, a_cs, b, b_rs, b_cs, d, d_rs, d_cs, out, out_rs,
                                         out_cs);
}
int autoscale_matmul_output_apart_d(autoscale_site *site, size_t m, size_t n, size_t k, const double *a,
                                    ptrdiff_t a_rs, ptrdiff_t a_cs, const double *b, ptrdiff_t b_rs, ptrdiff_t b_cs,
                                    const double *d, ptrdiff_t d_rs, ptrdiff_t d_cs, const double *out,
                                    ptrdiff_t out_rs, ptrdiff_t out_cs) {
  return autoscale::detail::output_apart(site, m, n, k, a, a_rs, a_cs, b, b_rs, b_cs, d, d_rs, d_cs, out, out_rs,
                                         out_cs);
}

}  // extern "C"
