/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 1
#error "rewritten for autoscale ABI 1"
#endif
#ifndef AUTOSCALE_SITES_076F0DE1
#define AUTOSCALE_SITES_076F0DE1
static autoscale_site autoscale_sites_076f0de1[] = {
  AUTOSCALE_SITE("input.cpp", 9, 51, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 9, 60, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 9, 66, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 9, 70, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 10, 51, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 10, 60, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 12, 36, AUTOSCALE_OP_NEG, "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 12, 40, AUTOSCALE_OP_NEG, "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 15, 51, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 15, 55, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 20, 9, AUTOSCALE_OP_ADD, "+=", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 20, 14, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 21, 10, AUTOSCALE_OP_NEG, "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 26, 4, AUTOSCALE_OP_INC, "++", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 27, 3, AUTOSCALE_OP_DEC, "--", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 28, 13, AUTOSCALE_OP_SUB, "-=", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 28, 19, AUTOSCALE_OP_DIV, "/", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 31, 44, AUTOSCALE_OP_CALL, "std::exp", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 31, 56, AUTOSCALE_OP_DIV, "/", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 31, 64, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 31, 66, AUTOSCALE_OP_CALL, "std::exp", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 31, 79, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 31, 81, AUTOSCALE_OP_CALL, "std::sqrt", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.cpp", 31, 93, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 43, 27, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 43, 50, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 43, 64, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 44, 28, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 44, 45, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 44, 55, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 44, 71, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 47, 12, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 47, 24, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 47, 36, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 47, 48, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 47, 64, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
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

template <typename T> T poly(T x, T c) { return ::autoscale::add(&autoscale_sites_076f0de1[9], ::autoscale::mul(&autoscale_sites_076f0de1[8], x, x), c); }

template <typename T> T sum_scaled(const T *x, int n, T s) {
  T acc = T();
  for (int i = 0; i < n;)
    ::autoscale::add_assign(&autoscale_sites_076f0de1[10], acc, ::autoscale::mul(&autoscale_sites_076f0de1[11], s, x[i++])); // x[i++] is evaluated once: acc is passed by reference
  return ::autoscale::neg(&autoscale_sites_076f0de1[12], acc);
}

template <typename T, typename U> auto mixed(T a, U b) -> decltype(a / b) {
  T t = a;
  ::autoscale::postinc(&autoscale_sites_076f0de1[13], t);
  ::autoscale::predec(&autoscale_sites_076f0de1[14], t);
  return ::autoscale::div(&autoscale_sites_076f0de1[16], (::autoscale::sub_assign(&autoscale_sites_076f0de1[15], t, b)), b);
}

template <typename T> T soft(T x) { return ::autoscale::add(&autoscale_sites_076f0de1[21], ::autoscale::div(&autoscale_sites_076f0de1[18], ::autoscale::result(&autoscale_sites_076f0de1[17], std::exp(::autoscale::operand(&autoscale_sites_076f0de1[17], 0, x))), (::autoscale::add(&autoscale_sites_076f0de1[19], T(1), ::autoscale::result(&autoscale_sites_076f0de1[20], std::exp(::autoscale::operand(&autoscale_sites_076f0de1[20], 0, x)))))), ::autoscale::result(&autoscale_sites_076f0de1[22], std::sqrt(::autoscale::operand(&autoscale_sites_076f0de1[22], 0, ::autoscale::mul(&autoscale_sites_076f0de1[23], x, x))))); }

// Pointer arithmetic on a dependent type is not floating-point arithmetic.
template <typename T> const T *second(const T *p) { return p + 1; }

Dual twice(Dual a) { return a + a; } // a class's own operator outside a template

float use_all(float f, double d, int i, long double ld) {
  const float xs[3] = {1.0f, 2.0f, 3.0f};
  const int is[2] = {4, 5};
  Dual dual = poly(Dual{f, 1.0f}, Dual{2.0f, 0.0f});
  std::complex<float> z = poly(std::complex<float>(f, 1.0f), std::complex<float>(0.0f, 2.0f));
  float r = autoscale_add_f(&autoscale_sites_076f0de1[26], autoscale_add_f(&autoscale_sites_076f0de1[25], autoscale_add_f(&autoscale_sites_076f0de1[24], poly(f, 2.0f), sum_scaled(xs, 3, f)), *second(xs)), soft(f));
  double rd = autoscale_add_d(&autoscale_sites_076f0de1[30], autoscale_add_d(&autoscale_sites_076f0de1[29], autoscale_add_d(&autoscale_sites_076f0de1[28], autoscale_add_d(&autoscale_sites_076f0de1[27], poly(d, 0.5), mixed(d, 2.0f)), soft(d)), mixed(i, 2.0)), (double)(soft(i)));
  int ri = poly(i, 3) + sum_scaled(is, 2, i) + mixed(i, 2);
  long double rl = poly(ld, 1.0L) + mixed(ld, d);
  return autoscale_add_f(&autoscale_sites_076f0de1[35], autoscale_add_f(&autoscale_sites_076f0de1[34], autoscale_add_f(&autoscale_sites_076f0de1[33], autoscale_add_f(&autoscale_sites_076f0de1[32], autoscale_add_f(&autoscale_sites_076f0de1[31], r, (float)rd), (float)ri), (float)rl), twice(dual).d), z.real());
}
