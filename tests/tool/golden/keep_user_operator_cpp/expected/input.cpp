/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 2
#error "rewritten for autoscale ABI 2"
#endif
#ifndef AUTOSCALE_SITES_076F0DE1
#define AUTOSCALE_SITES_076F0DE1
static autoscale_site autoscale_sites_076f0de1[] = {
  AUTOSCALE_SITE("input.cpp", 10, 17, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 22, 73, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 1, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 26, 48, AUTOSCALE_OP_SUB, "sub", "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 2, -1, -1, -1, "class:infer"),
};
#endif
#line 1
// The generics apply an operator inside namespace autoscale::detail: an operator the project
// declares outside a class is not visible there (argument-dependent lookup does not reach it for
// std::vector, nor for a type from another namespace), so operations the template's own lookup
// resolved to such an operator stay as written.
#include <vector>

std::vector<double> operator+(const std::vector<double> &a, const std::vector<double> &b) {
  std::vector<double> r(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    r[i] = autoscale_add_d(&autoscale_sites_076f0de1[0], a[i], b[i]);
  return r;
}
template <class V> V sum3(const V &a, const V &b, const V &c) { return a + b + c; }
template std::vector<double> sum3(const std::vector<double> &, const std::vector<double> &,
                                  const std::vector<double> &);
template double sum3(const double &, const double &, const double &);

namespace mylib {
struct Meters { double v; };
}
namespace user {
inline mylib::Meters operator*(mylib::Meters a, double k) { return {autoscale_mul_d(&autoscale_sites_076f0de1[1], a.v, k)}; }
template <class T> T scale(T m, double k) { return m * k; }
template mylib::Meters scale(mylib::Meters, double);
// No operator of the project's is in scope for -: rewritten.
template <class T> T diff(T a, T b) { return ::__autoscale::sub(&autoscale_sites_076f0de1[2], a, b); }
template float diff(float, float);
} // namespace user
