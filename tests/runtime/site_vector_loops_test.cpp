// autoscale_dot_* and autoscale_axpy_* against the loops of scalar calls they stand for (autoscale.h):
// twin sites, one fed element by element through the header's autoscale_mul_tensors_*, one through
// the vector call, over the sweep of site_sweep.h (every format and strategy, statistics full and
// amax, inputs or output rounding; zeros, subnormals, overflow, NaN and inf among the values), in
// runs of varied lengths and strides, switching tensors. Results bit for bit (a NaN as a NaN: its
// payload is the compiler's choice) and every counter equal; the error sums within 1e-6 relative
// (blocks of float executions sum theirs in float first, Sums::Blocks). The test runs
// with a window of 37 executions (AUTOSCALE_WINDOW), so runs cross window counts, and rolls move the
// delayed scales in the middle of them, until the first step; then with explicit steps.
// Mutating the rounding of the band in SIMD blocks (ties away from zero) fails it: phase 1.
#include <cmath>
#include <string>
#include <vector>

#include "site_sweep.h"
#include "site_test_util.h"

namespace {

using autoscale_test::bits;
using autoscale_test::configs;
using autoscale_test::expect_same_site;
using autoscale_test::phase_values;
using autoscale_test::Run;
using autoscale_test::sweep;

template <class T> struct Calls;
template <> struct Calls<float> {
  static float mul(autoscale_site *s, float a, float b, const void *ka, const void *kb) {
    return autoscale_mul_tensors_f(s, a, b, ka, kb);
  }
  static float dot(autoscale_site *s, float acc, size_t n, const float *a, ptrdiff_t as, const float *b, ptrdiff_t bs,
                   const void *ka, const void *kb) {
    return autoscale_dot_f(s, acc, n, a, as, b, bs, ka, kb);
  }
  static void axpy(autoscale_site *s, size_t n, float alpha, int slot, const float *x, ptrdiff_t xs, float *y,
                   ptrdiff_t ys, const void *ka, const void *kx) {
    autoscale_axpy_f(s, n, alpha, slot, x, xs, y, ys, ka, kx);
  }
};
template <> struct Calls<double> {
  static double mul(autoscale_site *s, double a, double b, const void *ka, const void *kb) {
    return autoscale_mul_tensors_d(s, a, b, ka, kb);
  }
  static double dot(autoscale_site *s, double acc, size_t n, const double *a, ptrdiff_t as, const double *b,
                    ptrdiff_t bs, const void *ka, const void *kb) {
    return autoscale_dot_d(s, acc, n, a, as, b, bs, ka, kb);
  }
  static void axpy(autoscale_site *s, size_t n, double alpha, int slot, const double *x, ptrdiff_t xs, double *y,
                   ptrdiff_t ys, const void *ka, const void *kx) {
    autoscale_axpy_d(s, n, alpha, slot, x, xs, y, ys, ka, kx);
  }
};

template <class T> bool same(T x, T y) { return bits(x) == bits(y) || (std::isnan(x) && std::isnan(y)); }

// Lengths around the block sizes and the window.
std::vector<Run> runs(std::size_t values) { return autoscale_test::runs(values, {0, 1, 3, 7, 36, 37, 38, 64, 100, 257}); }

const float tensors[4] = {};
const void *key_of(int run, int operand) { return run % 3 == 2 ? &tensors[2 * operand + run % 2] : nullptr; }

template <class T> void check_dot(int line) {
  static std::vector<autoscale_site> scalar, vector;  // registered sites must outlive the test
  scalar = configs(line);
  vector = configs(line + 1);
  const std::vector<T> all = sweep<T>();
  for (int phase = 0; phase < 4; ++phase) {
    const std::vector<T> a = phase_values(phase, all);
    std::vector<T> b(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) b[i] = a[(i * 31 + 17) % a.size()];
    for (std::size_t k = 0; k < scalar.size(); ++k) {
      for (const Run &r : runs(a.size())) {
        const T *pa = &a[r.first], *pb = &b[r.first];
        const void *ka = key_of(r.run, 0), *kb = key_of(r.run, 1);
        T want = static_cast<T>(0.5);
        for (std::size_t i = 0; i < r.n; ++i) {
          const std::ptrdiff_t at = static_cast<std::ptrdiff_t>(i) * r.stride;
          want += Calls<T>::mul(&scalar[k], pa[at], pb[at], ka, kb);
        }
        const T got = Calls<T>::dot(&vector[k], static_cast<T>(0.5), r.n, pa, r.stride, pb, r.stride, ka, kb);
        ASSERT_TRUE(same(got, want)) << "config " << k << " phase " << phase << " run " << r.run << ": dot " << got
                                     << ", scalar loop " << want;
      }
      expect_same_site(scalar[k], vector[k], "config " + std::to_string(k) + " phase " + std::to_string(phase), autoscale_test::Sums::Blocks);
    }
    autoscale_step();
  }
}

TEST(SiteVectorLoops, FloatDotIsItsLoop) { check_dot<float>(100); }
TEST(SiteVectorLoops, DoubleDotIsItsLoop) { check_dot<double>(200); }

// axpy with alpha on either side, and with y overlapping x (y one element past x: each update
// feeds the next operand), where the runtime runs the loop itself.
template <class T> void check_axpy(int line) {
  static std::vector<autoscale_site> scalar, vector;
  scalar = configs(line);
  vector = configs(line + 1);
  const std::vector<T> all = sweep<T>();
  for (int phase = 0; phase < 4; ++phase) {
    const std::vector<T> x = phase_values(phase, all);
    for (std::size_t k = 0; k < scalar.size(); ++k) {
      for (const Run &r : runs(x.size() - 1)) {
        const int slot = r.run % 2;
        const bool overlapping = r.run % 7 == 3 && r.stride == 1;
        const T alpha = x[(r.first * 13 + 5) % x.size()];
        std::vector<T> y_scalar(x.size()), y_vector;
        for (std::size_t i = 0; i < x.size(); ++i) y_scalar[i] = x[(i * 7 + 3) % x.size()];
        if (overlapping) y_scalar = x;
        y_vector = y_scalar;
        const void *ka = key_of(r.run, 0), *kx = key_of(r.run, 1);
        const T *xs = overlapping ? &y_scalar[r.first] : &x[r.first];
        T *ys = &y_scalar[r.first + overlapping];
        for (std::size_t i = 0; i < r.n; ++i) {
          const std::ptrdiff_t at = static_cast<std::ptrdiff_t>(i) * r.stride;
          ys[at] += slot == 0 ? Calls<T>::mul(&scalar[k], alpha, xs[at], ka, kx) : Calls<T>::mul(&scalar[k], xs[at], alpha, kx, ka);
        }
        Calls<T>::axpy(&vector[k], r.n, alpha, slot, overlapping ? &y_vector[r.first] : &x[r.first], r.stride,
                       &y_vector[r.first + overlapping], r.stride, ka, kx);
        for (std::size_t i = 0; i < x.size(); ++i)
          ASSERT_TRUE(same(y_vector[i], y_scalar[i])) << "config " << k << " phase " << phase << " run " << r.run
                                                      << " element " << i << ": axpy " << y_vector[i] << ", scalar loop "
                                                      << y_scalar[i];
      }
      expect_same_site(scalar[k], vector[k], "config " + std::to_string(k) + " phase " + std::to_string(phase), autoscale_test::Sums::Blocks);
    }
    autoscale_step();
  }
}

TEST(SiteVectorLoops, FloatAxpyIsItsLoop) { check_axpy<float>(300); }
TEST(SiteVectorLoops, DoubleAxpyIsItsLoop) { check_axpy<double>(400); }

}  // namespace
