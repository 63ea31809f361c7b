/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 2
#error "rewritten for autoscale ABI 2"
#endif
#ifndef AUTOSCALE_SITES_076F0DE1
#define AUTOSCALE_SITES_076F0DE1
static autoscale_site autoscale_sites_076f0de1[] = {
  AUTOSCALE_SITE("input.cpp", 13, 14, AUTOSCALE_OP_DIV, "div", "/", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 22, 9, AUTOSCALE_OP_ADD, "add", "+=", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 1, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 28, 16, AUTOSCALE_OP_CALL, "exp", "std::exp", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 2, -1, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 29, 12, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 3, -1, -1, -1, "class:infer"),
};
#endif
#line 1
// Template forms: a parameter pack expanded into a math call cannot be wrapped argument by
// argument; an if constexpr condition is a constant expression; a member reached by `.` has no
// side effects whatever the type, so a.acc += x needs no C++17 sequencing skip; a math call's
// result bound to a const reference must be a value, not a reference to a dead temporary.
#include <cmath>
#include <complex>

template <class... T> auto biggest(T... a) { return std::fmax(a...); }
float biggest_of_two(float a, float b) { return biggest(a, b); }

template <class T> T halve_if_real(T x) {
  if constexpr (T(1) / 2 > 0)
    return ::__autoscale::div(&autoscale_sites_076f0de1[0], x, 2);
  else
    return x;
}
template float halve_if_real(float);
template int halve_if_real(int);

template <class T> struct Acc { T acc; };
template <class T> T accumulate(Acc<T> &a, T x) {
  ::__autoscale::add_assign(&autoscale_sites_076f0de1[1], a.acc, x);
  return a.acc;
}
template float accumulate(Acc<float> &, float);

template <class T> T exp_plus_one(T x) {
  const T &r = ::__autoscale::result(&autoscale_sites_076f0de1[2], std::exp(::__autoscale::operand(&autoscale_sites_076f0de1[2], 0, x)));
  return ::__autoscale::add(&autoscale_sites_076f0de1[3], r, T(1));
}
template float exp_plus_one(float);
template long double exp_plus_one(long double);
template std::complex<double> exp_plus_one(std::complex<double>);
