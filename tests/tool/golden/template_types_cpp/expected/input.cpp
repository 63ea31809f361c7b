/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 2
#error "rewritten for autoscale ABI 2"
#endif
#ifndef AUTOSCALE_SITES_076F0DE1
#define AUTOSCALE_SITES_076F0DE1
static autoscale_site autoscale_sites_076f0de1[] = {
  AUTOSCALE_SITE("input.cpp", 9, 51, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 9, 60, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 1, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 9, 66, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 2, 1, 3, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 9, 70, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 3, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 10, 51, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 4, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 10, 60, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 5, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 12, 36, AUTOSCALE_OP_NEG, "neg", "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 6, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 12, 40, AUTOSCALE_OP_NEG, "neg", "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 7, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 15, 51, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 8, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 15, 55, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 9, 8, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 20, 9, AUTOSCALE_OP_ADD, "accumulate", "+=", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 10, -1, 11, -1, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 20, 14, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 11, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 21, 10, AUTOSCALE_OP_NEG, "neg", "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 12, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 26, 4, AUTOSCALE_OP_INC, "inc", "++", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 13, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 27, 3, AUTOSCALE_OP_DEC, "dec", "--", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 14, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 28, 13, AUTOSCALE_OP_SUB, "sub", "-=", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 15, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 28, 19, AUTOSCALE_OP_DIV, "div", "/", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 16, 15, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 31, 44, AUTOSCALE_OP_CALL, "exp", "std::exp", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 17, -1, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 31, 56, AUTOSCALE_OP_DIV, "div", "/", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 18, 17, 19, -1, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 31, 64, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 19, -1, 20, -1, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 31, 66, AUTOSCALE_OP_CALL, "exp", "std::exp", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 20, -1, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 31, 79, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 21, 18, 22, -1, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 31, 81, AUTOSCALE_OP_CALL, "sqrt", "std::sqrt", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 22, 23, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 31, 93, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 23, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 43, 27, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 24, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 43, 50, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 25, 24, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 43, 64, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 26, 25, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 44, 28, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 27, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 44, 45, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 28, 27, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 44, 55, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 29, 28, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 44, 71, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 30, 29, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 47, 12, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 31, 26, 30, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 47, 24, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 32, 31, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 47, 36, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 33, 32, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 47, 48, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 34, 33, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 47, 64, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 35, 34, -1, -1, "class:infer"),
};
#endif
#line 1
// One rewritten template text serves every instantiation: float and double go through the
// runtime, int, long double and a class with its own operators keep their plain operators. The
// class's operators, and their use outside templates, are its own code and stay as written.
#include <cmath>
#include <complex>

struct Dual {
  float v, d;
  Dual operator*(const Dual &o) const { return {autoscale_mul_f(&autoscale_sites_076f0de1[0], v, o.v), autoscale_add_f(&autoscale_sites_076f0de1[2], autoscale_mul_f(&autoscale_sites_076f0de1[1], v, o.d), autoscale_mul_f(&autoscale_sites_076f0de1[3], d, o.v))}; }
  Dual operator+(const Dual &o) const { return {autoscale_add_f(&autoscale_sites_076f0de1[4], v, o.v), autoscale_add_f(&autoscale_sites_076f0de1[5], d, o.d)}; }
  Dual &operator+=(const Dual &o) { return *this = *this + o; }
  Dual operator-() const { return {autoscale_neg_f(&autoscale_sites_076f0de1[6], v), autoscale_neg_f(&autoscale_sites_076f0de1[7], d)}; }
};

template <typename T> T poly(T x, T c) { return ::__autoscale::add(&autoscale_sites_076f0de1[9], ::__autoscale::mul(&autoscale_sites_076f0de1[8], x, x), c); }

template <typename T> T sum_scaled(const T *x, int n, T s) {
  T acc = T();
  for (int i = 0; i < n;)
    ::__autoscale::add_assign(&autoscale_sites_076f0de1[10], acc, ::__autoscale::mul(&autoscale_sites_076f0de1[11], s, x[i++])); // x[i++] is evaluated once: acc is passed by reference
  return ::__autoscale::neg(&autoscale_sites_076f0de1[12], acc);
}

template <typename T, typename U> auto mixed(T a, U b) -> decltype(a / b) {
  T t = a;
  ::__autoscale::postinc(&autoscale_sites_076f0de1[13], t);
  ::__autoscale::predec(&autoscale_sites_076f0de1[14], t);
  return ::__autoscale::div(&autoscale_sites_076f0de1[16], (::__autoscale::sub_assign(&autoscale_sites_076f0de1[15], t, b)), b);
}

template <typename T> T soft(T x) { return ::__autoscale::add(&autoscale_sites_076f0de1[21], ::__autoscale::div(&autoscale_sites_076f0de1[18], ::__autoscale::result(&autoscale_sites_076f0de1[17], std::exp(::__autoscale::operand(&autoscale_sites_076f0de1[17], 0, x))), (::__autoscale::add(&autoscale_sites_076f0de1[19], T(1), ::__autoscale::result(&autoscale_sites_076f0de1[20], std::exp(::__autoscale::operand(&autoscale_sites_076f0de1[20], 0, x)))))), ::__autoscale::result(&autoscale_sites_076f0de1[22], std::sqrt(::__autoscale::operand(&autoscale_sites_076f0de1[22], 0, ::__autoscale::mul(&autoscale_sites_076f0de1[23], x, x))))); }

// Pointer arithmetic on a dependent type is not floating-point arithmetic.
template <typename T> const T *second(const T *p) { return p + 1; }

Dual twice(Dual a) { return a + a; } // a class's own operator outside a template

float use_all(float f, double d, int i, long double ld) {
  const float xs[3] = {1.0f, 2.0f, 3.0f};
  const int is[2] = {4, 5};
  Dual dual = poly(Dual{f, 1.0f}, Dual{2.0f, 0.0f});
  std::complex<float> z = poly(std::complex<float>(f, 1.0f), std::complex<float>(0.0f, 2.0f));
  float r = autoscale_add_f(&autoscale_sites_076f0de1[26], autoscale_add_f(&autoscale_sites_076f0de1[25], autoscale_add_f(&autoscale_sites_076f0de1[24], poly(f, 2.0f), sum_scaled(xs, 3, f)), *second(xs)), soft(f));
  double rd = autoscale_add_d(&autoscale_sites_076f0de1[30], autoscale_add_d(&autoscale_sites_076f0de1[29], autoscale_add_d(&autoscale_sites_076f0de1[28], autoscale_add_d(&autoscale_sites_076f0de1[27], poly(d, 0.5), mixed(d, 2.0f)), soft(d)), mixed(i, 2.0)), static_cast<double>(soft(i)));
  int ri = poly(i, 3) + sum_scaled(is, 2, i) + mixed(i, 2);
  long double rl = poly(ld, 1.0L) + mixed(ld, d);
  return autoscale_add_f(&autoscale_sites_076f0de1[35], autoscale_add_f(&autoscale_sites_076f0de1[34], autoscale_add_f(&autoscale_sites_076f0de1[33], autoscale_add_f(&autoscale_sites_076f0de1[32], autoscale_add_f(&autoscale_sites_076f0de1[31], r, (float)rd), (float)ri), (float)rl), twice(dual).d), z.real());
}
