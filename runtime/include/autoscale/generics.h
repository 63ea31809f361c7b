/* autoscale/generics.h: the calls autoscale-rewrite writes for operations of a C++ template whose
 * type depends on a template parameter; autoscale.h includes it in C++ (C++11 and later).
 *
 * One text serves every instantiation: each call dispatches on the operation's real type when the
 * template is instantiated. Where the plain operator computes in float or double from arithmetic
 * operands, the call is the C entry point of that type (the site executes); otherwise (int, long
 * double, class types with their own operators, complex, pointers) it is the plain operator
 * itself, and the site is not executed. Result types and value categories are exactly those of
 * the plain operators: decltype(::__autoscale::mul(s, a, b)) is decltype(a * b), and
 * ::__autoscale::add_assign(s, x, y) is the lvalue x, as x += y is. Operands are taken by
 * forwarding reference, so each is evaluated once, where the call's arguments are.
 *
 * The namespace is __autoscale, a reserved name no user code declares: a user's global
 * `bool autoscale;` or a namespace of their own called autoscale can neither break nor capture the
 * rewritten calls, which the tool writes fully qualified (::__autoscale::mul). The calls are:
 *   add sub mul div                          (site, a, b)       a op b
 *   add_assign sub_assign mul_assign div_assign (site, l, r)    l op= r, the lvalue l
 *   neg                                      (site, a)          -a
 *   preinc predec                            (site, l)          ++l, --l, the lvalue l
 *   postinc postdec                          (site, l)          l++, l--, the old value
 *   operand                                  (site, i, v)       argument i of a math call
 *   result                                   (site, v)          the result of a math call
 *
 * Template parameters and local type names are spelled AutoscaleX_: a user macro defined where the
 * header is first included (`#define T float` before a C-style generic header) cannot replace
 * them. */
#ifndef AUTOSCALE_GENERICS_H
#define AUTOSCALE_GENERICS_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#ifndef AUTOSCALE_AUTOSCALE_H
#error "autoscale/generics.h is part of autoscale/autoscale.h: include that"
#endif

namespace __autoscale {
namespace detail {

/* The few type traits needed, spelled out so that no standard header comes in (see config.h). */
template <class AutoscaleT_> struct remove_ref { typedef AutoscaleT_ type; };
template <class AutoscaleT_> struct remove_ref<AutoscaleT_ &> { typedef AutoscaleT_ type; };
template <class AutoscaleT_> struct remove_ref<AutoscaleT_ &&> { typedef AutoscaleT_ type; };
template <class AutoscaleT_> struct remove_cv { typedef AutoscaleT_ type; };
template <class AutoscaleT_> struct remove_cv<const AutoscaleT_> { typedef AutoscaleT_ type; };
template <class AutoscaleT_> struct remove_cv<volatile AutoscaleT_> { typedef AutoscaleT_ type; };
template <class AutoscaleT_> struct remove_cv<const volatile AutoscaleT_> { typedef AutoscaleT_ type; };
/* AutoscaleT_ without reference and cv-qualifiers: what matters of an operand's type here. */
template <class AutoscaleT_> struct bare { typedef typename remove_cv<typename remove_ref<AutoscaleT_>::type>::type type; };
template <bool AutoscaleC_, class AutoscaleA_, class AutoscaleB_> struct conditional { typedef AutoscaleA_ type; };
template <class AutoscaleA_, class AutoscaleB_> struct conditional<false, AutoscaleA_, AutoscaleB_> { typedef AutoscaleB_ type; };
template <class AutoscaleT_> AutoscaleT_ &&declval() noexcept; /* only in decltype */
/* An operand of a builtin float or double operation that is not a class, union or enum is
 * arithmetic (pointers, arrays and nullptr give no such operation). */
template <class AutoscaleT_, class AutoscaleB_ = typename bare<AutoscaleT_>::type> struct arith {
  static const bool value = !__is_class(AutoscaleB_) && !__is_union(AutoscaleB_) && !__is_enum(AutoscaleB_);
};

/* Routes: the plain operator, or the C entry points computing in AutoscaleC_ (float or double). */
struct plain {};
template <class AutoscaleC_> struct via {};
template <class AutoscaleT_, class AutoscaleD_ = typename remove_cv<AutoscaleT_>::type> struct route_of { typedef plain type; };
template <class AutoscaleT_> struct route_of<AutoscaleT_, float> { typedef via<float> type; };
template <class AutoscaleT_> struct route_of<AutoscaleT_, double> { typedef via<double> type; };
/* The route of an operation with plain result type AutoscaleR_ and operands AutoscaleA_ (and
 * AutoscaleB_): the C entry points only compute the builtin operators, so a class operand keeps
 * the plain operator. */
template <class AutoscaleR_, class AutoscaleA_, class AutoscaleB_ = int>
struct route : route_of<typename conditional<arith<AutoscaleA_>::value && arith<AutoscaleB_>::value, AutoscaleR_, void>::type> {};
/* lhs op= rhs computes in the type of lhs op rhs on the values, then converts to lhs's type. */
template <class AutoscaleL_, class AutoscaleR_, bool = arith<AutoscaleL_>::value && arith<AutoscaleR_>::value> struct assign_route { typedef plain type; };
template <class AutoscaleL_, class AutoscaleR_>
struct assign_route<AutoscaleL_, AutoscaleR_, true>
    : route_of<decltype(declval<typename bare<AutoscaleL_>::type>() + declval<typename bare<AutoscaleR_>::type>())> {};

AUTOSCALE_HOST_DEVICE inline float binary(autoscale_site *s, int op, via<float>, float a, float b) { return ::autoscale_binary_f(s, op, a, b); }
AUTOSCALE_HOST_DEVICE inline double binary(autoscale_site *s, int op, via<double>, double a, double b) { return ::autoscale_binary_d(s, op, a, b); }
AUTOSCALE_HOST_DEVICE inline float neg(via<float>, autoscale_site *s, float a) { return ::autoscale_neg_f(s, a); }
AUTOSCALE_HOST_DEVICE inline double neg(via<double>, autoscale_site *s, double a) { return ::autoscale_neg_d(s, a); }
template <class AutoscaleA_> AUTOSCALE_HOST_DEVICE inline auto neg(plain, autoscale_site *, AutoscaleA_ &&a) -> decltype(-static_cast<AutoscaleA_ &&>(a)) { return -static_cast<AutoscaleA_ &&>(a); }
AUTOSCALE_HOST_DEVICE inline float operand(via<float>, autoscale_site *s, int i, float v) { return ::autoscale_operand_f(s, i, v); }
AUTOSCALE_HOST_DEVICE inline double operand(via<double>, autoscale_site *s, int i, double v) { return ::autoscale_operand_d(s, i, v); }
template <class AutoscaleT_> AUTOSCALE_HOST_DEVICE inline AutoscaleT_ operand(plain, autoscale_site *, int, AutoscaleT_ &&v) { return static_cast<AutoscaleT_ &&>(v); }
AUTOSCALE_HOST_DEVICE inline float result(via<float>, autoscale_site *s, float v) { return ::autoscale_result_f(s, v); }
AUTOSCALE_HOST_DEVICE inline double result(via<double>, autoscale_site *s, double v) { return ::autoscale_result_d(s, v); }
template <class AutoscaleT_> AUTOSCALE_HOST_DEVICE inline AutoscaleT_ result(plain, autoscale_site *, AutoscaleT_ &&v) { return static_cast<AutoscaleT_ &&>(v); }
/* A math call's argument or result: float and double are rounded (prvalues); other lvalues are
 * forwarded as lvalues, other rvalues as values (an rvalue reference to a call's temporary result
 * would dangle once the full expression ends: const T &r = std::exp(x)). */
template <class AutoscaleT_, class AutoscaleD_ = typename bare<AutoscaleT_>::type> struct passed { typedef AutoscaleT_ type; };
template <class AutoscaleT_> struct passed<AutoscaleT_, float> { typedef float type; };
template <class AutoscaleT_> struct passed<AutoscaleT_, double> { typedef double type; };

/* lhs = lhs op rhs computed in AutoscaleC_, converted back to lhs's type; the lvalue lhs. */
template <class AutoscaleC_, class AutoscaleL_, class AutoscaleR_>
AUTOSCALE_HOST_DEVICE inline AutoscaleL_ &assign(via<AutoscaleC_> t, autoscale_site *s, int op, AutoscaleL_ &l, AutoscaleR_ &&r) {
  l = static_cast<typename remove_cv<AutoscaleL_>::type>(binary(s, op, t, static_cast<AutoscaleC_>(l), static_cast<AutoscaleC_>(r)));
  return l;
}
template <class AutoscaleC_, class AutoscaleL_>
AUTOSCALE_HOST_DEVICE inline typename remove_cv<AutoscaleL_>::type post(via<AutoscaleC_> t, autoscale_site *s, int op, AutoscaleL_ &l) {
  typedef typename remove_cv<AutoscaleL_>::type AutoscaleV_;
  AutoscaleV_ old = l; /* one read, as x++ makes */
  l = static_cast<AutoscaleV_>(binary(s, op, t, static_cast<AutoscaleC_>(old), AutoscaleC_(1)));
  return old;
}

/* Each operator twice: the plain operation, and the one through the runtime (route via<AutoscaleC_>). */
template <class AutoscaleA_, class AutoscaleB_>
AUTOSCALE_HOST_DEVICE inline auto add(plain, autoscale_site *, AutoscaleA_ &&a, AutoscaleB_ &&b) -> decltype(static_cast<AutoscaleA_ &&>(a) + static_cast<AutoscaleB_ &&>(b)) {
  return static_cast<AutoscaleA_ &&>(a) + static_cast<AutoscaleB_ &&>(b);
}
template <class AutoscaleC_, class AutoscaleA_, class AutoscaleB_>
AUTOSCALE_HOST_DEVICE inline AutoscaleC_ add(via<AutoscaleC_> t, autoscale_site *s, AutoscaleA_ &&a, AutoscaleB_ &&b) {
  return binary(s, AUTOSCALE_OP_ADD, t, static_cast<AutoscaleC_>(a), static_cast<AutoscaleC_>(b));
}
template <class AutoscaleL_, class AutoscaleR_>
AUTOSCALE_HOST_DEVICE inline auto add_assign(plain, autoscale_site *, AutoscaleL_ &&l, AutoscaleR_ &&r) -> decltype(static_cast<AutoscaleL_ &&>(l) += static_cast<AutoscaleR_ &&>(r)) {
  return static_cast<AutoscaleL_ &&>(l) += static_cast<AutoscaleR_ &&>(r);
}
template <class AutoscaleC_, class AutoscaleL_, class AutoscaleR_>
AUTOSCALE_HOST_DEVICE inline AutoscaleL_ &add_assign(via<AutoscaleC_> t, autoscale_site *s, AutoscaleL_ &l, AutoscaleR_ &&r) {
  return assign(t, s, AUTOSCALE_OP_ADD, l, static_cast<AutoscaleR_ &&>(r));
}
template <class AutoscaleA_, class AutoscaleB_>
AUTOSCALE_HOST_DEVICE inline auto sub(plain, autoscale_site *, AutoscaleA_ &&a, AutoscaleB_ &&b) -> decltype(static_cast<AutoscaleA_ &&>(a) - static_cast<AutoscaleB_ &&>(b)) {
  return static_cast<AutoscaleA_ &&>(a) - static_cast<AutoscaleB_ &&>(b);
}
template <class AutoscaleC_, class AutoscaleA_, class AutoscaleB_>
AUTOSCALE_HOST_DEVICE inline AutoscaleC_ sub(via<AutoscaleC_> t, autoscale_site *s, AutoscaleA_ &&a, AutoscaleB_ &&b) {
  return binary(s, AUTOSCALE_OP_SUB, t, static_cast<AutoscaleC_>(a), static_cast<AutoscaleC_>(b));
}
template <class AutoscaleL_, class AutoscaleR_>
AUTOSCALE_HOST_DEVICE inline auto sub_assign(plain, autoscale_site *, AutoscaleL_ &&l, AutoscaleR_ &&r) -> decltype(static_cast<AutoscaleL_ &&>(l) -= static_cast<AutoscaleR_ &&>(r)) {
  return static_cast<AutoscaleL_ &&>(l) -= static_cast<AutoscaleR_ &&>(r);
}
template <class AutoscaleC_, class AutoscaleL_, class AutoscaleR_>
AUTOSCALE_HOST_DEVICE inline AutoscaleL_ &sub_assign(via<AutoscaleC_> t, autoscale_site *s, AutoscaleL_ &l, AutoscaleR_ &&r) {
  return assign(t, s, AUTOSCALE_OP_SUB, l, static_cast<AutoscaleR_ &&>(r));
}
template <class AutoscaleA_, class AutoscaleB_>
AUTOSCALE_HOST_DEVICE inline auto mul(plain, autoscale_site *, AutoscaleA_ &&a, AutoscaleB_ &&b) -> decltype(static_cast<AutoscaleA_ &&>(a) * static_cast<AutoscaleB_ &&>(b)) {
  return static_cast<AutoscaleA_ &&>(a) * static_cast<AutoscaleB_ &&>(b);
}
template <class AutoscaleC_, class AutoscaleA_, class AutoscaleB_>
AUTOSCALE_HOST_DEVICE inline AutoscaleC_ mul(via<AutoscaleC_> t, autoscale_site *s, AutoscaleA_ &&a, AutoscaleB_ &&b) {
  return binary(s, AUTOSCALE_OP_MUL, t, static_cast<AutoscaleC_>(a), static_cast<AutoscaleC_>(b));
}
template <class AutoscaleL_, class AutoscaleR_>
AUTOSCALE_HOST_DEVICE inline auto mul_assign(plain, autoscale_site *, AutoscaleL_ &&l, AutoscaleR_ &&r) -> decltype(static_cast<AutoscaleL_ &&>(l) *= static_cast<AutoscaleR_ &&>(r)) {
  return static_cast<AutoscaleL_ &&>(l) *= static_cast<AutoscaleR_ &&>(r);
}
template <class AutoscaleC_, class AutoscaleL_, class AutoscaleR_>
AUTOSCALE_HOST_DEVICE inline AutoscaleL_ &mul_assign(via<AutoscaleC_> t, autoscale_site *s, AutoscaleL_ &l, AutoscaleR_ &&r) {
  return assign(t, s, AUTOSCALE_OP_MUL, l, static_cast<AutoscaleR_ &&>(r));
}
template <class AutoscaleA_, class AutoscaleB_>
AUTOSCALE_HOST_DEVICE inline auto div(plain, autoscale_site *, AutoscaleA_ &&a, AutoscaleB_ &&b) -> decltype(static_cast<AutoscaleA_ &&>(a) / static_cast<AutoscaleB_ &&>(b)) {
  return static_cast<AutoscaleA_ &&>(a) / static_cast<AutoscaleB_ &&>(b);
}
template <class AutoscaleC_, class AutoscaleA_, class AutoscaleB_>
AUTOSCALE_HOST_DEVICE inline AutoscaleC_ div(via<AutoscaleC_> t, autoscale_site *s, AutoscaleA_ &&a, AutoscaleB_ &&b) {
  return binary(s, AUTOSCALE_OP_DIV, t, static_cast<AutoscaleC_>(a), static_cast<AutoscaleC_>(b));
}
template <class AutoscaleL_, class AutoscaleR_>
AUTOSCALE_HOST_DEVICE inline auto div_assign(plain, autoscale_site *, AutoscaleL_ &&l, AutoscaleR_ &&r) -> decltype(static_cast<AutoscaleL_ &&>(l) /= static_cast<AutoscaleR_ &&>(r)) {
  return static_cast<AutoscaleL_ &&>(l) /= static_cast<AutoscaleR_ &&>(r);
}
template <class AutoscaleC_, class AutoscaleL_, class AutoscaleR_>
AUTOSCALE_HOST_DEVICE inline AutoscaleL_ &div_assign(via<AutoscaleC_> t, autoscale_site *s, AutoscaleL_ &l, AutoscaleR_ &&r) {
  return assign(t, s, AUTOSCALE_OP_DIV, l, static_cast<AutoscaleR_ &&>(r));
}
template <class AutoscaleL_>
AUTOSCALE_HOST_DEVICE inline auto preinc(plain, autoscale_site *, AutoscaleL_ &&l) -> decltype(++static_cast<AutoscaleL_ &&>(l)) {
  return ++static_cast<AutoscaleL_ &&>(l);
}
template <class AutoscaleC_, class AutoscaleL_>
AUTOSCALE_HOST_DEVICE inline AutoscaleL_ &preinc(via<AutoscaleC_> t, autoscale_site *s, AutoscaleL_ &l) {
  return assign(t, s, AUTOSCALE_OP_ADD, l, AutoscaleC_(1));
}
template <class AutoscaleL_>
AUTOSCALE_HOST_DEVICE inline auto postinc(plain, autoscale_site *, AutoscaleL_ &&l) -> decltype(static_cast<AutoscaleL_ &&>(l)++) {
  return static_cast<AutoscaleL_ &&>(l)++;
}
template <class AutoscaleC_, class AutoscaleL_>
AUTOSCALE_HOST_DEVICE inline typename remove_cv<AutoscaleL_>::type postinc(via<AutoscaleC_> t, autoscale_site *s, AutoscaleL_ &l) {
  return post(t, s, AUTOSCALE_OP_ADD, l);
}
template <class AutoscaleL_>
AUTOSCALE_HOST_DEVICE inline auto predec(plain, autoscale_site *, AutoscaleL_ &&l) -> decltype(--static_cast<AutoscaleL_ &&>(l)) {
  return --static_cast<AutoscaleL_ &&>(l);
}
template <class AutoscaleC_, class AutoscaleL_>
AUTOSCALE_HOST_DEVICE inline AutoscaleL_ &predec(via<AutoscaleC_> t, autoscale_site *s, AutoscaleL_ &l) {
  return assign(t, s, AUTOSCALE_OP_SUB, l, AutoscaleC_(1));
}
template <class AutoscaleL_>
AUTOSCALE_HOST_DEVICE inline auto postdec(plain, autoscale_site *, AutoscaleL_ &&l) -> decltype(static_cast<AutoscaleL_ &&>(l)--) {
  return static_cast<AutoscaleL_ &&>(l)--;
}
template <class AutoscaleC_, class AutoscaleL_>
AUTOSCALE_HOST_DEVICE inline typename remove_cv<AutoscaleL_>::type postdec(via<AutoscaleC_> t, autoscale_site *s, AutoscaleL_ &l) {
  return post(t, s, AUTOSCALE_OP_SUB, l);
}
} /* namespace detail */

/* a op b, routed on the plain operator's result type AutoscaleR_. */
template <class AutoscaleA_, class AutoscaleB_>
AUTOSCALE_HOST_DEVICE inline auto add(autoscale_site *s, AutoscaleA_ &&a, AutoscaleB_ &&b) -> decltype(static_cast<AutoscaleA_ &&>(a) + static_cast<AutoscaleB_ &&>(b)) {
  typedef decltype(static_cast<AutoscaleA_ &&>(a) + static_cast<AutoscaleB_ &&>(b)) AutoscaleR_;
  return detail::add(typename detail::route<AutoscaleR_, AutoscaleA_, AutoscaleB_>::type(), s, static_cast<AutoscaleA_ &&>(a), static_cast<AutoscaleB_ &&>(b));
}
template <class AutoscaleA_, class AutoscaleB_>
AUTOSCALE_HOST_DEVICE inline auto sub(autoscale_site *s, AutoscaleA_ &&a, AutoscaleB_ &&b) -> decltype(static_cast<AutoscaleA_ &&>(a) - static_cast<AutoscaleB_ &&>(b)) {
  typedef decltype(static_cast<AutoscaleA_ &&>(a) - static_cast<AutoscaleB_ &&>(b)) AutoscaleR_;
  return detail::sub(typename detail::route<AutoscaleR_, AutoscaleA_, AutoscaleB_>::type(), s, static_cast<AutoscaleA_ &&>(a), static_cast<AutoscaleB_ &&>(b));
}
template <class AutoscaleA_, class AutoscaleB_>
AUTOSCALE_HOST_DEVICE inline auto mul(autoscale_site *s, AutoscaleA_ &&a, AutoscaleB_ &&b) -> decltype(static_cast<AutoscaleA_ &&>(a) * static_cast<AutoscaleB_ &&>(b)) {
  typedef decltype(static_cast<AutoscaleA_ &&>(a) * static_cast<AutoscaleB_ &&>(b)) AutoscaleR_;
  return detail::mul(typename detail::route<AutoscaleR_, AutoscaleA_, AutoscaleB_>::type(), s, static_cast<AutoscaleA_ &&>(a), static_cast<AutoscaleB_ &&>(b));
}
template <class AutoscaleA_, class AutoscaleB_>
AUTOSCALE_HOST_DEVICE inline auto div(autoscale_site *s, AutoscaleA_ &&a, AutoscaleB_ &&b) -> decltype(static_cast<AutoscaleA_ &&>(a) / static_cast<AutoscaleB_ &&>(b)) {
  typedef decltype(static_cast<AutoscaleA_ &&>(a) / static_cast<AutoscaleB_ &&>(b)) AutoscaleR_;
  return detail::div(typename detail::route<AutoscaleR_, AutoscaleA_, AutoscaleB_>::type(), s, static_cast<AutoscaleA_ &&>(a), static_cast<AutoscaleB_ &&>(b));
}

/* lhs op= rhs: lhs is passed by reference (evaluated once), and the result is that lvalue. */
template <class AutoscaleL_, class AutoscaleR_>
AUTOSCALE_HOST_DEVICE inline auto add_assign(autoscale_site *s, AutoscaleL_ &&l, AutoscaleR_ &&r) -> decltype(static_cast<AutoscaleL_ &&>(l) += static_cast<AutoscaleR_ &&>(r)) {
  return detail::add_assign(typename detail::assign_route<AutoscaleL_, AutoscaleR_>::type(), s, static_cast<AutoscaleL_ &&>(l), static_cast<AutoscaleR_ &&>(r));
}
template <class AutoscaleL_, class AutoscaleR_>
AUTOSCALE_HOST_DEVICE inline auto sub_assign(autoscale_site *s, AutoscaleL_ &&l, AutoscaleR_ &&r) -> decltype(static_cast<AutoscaleL_ &&>(l) -= static_cast<AutoscaleR_ &&>(r)) {
  return detail::sub_assign(typename detail::assign_route<AutoscaleL_, AutoscaleR_>::type(), s, static_cast<AutoscaleL_ &&>(l), static_cast<AutoscaleR_ &&>(r));
}
template <class AutoscaleL_, class AutoscaleR_>
AUTOSCALE_HOST_DEVICE inline auto mul_assign(autoscale_site *s, AutoscaleL_ &&l, AutoscaleR_ &&r) -> decltype(static_cast<AutoscaleL_ &&>(l) *= static_cast<AutoscaleR_ &&>(r)) {
  return detail::mul_assign(typename detail::assign_route<AutoscaleL_, AutoscaleR_>::type(), s, static_cast<AutoscaleL_ &&>(l), static_cast<AutoscaleR_ &&>(r));
}
template <class AutoscaleL_, class AutoscaleR_>
AUTOSCALE_HOST_DEVICE inline auto div_assign(autoscale_site *s, AutoscaleL_ &&l, AutoscaleR_ &&r) -> decltype(static_cast<AutoscaleL_ &&>(l) /= static_cast<AutoscaleR_ &&>(r)) {
  return detail::div_assign(typename detail::assign_route<AutoscaleL_, AutoscaleR_>::type(), s, static_cast<AutoscaleL_ &&>(l), static_cast<AutoscaleR_ &&>(r));
}

/* -a */
template <class AutoscaleA_>
AUTOSCALE_HOST_DEVICE inline auto neg(autoscale_site *s, AutoscaleA_ &&a) -> decltype(-static_cast<AutoscaleA_ &&>(a)) {
  typedef decltype(-static_cast<AutoscaleA_ &&>(a)) AutoscaleR_;
  return detail::neg(typename detail::route<AutoscaleR_, AutoscaleA_>::type(), s, static_cast<AutoscaleA_ &&>(a));
}

/* ++x, --x (the lvalue x) and x++, x-- (the old value): x = x +- 1 in x's type. */
template <class AutoscaleL_>
AUTOSCALE_HOST_DEVICE inline auto preinc(autoscale_site *s, AutoscaleL_ &&l) -> decltype(++static_cast<AutoscaleL_ &&>(l)) {
  typedef typename detail::remove_ref<AutoscaleL_>::type AutoscaleV_;
  return detail::preinc(typename detail::route<AutoscaleV_, AutoscaleV_>::type(), s, static_cast<AutoscaleL_ &&>(l));
}
template <class AutoscaleL_>
AUTOSCALE_HOST_DEVICE inline auto predec(autoscale_site *s, AutoscaleL_ &&l) -> decltype(--static_cast<AutoscaleL_ &&>(l)) {
  typedef typename detail::remove_ref<AutoscaleL_>::type AutoscaleV_;
  return detail::predec(typename detail::route<AutoscaleV_, AutoscaleV_>::type(), s, static_cast<AutoscaleL_ &&>(l));
}
template <class AutoscaleL_>
AUTOSCALE_HOST_DEVICE inline auto postinc(autoscale_site *s, AutoscaleL_ &&l) -> decltype(static_cast<AutoscaleL_ &&>(l)++) {
  typedef typename detail::remove_ref<AutoscaleL_>::type AutoscaleV_;
  return detail::postinc(typename detail::route<AutoscaleV_, AutoscaleV_>::type(), s, static_cast<AutoscaleL_ &&>(l));
}
template <class AutoscaleL_>
AUTOSCALE_HOST_DEVICE inline auto postdec(autoscale_site *s, AutoscaleL_ &&l) -> decltype(static_cast<AutoscaleL_ &&>(l)--) {
  typedef typename detail::remove_ref<AutoscaleL_>::type AutoscaleV_;
  return detail::postdec(typename detail::route<AutoscaleV_, AutoscaleV_>::type(), s, static_cast<AutoscaleL_ &&>(l));
}

/* Math calls: operand i of the call, and its result. */
template <class AutoscaleT_>
AUTOSCALE_HOST_DEVICE inline auto operand(autoscale_site *s, int i, AutoscaleT_ &&v) -> typename detail::passed<AutoscaleT_>::type {
  return detail::operand(typename detail::route_of<typename detail::bare<AutoscaleT_>::type>::type(), s, i, static_cast<AutoscaleT_ &&>(v));
}
template <class AutoscaleT_>
AUTOSCALE_HOST_DEVICE inline auto result(autoscale_site *s, AutoscaleT_ &&v) -> typename detail::passed<AutoscaleT_>::type {
  return detail::result(typename detail::route_of<typename detail::bare<AutoscaleT_>::type>::type(), s, static_cast<AutoscaleT_ &&>(v));
}

/* A template's loop nest (autoscale_matmul_nest_* and autoscale_matmul_nest_factors_*): the
 * runtime's product where the instantiation's result C is float or double (its operands then are
 * too: the rewrite proved the same product in each such instantiation), else 0, for the loops as
 * written to run. Host only. */
namespace detail {
inline int matmul_nest(via<float>, autoscale_site *s, size_t m, size_t n, size_t k, const float *a, ptrdiff_t a_rs,
                       ptrdiff_t a_cs, const float *b, ptrdiff_t b_rs, ptrdiff_t b_cs, const float *d, ptrdiff_t d_rs,
                       ptrdiff_t d_cs, float *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  return ::autoscale_matmul_nest_f(s, m, n, k, a, a_rs, a_cs, b, b_rs, b_cs, d, d_rs, d_cs, c, c_rs, c_cs);
}
inline int matmul_nest(via<double>, autoscale_site *s, size_t m, size_t n, size_t k, const double *a, ptrdiff_t a_rs,
                       ptrdiff_t a_cs, const double *b, ptrdiff_t b_rs, ptrdiff_t b_cs, const double *d, ptrdiff_t d_rs,
                       ptrdiff_t d_cs, double *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  return ::autoscale_matmul_nest_d(s, m, n, k, a, a_rs, a_cs, b, b_rs, b_cs, d, d_rs, d_cs, c, c_rs, c_cs);
}
template <class... AutoscaleA_> inline int matmul_nest(plain, AutoscaleA_ &&...) { return 0; }
inline int matmul_nest_factors(via<float>, autoscale_site *s, size_t m, size_t n, size_t k, float a_factor,
                               const float *a, ptrdiff_t a_rs, ptrdiff_t a_cs, float b_factor, const float *b,
                               ptrdiff_t b_rs, ptrdiff_t b_cs, float product_factor, const float *d, ptrdiff_t d_rs,
                               ptrdiff_t d_cs, float *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  return ::autoscale_matmul_nest_factors_f(s, m, n, k, a_factor, a, a_rs, a_cs, b_factor, b, b_rs, b_cs, product_factor,
                                           d, d_rs, d_cs, c, c_rs, c_cs);
}
inline int matmul_nest_factors(via<double>, autoscale_site *s, size_t m, size_t n, size_t k, double a_factor,
                               const double *a, ptrdiff_t a_rs, ptrdiff_t a_cs, double b_factor, const double *b,
                               ptrdiff_t b_rs, ptrdiff_t b_cs, double product_factor, const double *d, ptrdiff_t d_rs,
                               ptrdiff_t d_cs, double *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  return ::autoscale_matmul_nest_factors_d(s, m, n, k, a_factor, a, a_rs, a_cs, b_factor, b, b_rs, b_cs, product_factor,
                                           d, d_rs, d_cs, c, c_rs, c_cs);
}
template <class... AutoscaleA_> inline int matmul_nest_factors(plain, AutoscaleA_ &&...) { return 0; }
} /* namespace detail */

template <class AutoscaleA_, class AutoscaleB_, class AutoscaleD_, class AutoscaleC_>
inline int matmul_nest(autoscale_site *s, size_t m, size_t n, size_t k, AutoscaleA_ *a, ptrdiff_t a_rs, ptrdiff_t a_cs,
                       AutoscaleB_ *b, ptrdiff_t b_rs, ptrdiff_t b_cs, AutoscaleD_ d, ptrdiff_t d_rs, ptrdiff_t d_cs,
                       AutoscaleC_ *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  return detail::matmul_nest(typename detail::route_of<AutoscaleC_>::type(), s, m, n, k, a, a_rs, a_cs, b, b_rs, b_cs,
                             d, d_rs, d_cs, c, c_rs, c_cs);
}
template <class AutoscaleFA_, class AutoscaleA_, class AutoscaleFB_, class AutoscaleB_, class AutoscaleFP_,
          class AutoscaleD_, class AutoscaleC_>
inline int matmul_nest_factors(autoscale_site *s, size_t m, size_t n, size_t k, AutoscaleFA_ a_factor, AutoscaleA_ *a,
                               ptrdiff_t a_rs, ptrdiff_t a_cs, AutoscaleFB_ b_factor, AutoscaleB_ *b, ptrdiff_t b_rs,
                               ptrdiff_t b_cs, AutoscaleFP_ product_factor, AutoscaleD_ d, ptrdiff_t d_rs,
                               ptrdiff_t d_cs, AutoscaleC_ *c, ptrdiff_t c_rs, ptrdiff_t c_cs) {
  return detail::matmul_nest_factors(typename detail::route_of<AutoscaleC_>::type(), s, m, n, k, a_factor, a, a_rs,
                                     a_cs, b_factor, b, b_rs, b_cs, product_factor, d, d_rs, d_cs, c, c_rs, c_cs);
}
} /* namespace __autoscale */

#endif
