// The GEMM site (autoscale_matmul_f/_d) against an FP64 (long double for _d) reference of the same
// scaled semantics: operands rounded to the format under their per-tensor scale (current scaling
// from the whole operand's amax; static; cast; delayed from the history), then C = A.B + D. The
// site sums in FP32 (FP64), so each element must lie within the accumulation bound
// (k + 2) u (sum |a_ip b_pj| + |d_ij|) of the reference. Odd shapes, strides of every kind
// (transposed, negative, broadcast bias, C += A.B), and the site's counters.
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "autoscale/matmul.h"
#include "autoscale/scaling.h"
#include "reports/report.h"
#include "scaling/scale_math.h"
#include "site_test_util.h"

using autoscale_test::make_site;
using autoscale_test::snapshot_of;

namespace {

// A strided matrix view over a buffer: element (i, j) at base[offset + i * rs + j * cs].
template <class T> struct Strided {
  std::vector<T> buffer;
  std::ptrdiff_t offset = 0, rs = 0, cs = 0;
  T &at(std::size_t i, std::size_t j) {
    return buffer[static_cast<std::size_t>(offset + static_cast<std::ptrdiff_t>(i) * rs + static_cast<std::ptrdiff_t>(j) * cs)];
  }
  const T *base() const { return buffer.data() + offset; }
  T *base() { return buffer.data() + offset; }
};

enum class Layout { RowMajor, ColMajor, Reversed };

// The site's call for each type.
const auto matmul_of_float = autoscale_matmul_f;
const auto matmul_of_double = autoscale_matmul_d;
template <class... Args> void matmul(autoscale_site *s, std::size_t m, std::size_t n, std::size_t k, const float *a, Args... rest) {
  matmul_of_float(s, m, n, k, a, rest...);
}
template <class... Args> void matmul(autoscale_site *s, std::size_t m, std::size_t n, std::size_t k, const double *a, Args... rest) {
  matmul_of_double(s, m, n, k, a, rest...);
}
// The call with each product multiplied by a factor before it is summed (the operands' factors 1).
void matmul_scaled(autoscale_site *s, std::size_t m, std::size_t n, std::size_t k, const float *a, std::ptrdiff_t a_rs,
                   std::ptrdiff_t a_cs, const float *b, std::ptrdiff_t b_rs, std::ptrdiff_t b_cs, float factor,
                   const float *d, std::ptrdiff_t d_rs, std::ptrdiff_t d_cs, float *c, std::ptrdiff_t c_rs,
                   std::ptrdiff_t c_cs) {
  autoscale_matmul_factors_f(s, m, n, k, 1.0f, a, a_rs, a_cs, 1.0f, b, b_rs, b_cs, factor, d, d_rs, d_cs, c, c_rs, c_cs);
}
void matmul_scaled(autoscale_site *s, std::size_t m, std::size_t n, std::size_t k, const double *a, std::ptrdiff_t a_rs,
                   std::ptrdiff_t a_cs, const double *b, std::ptrdiff_t b_rs, std::ptrdiff_t b_cs, double factor,
                   const double *d, std::ptrdiff_t d_rs, std::ptrdiff_t d_cs, double *c, std::ptrdiff_t c_rs,
                   std::ptrdiff_t c_cs) {
  autoscale_matmul_factors_d(s, m, n, k, 1.0, a, a_rs, a_cs, 1.0, b, b_rs, b_cs, factor, d, d_rs, d_cs, c, c_rs, c_cs);
}

// A rows x cols view in the given layout, its buffer allocated once (a tensor keeps its address).
template <class T> Strided<T> make(std::size_t rows, std::size_t cols, Layout layout) {
  Strided<T> s;
  s.buffer.resize(rows * cols + 3);
  const auto r = static_cast<std::ptrdiff_t>(rows), c = static_cast<std::ptrdiff_t>(cols);
  switch (layout) {
  case Layout::RowMajor: s.offset = 0, s.rs = c, s.cs = 1; break;
  case Layout::ColMajor: s.offset = 0, s.rs = 1, s.cs = r; break;
  case Layout::Reversed: s.offset = (r - 1) * c, s.rs = -c, s.cs = 1; break;  // rows bottom up
  }
  return s;
}

// New values, about 2^(spread * N(0, 1)) in magnitude, in place.
template <class T> void fill(Strided<T> &s, std::size_t rows, std::size_t cols, std::mt19937 &rng, double spread) {
  std::normal_distribution<double> dist(0.0, 1.0);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j)
      s.at(i, j) = static_cast<T>(dist(rng) * std::ldexp(1.0, static_cast<int>(spread * dist(rng))));
}

template <class T> double amax(Strided<T> &x, std::size_t rows, std::size_t cols) {
  double a = 0;
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j) a = std::max(a, std::fabs(static_cast<double>(x.at(i, j))));
  return a;
}

struct Case {
  int format;
  int action;
  int strategy;
  float static_scale;
  std::size_t m, n, k;
  Layout a_layout, b_layout;
  int d_kind;  // 0: none, 1: a full D, 2: a broadcast bias row (d_rs = 0), 3: C += A.B (d is c)
};

std::string describe(const Case &c) {
  return std::string(autoscale_format_name(c.format)) + " " + autoscale_action_name(c.action) + " " +
         autoscale_strategy_name(c.strategy) + " " + std::to_string(c.m) + "x" + std::to_string(c.n) + "x" +
         std::to_string(c.k) + " layouts " + std::to_string(int(c.a_layout)) + std::to_string(int(c.b_layout)) +
         " d " + std::to_string(c.d_kind);
}

// The operands of a case, refilled in place for each call.
template <class T> struct Operands {
  Strided<T> a, b, c, d;
  Operands(const Case &k)
      : a(make<T>(k.m, k.k, k.a_layout)), b(make<T>(k.k, k.n, k.b_layout)), c(make<T>(k.m, k.n, Layout::RowMajor)),
        d(make<T>(k.m, k.n, Layout::RowMajor)) {
    if (k.d_kind == 2) d.rs = 0;  // a bias row
  }
  void refill(const Case &k, std::mt19937 &rng) {
    fill(a, k.m, k.k, rng, 3.0);
    fill(b, k.k, k.n, rng, 3.0);
    fill(c, k.m, k.n, rng, 1.0);
    fill(d, k.m, k.n, rng, 1.0);
  }
};

// One call of the site against the reference; sa and sb are the scales the reference quantises with.
template <class T> void check_call(autoscale_site *site, const Case &c, Operands<T> &ops, float sa, float sb) {
  using Ref = typename std::conditional<std::is_same<T, float>::value, double, long double>::type;
  const double u = std::is_same<T, float>::value ? 0x1p-24 : 0x1p-53;
  Strided<T> &a = ops.a, &b = ops.b, &cm = ops.c, &d = ops.d;
  std::vector<T> c_before = cm.buffer;
  const T *dp = c.d_kind == 0 ? nullptr : c.d_kind == 3 ? cm.base() : d.base();
  std::ptrdiff_t d_rs = c.d_kind == 3 ? cm.rs : d.rs, d_cs = c.d_kind == 3 ? cm.cs : d.cs;
  // The reference's operands, rounded once from the exact quotient.
  auto q = [&](T v, float scale) {
    return static_cast<Ref>(autoscale_round_double(static_cast<double>(v) / scale, c.format, 1)) * scale;
  };
  matmul(site, c.m, c.n, c.k, a.base(), a.rs, a.cs, b.base(), b.rs, b.cs, dp, d_rs, d_cs, cm.base(), cm.rs, cm.cs);
  for (std::size_t i = 0; i < c.m; ++i)
    for (std::size_t j = 0; j < c.n; ++j) {
      Ref ref = 0, magnitude = 0;
      for (std::size_t p = 0; p < c.k; ++p) {
        Ref t = q(a.at(i, p), sa) * q(b.at(p, j), sb);
        ref += t;
        magnitude += std::fabs(t);
      }
      Ref addend = 0;
      if (c.d_kind == 3) addend = c_before[static_cast<std::size_t>(&cm.at(i, j) - cm.buffer.data())];
      else if (c.d_kind != 0) addend = d.at(i, j);
      ref += addend;
      magnitude += std::fabs(addend);
      const Ref got = cm.at(i, j);
      ASSERT_LE(std::fabs(got - ref), static_cast<Ref>((c.k + 2) * u) * magnitude)
          << describe(c) << " element " << i << "," << j << " got " << double(got) << " reference " << double(ref);
    }
}

// The site's tensor of `slot` named by `key`.
const autoscale::detail::TensorSnapshot &tensor(const autoscale::detail::SiteSnapshot &snap, int slot, const void *key) {
  for (const autoscale::detail::TensorSnapshot &t : snap.tensors)
    if (t.slot == slot && t.key == key) return t;
  ADD_FAILURE() << "no tensor " << key << " at slot " << slot;
  return snap.tensors.front();
}

template <class T> void run_case(const Case &c, int line) {
  static std::vector<autoscale_site> sites(128);  // registered sites must outlive the test
  static std::size_t used = 0;
  autoscale_site *site = &sites.at(used++);
  *site = make_site(line, AUTOSCALE_OP_MATMUL, c.action, c.format, AUTOSCALE_ROUND_INPUTS, c.strategy, 4, 0,
                    c.static_scale);
  SCOPED_TRACE(describe(c));
  std::mt19937 rng(static_cast<unsigned>(line));
  const float fmt_max = autoscale::scaling_max(c.format);  // bf16's codes stop at 2^48, not at its max
  Operands<T> ops(c);
  ops.refill(c, rng);
  float sa = 1.0f, sb = 1.0f;
  if (c.action == AUTOSCALE_ACTION_SCALE && c.strategy == AUTOSCALE_STRATEGY_STATIC) sa = sb = c.static_scale;
  const bool scaled = c.action == AUTOSCALE_ACTION_SCALE && c.format != AUTOSCALE_FP32;
  if (scaled && (c.strategy == AUTOSCALE_STRATEGY_CURRENT || c.strategy == AUTOSCALE_STRATEGY_DELAYED)) {
    // True current scaling, and delayed scaling's first call (no history yet): the reference takes
    // each operand's amax itself.
    sa = autoscale::scale_from_amax(static_cast<float>(amax(ops.a, c.m, c.k)), fmt_max, 0, true, 1.0f);
    sb = autoscale::scale_from_amax(static_cast<float>(amax(ops.b, c.k, c.n)), fmt_max, 0, true, 1.0f);
  }
  check_call<T>(site, c, ops, sa, sb);
  autoscale::detail::SiteSnapshot snap = snapshot_of(*site);
  EXPECT_EQ(snap.executions, 1u);
  EXPECT_EQ(snap.slot[0].counters.quantized, c.m * c.k);
  EXPECT_EQ(snap.slot[1].counters.quantized, c.k * c.n);
  EXPECT_EQ(snap.slot[AUTOSCALE_SLOT_OUTPUT].counters.quantized, c.m * c.n);
  EXPECT_EQ(tensor(snap, 0, ops.a.base()).counters.quantized, c.m * c.k);
  EXPECT_EQ(tensor(snap, AUTOSCALE_SLOT_OUTPUT, ops.c.base()).counters.quantized, c.m * c.n);
  if (scaled && c.strategy != AUTOSCALE_STRATEGY_STATIC) {
    EXPECT_EQ(tensor(snap, 0, ops.a.base()).scale, sa);
    EXPECT_EQ(tensor(snap, 1, ops.b.base()).scale, sb);
  }
  if (c.action == AUTOSCALE_ACTION_SCALE && c.strategy == AUTOSCALE_STRATEGY_DELAYED) {
    // The next step's scales come from this call's operand amaxes, tensor by tensor.
    autoscale_step();
    snap = snapshot_of(*site);
    const autoscale::detail::TensorSnapshot &ta = tensor(snap, 0, ops.a.base()), &tb = tensor(snap, 1, ops.b.base());
    const float want = c.format == AUTOSCALE_FP32  // values pass at fp32: no scale
                           ? 1.0f
                           : autoscale::scale_from_amax(static_cast<float>(amax(ops.a, c.m, c.k)), fmt_max, 0, true, 1.0f);
    EXPECT_EQ(ta.scale, want);
    ops.refill(c, rng);
    check_call<T>(site, c, ops, ta.scale, tb.scale);
  }
}

const Case kCases[] = {
    {AUTOSCALE_E4M3, AUTOSCALE_ACTION_SCALE, AUTOSCALE_STRATEGY_CURRENT, 1.0f, 5, 3, 7, Layout::RowMajor, Layout::RowMajor, 0},
    {AUTOSCALE_E4M3, AUTOSCALE_ACTION_SCALE, AUTOSCALE_STRATEGY_CURRENT, 1.0f, 17, 9, 33, Layout::ColMajor, Layout::Reversed, 2},
    {AUTOSCALE_E5M2, AUTOSCALE_ACTION_SCALE, AUTOSCALE_STRATEGY_CURRENT, 1.0f, 8, 16, 64, Layout::RowMajor, Layout::ColMajor, 1},
    {AUTOSCALE_E4M3, AUTOSCALE_ACTION_SCALE, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 6, 5, 40, Layout::Reversed, Layout::RowMajor, 3},
    {AUTOSCALE_FP16, AUTOSCALE_ACTION_SCALE, AUTOSCALE_STRATEGY_STATIC, 0x1p-3f, 4, 4, 100, Layout::RowMajor, Layout::RowMajor, 2},
    {AUTOSCALE_BF16, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 3, 11, 13, Layout::ColMajor, Layout::ColMajor, 3},
    {AUTOSCALE_E4M3, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 1, 1, 1, Layout::RowMajor, Layout::RowMajor, 1},
    {AUTOSCALE_E5M2, AUTOSCALE_ACTION_SCALE, AUTOSCALE_STRATEGY_CURRENT, 1.0f, 2, 3, 0, Layout::RowMajor, Layout::RowMajor, 1},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_SCALE, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 7, 6, 50, Layout::ColMajor, Layout::RowMajor, 1},
    // Scaled bf16: codes near its max (2^127) made every product inf and the sums NaN.
    {AUTOSCALE_BF16, AUTOSCALE_ACTION_SCALE, AUTOSCALE_STRATEGY_CURRENT, 1.0f, 6, 7, 64, Layout::RowMajor, Layout::RowMajor, 1},
    {AUTOSCALE_BF16, AUTOSCALE_ACTION_SCALE, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 5, 4, 33, Layout::ColMajor, Layout::RowMajor, 2},
};

TEST(SiteGemm, FloatMatchesTheScaledReferenceWithinTheFp32Bound) {
  int line = 500;
  for (const Case &c : kCases) run_case<float>(c, line++);
}

TEST(SiteGemm, DoubleMatchesTheScaledReferenceWithinTheFp64Bound) {
  int line = 600;
  for (const Case &c : kCases) run_case<double>(c, line++);
}

// An FP8 GEMM of integers small enough to be exact everywhere is exact: C = A.B + D bit for bit.
TEST(SiteGemm, SmallIntegersAreExact) {
  static autoscale_site site = make_site(700, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                         AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  const float a[2][3] = {{1, -2, 3}, {4, 5, -6}}, b[3][2] = {{7, 8}, {-9, 10}, {11, 12}}, d[2] = {0.5f, -0.25f};
  float c[2][2];
  autoscale_matmul_f(&site, 2, 2, 3, &a[0][0], 3, 1, &b[0][0], 2, 1, d, 0, 1, &c[0][0], 2, 1);
  EXPECT_EQ(c[0][0], 1 * 7 + -2 * -9 + 3 * 11 + 0.5f);
  EXPECT_EQ(c[0][1], 1 * 8 + -2 * 10 + 3 * 12 - 0.25f);
  EXPECT_EQ(c[1][0], 4 * 7 + 5 * -9 + -6 * 11 + 0.5f);
  EXPECT_EQ(c[1][1], 4 * 8 + 5 * 10 + -6 * 12 - 0.25f);
  EXPECT_EQ(snapshot_of(site).slot[AUTOSCALE_SLOT_OUTPUT].amax, 82.5f);  // |c[1][0]|
  // Its operands' sampled error: none, of values that were there.
  const std::string json = autoscale::detail::report_json(autoscale::detail::snapshot_registry());
  const std::string site_json = json.substr(json.find("\"line\": 700"));
  const std::string counters = site_json.substr(site_json.find("\"counters\""), 400);
  EXPECT_NE(counters.find("\"abs_error_sum\": 0,"), std::string::npos) << counters;
  EXPECT_EQ(counters.find("\"abs_value_sum\": 0,"), std::string::npos) << counters;
}

// The quantising pass sums no error; one element in 256 of each operand, spread evenly, is rounded
// again for the error sums. A's upper half is exact in e4m3 (1), its lower half a tie rounded to
// even (1 + 2^-4 -> 1, losing 2^-4), so the 16 elements sampled from 4096, one in every 4 rows
// from wherever the call's offset (under 256) starts them, hold 8 of each: errors 8 x 2^-4 = 0.5
// of values 8 + 8.5 = 16.5. B (0.5) rounds exactly.
TEST(SiteGemm, OperandErrorIsSampledEvenlyOverTheOperand) {
  static autoscale_site site = make_site(705, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                         AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  constexpr std::size_t n = 64;
  std::vector<float> a(n * n), b(n * n, 0.5f), c(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t p = 0; p < n; ++p) a[i * n + p] = i < n / 2 ? 1.0f : 1.0625f;
  autoscale_matmul_f(&site, n, n, n, a.data(), n, 1, b.data(), n, 1, nullptr, 0, 0, c.data(), n, 1);
  const auto snap = snapshot_of(site);
  EXPECT_EQ(snap.slot[0].counters.error_sum, 0.5);
  EXPECT_EQ(snap.slot[0].counters.value_sum, 16.5);
  EXPECT_EQ(snap.slot[1].counters.error_sum, 0.0);
  EXPECT_EQ(snap.slot[1].counters.value_sum, 8.0);
  EXPECT_EQ(snap.slot[0].counters.quantized, n * n);  // every element counted all the same
  EXPECT_EQ(c[0], 32.0f);  // 64 x 1 x 0.5
}

// A weight multiplied by many inputs is remembered between calls (operand_memo.h): changed in
// place, by one element that raises its amax, the next call's current scale is the new amax's, and
// by one negated (the scale stays), the product is the new weight's. Dense layouts (compared as
// memory) and a strided one.
TEST(SiteGemm, CurrentScalingFollowsAWeightChangedInPlace) {
  static std::vector<autoscale_site> sites(3);
  int line = 710;
  for (Layout layout : {Layout::RowMajor, Layout::ColMajor, Layout::Reversed}) {
    autoscale_site *site = &sites.at(static_cast<std::size_t>(line - 710));
    *site = make_site(line++, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, AUTOSCALE_ROUND_INPUTS,
                      AUTOSCALE_STRATEGY_CURRENT);
    const Case c{AUTOSCALE_E4M3, AUTOSCALE_ACTION_SCALE, AUTOSCALE_STRATEGY_CURRENT, 1.0f, 12, 1, 10, layout,
                 Layout::RowMajor, 0};
    SCOPED_TRACE(describe(c));
    std::mt19937 rng(static_cast<unsigned>(line));
    Operands<float> ops(c);
    ops.refill(c, rng);
    const float fmt_max = autoscale_format_max(c.format);
    const auto scale_of = [&](Strided<float> &x, std::size_t rows, std::size_t cols) {
      return autoscale::scale_from_amax(static_cast<float>(amax(x, rows, cols)), fmt_max, 0, true, 1.0f);
    };
    for (int call = 0; call < 8; ++call) {
      if (call == 3) ops.a.at(c.m - 1, c.k - 1) = static_cast<float>(4 * amax(ops.a, c.m, c.k));  // a new amax
      if (call == 6) ops.a.at(0, 0) = -ops.a.at(0, 0);
      fill(ops.b, c.k, c.n, rng, 3.0);  // a new input every call
      const float sa = scale_of(ops.a, c.m, c.k), sb = scale_of(ops.b, c.k, c.n);
      check_call<float>(site, c, ops, sa, sb);
      EXPECT_EQ(tensor(snapshot_of(*site), 0, ops.a.base()).scale, sa) << "call " << call;
    }
    // What the site's amax pass found unchanged is trusted for its own product only: a product of
    // the scaled GEMM after a change in place gives what the same values at a new address give.
    ops.a.at(1, 0) = -ops.a.at(1, 0);
    Strided<float> copy = ops.a;
    const float sa = scale_of(ops.a, c.m, c.k), sb = scale_of(ops.b, c.k, c.n);
    const auto product = [&](const float *a) {
      const autoscale_gemm_operand ao{a, ops.a.rs, ops.a.cs, c.format, 1, sa}, bo{ops.b.base(), ops.b.rs, ops.b.cs, c.format, 1, sb};
      std::vector<float> out(c.m);
      EXPECT_EQ(autoscale_scaled_gemm(c.m, 1, c.k, &ao, nullptr, &bo, nullptr, nullptr, 0, 0, out.data(), 1, 1, nullptr),
                AUTOSCALE_OK);
      return out;
    };
    const std::vector<float> in_place = product(ops.a.base()), fresh = product(copy.base());
    for (std::size_t i = 0; i < c.m; ++i) EXPECT_EQ(in_place[i], fresh[i]) << "row " << i;
  }
}

// At fp32 a GEMM site rounds nothing, and each element's sum runs as the loop nest it replaces
// runs it: `c = d; for (p = 0; p < k; p++) c += a * b`, each product rounded, then the sum (this
// file is compiled with -ffp-contract=off, as the runtime's product is). So the site gives the
// loops' bits: every shape, layout and addend below, the parallel path (the large case), the
// side a matrix-vector product's vectors run along (n = 1, m = 1), and signed zeros; a NaN or an
// infinity gives a NaN or the same infinity (the payload of a NaN may differ). The operands span
// 2^+-9, so a sum in another order (D added last, as the check below makes sure) differs. With a
// product factor other than 1 each product is scaled before it is summed, `c += a * b * s`, and
// rounded twice, as those loops round it.
template <class T> void check_loop_order(const Case &c, int line, T product_factor = T(1)) {
  static std::vector<autoscale_site> sites(128);
  static std::size_t used = 0;
  autoscale_site *site = &sites.at(used++);
  *site = make_site(line, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_INPUTS,
                    AUTOSCALE_STRATEGY_DELAYED);
  SCOPED_TRACE(describe(c));
  std::mt19937 rng(static_cast<unsigned>(line));
  Operands<T> ops(c);
  ops.refill(c, rng);
  if (c.m * c.n * c.k > 0 && line % 3 == 0) {  // specials: an infinity, a NaN, a zero product
    ops.a.at(0, 0) = std::numeric_limits<T>::infinity();
    ops.b.at(c.k - 1, c.n - 1) = std::numeric_limits<T>::quiet_NaN();
    ops.a.at(c.m - 1, 0) = T(-0.0);
  }
  if (c.d_kind == 1) ops.d.at(0, 0) = T(-0.0);
  const std::vector<T> c_before = ops.c.buffer;
  const auto run = [&](autoscale_site *s) {
    const T *dp = c.d_kind == 0 ? nullptr : c.d_kind == 3 ? ops.c.base() : ops.d.base();
    const std::ptrdiff_t d_rs = c.d_kind == 3 ? ops.c.rs : ops.d.rs, d_cs = c.d_kind == 3 ? ops.c.cs : ops.d.cs;
    if (product_factor == T(1))
      matmul(s, c.m, c.n, c.k, ops.a.base(), ops.a.rs, ops.a.cs, ops.b.base(), ops.b.rs, ops.b.cs, dp, d_rs, d_cs,
             ops.c.base(), ops.c.rs, ops.c.cs);
    else
      matmul_scaled(s, c.m, c.n, c.k, ops.a.base(), ops.a.rs, ops.a.cs, ops.b.base(), ops.b.rs, ops.b.cs,
                    product_factor, dp, d_rs, d_cs, ops.c.base(), ops.c.rs, ops.c.cs);
  };
  // With statistics amax the site records nothing (site.h): the same product, and the site never
  // registers.
  autoscale_site *plain = &sites.at(used++);
  *plain = make_site(line + 1000, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_INPUTS,
                     AUTOSCALE_STRATEGY_DELAYED, 0, 0, 1.0f, 1, AUTOSCALE_STATS_AMAX);
  run(plain);
  const std::vector<T> plain_c = ops.c.buffer;
  EXPECT_EQ(*plain->state, nullptr);
  ops.c.buffer = c_before;
  run(site);
  EXPECT_EQ(0, std::memcmp(plain_c.data(), ops.c.buffer.data(), plain_c.size() * sizeof(T)))
      << "statistics amax changed the product";
  std::size_t reordered = 0, refactored = 0;
  T amax = 0;
  for (std::size_t i = 0; i < c.m; ++i)
    for (std::size_t j = 0; j < c.n; ++j) {
      const std::size_t at = static_cast<std::size_t>(&ops.c.at(i, j) - ops.c.buffer.data());
      const T addend = c.d_kind == 0 ? T(0) : c.d_kind == 3 ? c_before[at] : ops.d.at(i, j);
      T loop = addend, sum = 0, prescaled = addend;
      for (std::size_t p = 0; p < c.k; ++p) {
        const T product = ops.a.at(i, p) * ops.b.at(p, j) * product_factor;
        loop += product;
        sum += product;
        prescaled += ops.a.at(i, p) * (ops.b.at(p, j) * product_factor);
      }
      reordered += (sum + addend) != loop;
      refactored += prescaled != loop;
      const T got = ops.c.at(i, j);
      if (std::isnan(loop)) {
        EXPECT_TRUE(std::isnan(got)) << "element " << i << "," << j;
        continue;
      }
      amax = std::max(amax, std::fabs(loop));
      EXPECT_EQ(std::signbit(got), std::signbit(loop)) << "element " << i << "," << j;
      ASSERT_EQ(got, loop) << "element " << i << "," << j;
    }
  if (c.d_kind != 0 && c.k > 8) EXPECT_GT(reordered, 0u) << "the data cannot tell the orders apart";
  if (product_factor != T(1) && c.m * c.n * c.k > 8)
    EXPECT_GT(refactored, 0u) << "the data cannot tell a scaled product from a scaled operand";
  const autoscale::detail::SiteSnapshot snap = snapshot_of(*site);
  EXPECT_EQ(snap.executions, 1u);
  EXPECT_EQ(snap.slot[0].counters.quantized, c.m * c.k);
  if (line % 3 != 0) EXPECT_EQ(snap.slot[AUTOSCALE_SLOT_OUTPUT].amax, static_cast<float>(amax));
}

const Case kLoopCases[] = {
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 5, 3, 7, Layout::RowMajor, Layout::RowMajor, 0},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 17, 35, 33, Layout::ColMajor, Layout::Reversed, 2},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 13, 16, 64, Layout::RowMajor, Layout::ColMajor, 1},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 6, 50, 40, Layout::Reversed, Layout::RowMajor, 3},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 40, 1, 30, Layout::RowMajor, Layout::RowMajor, 2},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 1, 37, 30, Layout::ColMajor, Layout::ColMajor, 1},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 2, 3, 0, Layout::RowMajor, Layout::RowMajor, 3},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 0, 3, 4, Layout::RowMajor, Layout::RowMajor, 1},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 200, 70, 160, Layout::ColMajor, Layout::RowMajor, 3},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 9, 23, 17, Layout::Reversed, Layout::ColMajor, 0},
    // At most 1024 multiplies: plain loops rather than panels (a small network's matrix-vector
    // products), each layout and addend.
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 24, 1, 20, Layout::RowMajor, Layout::RowMajor, 1},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 1, 19, 30, Layout::ColMajor, Layout::ColMajor, 2},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 7, 9, 16, Layout::Reversed, Layout::RowMajor, 3},
    // Rows of B contiguous and at least 8 columns: a row of C at a time, vectorised along it; a
    // rank-1 update (k = 1) into C itself, as a per-sample weight gradient makes it.
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 32, 16, 1, Layout::RowMajor, Layout::RowMajor, 3},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 5, 40, 3, Layout::ColMajor, Layout::RowMajor, 2},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 8, 8, 16, Layout::RowMajor, Layout::RowMajor, 0},
    // Else eight elements of a column at a time, then four, and the rest one by one: A's rows
    // apart (one load a lane) or adjacent (one load a vector), and four rows alone (a small
    // network's output layer).
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 13, 3, 20, Layout::RowMajor, Layout::ColMajor, 1},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 15, 2, 20, Layout::ColMajor, Layout::RowMajor, 2},
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 4, 1, 32, Layout::RowMajor, Layout::RowMajor, 1},
    // k = 0 with a wide C (an empty last batch of a weight gradient): C is D, past the small
    // product's row.
    {AUTOSCALE_FP32, AUTOSCALE_ACTION_CAST, AUTOSCALE_STRATEGY_DELAYED, 1.0f, 2, 1500, 0, Layout::RowMajor, Layout::RowMajor, 2},
};

// Two threads call one current-scaling site at once, as a GEMM per row of a causal window does
// inside a parallel loop: both read the same matrix (one tensor), one its first 4 rows, the other
// all 16, whose last 12 are 2^12 larger. Each call quantises with the scale of its own operand, so
// every product is the one the same call gives alone.
TEST(SiteGemm, ConcurrentCallsOfOneSiteEachUseTheirOwnCurrentScale) {
  static autoscale_site site = make_site(760, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                         AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_CURRENT);
  constexpr std::size_t k = 16, n = 8, rows[] = {4, 16};
  std::mt19937 rng(760);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<float> a(rows[1] * k), b(k * n);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = u(rng) * (i < rows[0] * k ? 1.0f : 0x1p12f);
  for (float &v : b) v = u(rng);
  std::vector<std::vector<float>> want(2);
  for (std::size_t w = 0; w < 2; ++w) {
    want[w].assign(rows[w] * n, 0.0f);
    autoscale_matmul_f(&site, rows[w], n, k, a.data(), k, 1, b.data(), n, 1, nullptr, 0, 0, want[w].data(), n, 1);
  }
  std::vector<int> mismatches(2);
  std::vector<std::thread> threads;
  for (std::size_t w = 0; w < 2; ++w)
    threads.emplace_back([&, w] {
      std::vector<float> got(rows[w] * n);
      for (int call = 0; call < 20000; ++call) {
        autoscale_matmul_f(&site, rows[w], n, k, a.data(), k, 1, b.data(), n, 1, nullptr, 0, 0, got.data(), n, 1);
        mismatches[w] += std::memcmp(got.data(), want[w].data(), got.size() * sizeof(float)) != 0;
      }
    });
  for (std::thread &t : threads) t.join();
  EXPECT_EQ(mismatches[0], 0);
  EXPECT_EQ(mismatches[1], 0);
}

TEST(SiteGemm, AtFp32FloatSumsAreTheLoopsBitForBit) {
  int line = 800;
  for (const Case &c : kLoopCases) check_loop_order<float>(c, line++);
}

TEST(SiteGemm, AtFp32DoubleSumsAreTheLoopsBitForBit) {
  int line = 900;
  for (const Case &c : kLoopCases) check_loop_order<double>(c, line++);
}

// 0.3 is no power of two: scaling a product and scaling an operand round differently.
TEST(SiteGemm, AtFp32ProductsScaledBeforeTheirSumAreTheLoopsBitForBit) {
  int line = 1100;
  for (const Case &c : kLoopCases) check_loop_order<float>(c, line++, 0.3f);
  for (const Case &c : kLoopCases) check_loop_order<double>(c, line++, 0.3);
}

// At fp32 each call records its operands' and its result's counters under their own tensors
// without making them the active ones: a site whose calls alternate between two layers' tensors
// (a small network's matrix-vector products), on two threads, counts each tensor exactly its own
// values and amax, as many as its calls; a step between the calls keeps them.
TEST(SiteGemm, AtFp32AlternatingTensorsCountEachTheirOwn) {
  static autoscale_site site = make_site(950, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32,
                                         AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  constexpr std::size_t m = 6, k = 5;
  struct Layer {
    std::vector<float> w, x, y;
  };
  auto layer = [&](float base) {
    Layer l{std::vector<float>(m * k), std::vector<float>(k), std::vector<float>(m)};
    for (std::size_t i = 0; i < m * k; ++i) l.w[i] = base * static_cast<float>(i % 7 + 1);
    for (std::size_t p = 0; p < k; ++p) l.x[p] = -base * 0.5f * static_cast<float>(p + 1);
    return l;
  };
  Layer one = layer(1.0f), two = layer(3.0f), three = layer(0.25f), four = layer(2.0f);
  constexpr int kCalls = 25;
  auto run = [](Layer &a, Layer &b) {
    for (int call = 0; call < kCalls; ++call)
      for (Layer *l : {&a, &b})
        autoscale_matmul_f(&site, m, 1, k, l->w.data(), k, 1, l->x.data(), 1, 0, nullptr, 0, 0, l->y.data(), 1, 0);
  };
  run(one, two);
  autoscale_step();
  std::thread other([&] { run(three, four); });
  run(one, two);
  other.join();
  const autoscale::detail::SiteSnapshot snap = snapshot_of(site);
  EXPECT_EQ(snap.executions, 6u * kCalls);
  for (const auto &[l, calls] : {std::pair<Layer *, uint64_t>{&one, 2 * kCalls}, {&two, 2 * kCalls},
                                 {&three, kCalls}, {&four, kCalls}}) {
    SCOPED_TRACE(l->w[0]);
    float w_amax = 0, x_amax = 0, y_amax = 0;
    for (float v : l->w) w_amax = std::max(w_amax, std::fabs(v));
    for (float v : l->x) x_amax = std::max(x_amax, std::fabs(v));
    for (float v : l->y) y_amax = std::max(y_amax, std::fabs(v));
    const autoscale::detail::TensorSnapshot &w = tensor(snap, 0, l->w.data()), &x = tensor(snap, 1, l->x.data()),
                                            &y = tensor(snap, AUTOSCALE_SLOT_OUTPUT, l->y.data());
    EXPECT_EQ(w.counters.quantized, calls * m * k);
    EXPECT_EQ(x.counters.quantized, calls * k);
    EXPECT_EQ(y.counters.quantized, calls * m);
    EXPECT_EQ(w.amax, w_amax);
    EXPECT_EQ(x.amax, x_amax);
    EXPECT_EQ(y.amax, y_amax);
  }
}

// A loop nest's operand multiplied by a factor (`alpha * a[i][p]`): the call gives the bits of the
// same call on a copy of the operand multiplied beforehand, and its state stays the array's own
// tensor (current scaling from the multiplied values' amax), not the copy's. The factor 1 changes
// nothing. Where C's rows overlap (its row stride shorter than a row) or C meets an operand, the
// call computes nothing and returns 0, for the loops to run.
TEST(SiteGemm, NestFactorsScaleTheOperandsTheArraysKeepTheirTensors) {
  static autoscale_site factored = make_site(960, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                             AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_CURRENT),
                        premultiplied = make_site(961, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                                  AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_CURRENT);
  constexpr std::size_t m = 5, n = 7, k = 9;
  std::mt19937 rng(960);
  std::uniform_real_distribution<float> value(-3.0f, 3.0f);
  std::vector<float> a(m * k), b(k * n), a_scaled(m * k), b_scaled(k * n);
  for (float &v : a) v = value(rng);
  for (float &v : b) v = value(rng);
  const auto float_bits = [](float v) {
    uint32_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    return bits;
  };
  const float alpha = 0.37f, beta = -1.9f;
  float a_amax = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    a_scaled[i] = alpha * a[i];
    a_amax = std::max(a_amax, std::fabs(a_scaled[i]));
  }
  for (std::size_t i = 0; i < b.size(); ++i) b_scaled[i] = beta * b[i];
  std::vector<float> c(m * n, 0.5f), expected(m * n, 0.5f);
  ASSERT_EQ(autoscale_matmul_nest_factors_f(&factored, m, n, k, alpha, a.data(), k, 1, beta, b.data(), n, 1, 1.0f, c.data(),
                                            n, 1, c.data(), n, 1),
            1);
  autoscale_matmul_f(&premultiplied, m, n, k, a_scaled.data(), k, 1, b_scaled.data(), n, 1, expected.data(), n, 1,
                     expected.data(), n, 1);
  for (std::size_t i = 0; i < c.size(); ++i) EXPECT_EQ(float_bits(c[i]), float_bits(expected[i])) << "element " << i;
  const autoscale::detail::SiteSnapshot snap = snapshot_of(factored);
  EXPECT_EQ(tensor(snap, 0, a.data()).amax, a_amax);
  EXPECT_EQ(tensor(snap, 0, a.data()).scale, tensor(snapshot_of(premultiplied), 0, a_scaled.data()).scale);
  EXPECT_EQ(tensor(snap, 1, b.data()).counters.quantized, k * n);

  std::vector<float> once(m * n, 0.5f), plain(m * n, 0.5f);
  ASSERT_EQ(autoscale_matmul_nest_factors_f(&factored, m, n, k, 1.0f, a.data(), k, 1, 1.0f, b.data(), n, 1, 1.0f, nullptr, 0,
                                            0, once.data(), n, 1),
            1);
  ASSERT_EQ(autoscale_matmul_nest_f(&factored, m, n, k, a.data(), k, 1, b.data(), n, 1, nullptr, 0, 0, plain.data(), n, 1),
            1);
  for (std::size_t i = 0; i < once.size(); ++i) EXPECT_EQ(float_bits(once[i]), float_bits(plain[i])) << "element " << i;

  std::vector<float> rows(m * n, 0.5f);
  const std::vector<float> before = rows;
  EXPECT_EQ(autoscale_matmul_nest_factors_f(&factored, m, n, k, alpha, a.data(), k, 1, 1.0f, b.data(), n, 1, 1.0f, nullptr, 0,
                                            0, rows.data(), n - 1, 1),
            0);  // rows n - 1 apart overlap
  EXPECT_EQ(autoscale_matmul_nest_f(&factored, m, n, k, a.data(), k, 1, b.data(), n, 1, nullptr, 0, 0, rows.data(), 1, 0),
            0);  // every column the same element
  EXPECT_EQ(autoscale_matmul_nest_factors_f(&factored, m, n, k, alpha, rows.data(), k, 1, 1.0f, b.data(), n, 1, 1.0f, nullptr,
                                            0, 0, rows.data() + 3, n, 1),
            0);  // C inside A
  EXPECT_EQ(rows, before);
  // The loops then run as written, unrounded: the report says so, with each reason's count.
  const std::vector<std::string> warnings = snapshot_of(factored).warnings;
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_EQ(warnings[0], "2 calls ran the loops as written, unrounded (fp32): C's strides may give two elements one "
                         "address");
  EXPECT_EQ(warnings[1], "1 call ran the loops as written, unrounded (fp32): C shares memory with an operand (the loops "
                         "read elements they wrote)");
}

// A nest's sums for loops that store values from them: the bits the nest's call writes into C,
// in a buffer laid out as C (a row stride longer than a row included), while C itself is not
// written; null, for the loops to sum as written, where the nest's call computes nothing (C inside
// an operand, C's rows overlapping) and where a stride of C is negative.
TEST(SiteGemm, NestSumsAreTheNestsProductInABufferLaidOutAsC) {
  static autoscale_site site = make_site(962, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                         AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_CURRENT);
  constexpr std::size_t m = 6, n = 5, k = 11, ldc = 8;
  std::mt19937 rng(962);
  std::uniform_real_distribution<float> value(-2.0f, 2.0f);
  std::vector<float> a(m * k), b(k * n), bias(n), c(m * ldc, 7.0f), expected(m * ldc, 0.0f);
  for (float &v : a) v = value(rng);
  for (float &v : b) v = value(rng);
  for (float &v : bias) v = value(rng);
  const float alpha = 1.5f;
  ASSERT_EQ(autoscale_matmul_nest_factors_f(&site, m, n, k, alpha, a.data(), k, 1, 1.0f, b.data(), n, 1, 1.0f,
                                            bias.data(), 0, 1, expected.data(), ldc, 1),
            1);
  const std::vector<float> before = c;
  float *sums = autoscale_matmul_nest_sums_f(&site, m, n, k, alpha, a.data(), k, 1, 1.0f, b.data(), n, 1, 1.0f,
                                             bias.data(), 0, 1, c.data(), ldc, 1);
  ASSERT_NE(sums, nullptr);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      uint32_t got, want;
      std::memcpy(&got, &sums[i * ldc + j], sizeof got);
      std::memcpy(&want, &expected[i * ldc + j], sizeof want);
      EXPECT_EQ(got, want) << "element " << i << ", " << j;
    }
  autoscale_matmul_sums_free(sums);
  EXPECT_EQ(c, before);
  EXPECT_EQ(autoscale_matmul_nest_sums_f(&site, m, n, k, 1.0f, a.data(), k, 1, 1.0f, b.data(), n, 1, 1.0f, nullptr, 0, 0,
                                         a.data() + 2, n, 1),
            nullptr);  // C inside A
  EXPECT_EQ(autoscale_matmul_nest_sums_f(&site, m, n, k, 1.0f, a.data(), k, 1, 1.0f, b.data(), n, 1, 1.0f, nullptr, 0, 0,
                                         c.data(), n - 1, 1),
            nullptr);  // rows n - 1 apart overlap
  EXPECT_EQ(autoscale_matmul_nest_sums_f(&site, m, n, k, 1.0f, a.data(), k, 1, 1.0f, b.data(), n, 1, 1.0f, nullptr, 0, 0,
                                         c.data() + (m - 1) * ldc, -static_cast<std::ptrdiff_t>(ldc), 1),
            nullptr);  // rows upward
  autoscale_matmul_sums_free(nullptr);
  // C column-major; no products (k = 0: the sums are D); no rows (a buffer all the same).
  std::vector<float> columns(m * n, 7.0f), expected_columns(m * n);
  ASSERT_EQ(autoscale_matmul_nest_f(&site, m, n, k, a.data(), k, 1, b.data(), n, 1, nullptr, 0, 0,
                                    expected_columns.data(), 1, m),
            1);
  sums = autoscale_matmul_nest_sums_f(&site, m, n, k, 1.0f, a.data(), k, 1, 1.0f, b.data(), n, 1, 1.0f, nullptr, 0, 0,
                                      columns.data(), 1, m);
  ASSERT_NE(sums, nullptr);
  EXPECT_EQ(std::vector<float>(sums, sums + m * n), expected_columns);
  autoscale_matmul_sums_free(sums);
  sums = autoscale_matmul_nest_sums_f(&site, m, n, 0, 1.0f, a.data(), k, 1, 1.0f, b.data(), n, 1, 1.0f, bias.data(), 0, 1,
                                      c.data(), ldc, 1);
  ASSERT_NE(sums, nullptr);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) EXPECT_EQ(sums[i * ldc + j], bias[j]) << "element " << i << ", " << j;
  autoscale_matmul_sums_free(sums);
  sums = autoscale_matmul_nest_sums_f(&site, 0, n, k, 1.0f, a.data(), k, 1, 1.0f, b.data(), n, 1, 1.0f, nullptr, 0, 0,
                                      c.data(), ldc, 1);
  EXPECT_NE(sums, nullptr);
  autoscale_matmul_sums_free(sums);
  std::vector<double> ad(a.begin(), a.end()), bd(b.begin(), b.end()), cd(m * n), expected_d(m * n);
  ASSERT_EQ(autoscale_matmul_nest_d(&site, m, n, k, ad.data(), k, 1, bd.data(), n, 1, nullptr, 0, 0, expected_d.data(), n, 1),
            1);
  double *sums_d = autoscale_matmul_nest_sums_d(&site, m, n, k, 1.0, ad.data(), k, 1, 1.0, bd.data(), n, 1, 1.0, nullptr,
                                                0, 0, cd.data(), n, 1);
  ASSERT_NE(sums_d, nullptr);
  EXPECT_EQ(std::vector<double>(sums_d, sums_d + m * n), expected_d);
  autoscale_matmul_sums_free(sums_d);
}

// Another array a read-back nest's loops store, laid out as C (`z = s; y = relu(s)`): apart from A,
// B and D (1), or sharing memory with one (0: the loops then sum as written, and the report says why).
TEST(SiteGemm, OutputApartFindsAnotherStoreSharingMemoryWithAnOperand) {
  static autoscale_site site = make_site(963, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                         AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_CURRENT);
  constexpr std::size_t m = 6, n = 5, k = 11, ldc = 8;
  std::vector<float> a(m * k), b(k * n), other(m * ldc), rows_then_bias(m * ldc + n);
  const float *bias = rows_then_bias.data() + (m - 1) * ldc;
  EXPECT_EQ(autoscale_matmul_output_apart_f(&site, m, n, k, a.data(), k, 1, b.data(), n, 1, bias, 0, 1, other.data(),
                                            ldc, 1),
            1);
  EXPECT_EQ(autoscale_matmul_output_apart_f(&site, m, n, k, a.data(), k, 1, b.data(), n, 1, bias, 0, 1,
                                            a.data() + 1, ldc, 1),
            0);  // inside A
  EXPECT_EQ(autoscale_matmul_output_apart_f(&site, m, n, k, a.data(), k, 1, b.data(), n, 1, bias, 0, 1,
                                            rows_then_bias.data(), ldc, 1),
            0);  // its last row is D's
  std::vector<double> bd(k * n), od(m * n);
  EXPECT_EQ(autoscale_matmul_output_apart_d(&site, m, n, k, nullptr, k, 1, bd.data(), n, 1, nullptr, 0, 0,
                                            bd.data() + (k - 1) * n, 0, 1),
            0);  // B's last row, m times
  EXPECT_EQ(autoscale_matmul_output_apart_d(&site, m, n, k, nullptr, k, 1, bd.data(), n, 1, nullptr, 0, 0, od.data(),
                                            n, 1),
            1);
  // Each reason is counted apart, in the order the reasons came.
  std::vector<float> c(m * n);
  EXPECT_EQ(autoscale_matmul_nest_sums_f(&site, m, n, k, 1.0f, a.data(), k, 1, 1.0f, b.data(), n, 1, 1.0f, nullptr, 0,
                                         0, a.data() + 2, n, 1),
            nullptr);  // C inside A
  const std::vector<std::string> warnings = snapshot_of(site).warnings;
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_EQ(warnings[0], "3 calls ran the loops as written, unrounded (fp32): an array the loops store besides C "
                         "shares memory with an operand");
  EXPECT_EQ(warnings[1], "1 call ran the loops as written, unrounded (fp32): C shares memory with an operand (the "
                         "loops read elements they wrote)");
}

TEST(SiteGemmDeathTest, OnlyMatmulSitesThatRoundTheirInputs) {
  static autoscale_site mul = make_site(701, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                        AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  static autoscale_site output = make_site(702, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                           AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  float x = 1.0f, y = 0.0f;
  EXPECT_DEATH(autoscale_matmul_f(&mul, 1, 1, 1, &x, 1, 1, &x, 1, 1, nullptr, 0, 0, &y, 1, 1),
               "site_test.cpp:701:7: autoscale: autoscale_matmul called for a site whose op is not matmul");
  EXPECT_DEATH(autoscale_matmul_f(&output, 1, 1, 1, &x, 1, 1, &x, 1, 1, nullptr, 0, 0, &y, 1, 1),
               "site_test.cpp:702:7: autoscale: a matmul site rounds its operands: rounding must be inputs");
}

}  // namespace
