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
 *   result                                   (site, v)          the result of a math call */
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
template <class T> struct remove_ref { typedef T type; };
template <class T> struct remove_ref<T &> { typedef T type; };
template <class T> struct remove_ref<T &&> { typedef T type; };
template <class T> struct remove_cv { typedef T type; };
template <class T> struct remove_cv<const T> { typedef T type; };
template <class T> struct remove_cv<volatile T> { typedef T type; };
template <class T> struct remove_cv<const volatile T> { typedef T type; };
/* T without reference and cv-qualifiers: what matters of an operand's type here. */
template <class T> struct bare { typedef typename remove_cv<typename remove_ref<T>::type>::type type; };
template <bool C, class A, class B> struct conditional { typedef A type; };
template <class A, class B> struct conditional<false, A, B> { typedef B type; };
template <class T> T &&declval() noexcept; /* only in decltype */
/* An operand of a builtin float or double operation that is not a class, union or enum is
 * arithmetic (pointers, arrays and nullptr give no such operation). */
template <class T, class B = typename bare<T>::type> struct arith {
  static const bool value = !__is_class(B) && !__is_union(B) && !__is_enum(B);
};

/* Routes: the plain operator, or the C entry points computing in C (float or double). */
struct plain {};
template <class C> struct via {};
template <class T, class D = typename remove_cv<T>::type> struct route_of { typedef plain type; };
template <class T> struct route_of<T, float> { typedef via<float> type; };
template <class T> struct route_of<T, double> { typedef via<double> type; };
/* The route of an operation with plain result type R and operands A (and B): the C entry points
 * only compute the builtin operators, so a class operand keeps the plain operator. */
template <class R, class A, class B = int>
struct route : route_of<typename conditional<arith<A>::value && arith<B>::value, R, void>::type> {};
/* lhs op= rhs computes in the type of lhs op rhs on the values, then converts to lhs's type. */
template <class L, class R, bool = arith<L>::value && arith<R>::value> struct assign_route { typedef plain type; };
template <class L, class R>
struct assign_route<L, R, true>
    : route_of<decltype(declval<typename bare<L>::type>() + declval<typename bare<R>::type>())> {};

AUTOSCALE_HOST_DEVICE inline float binary(autoscale_site *s, int op, via<float>, float a, float b) { return ::autoscale_binary_f(s, op, a, b); }
AUTOSCALE_HOST_DEVICE inline double binary(autoscale_site *s, int op, via<double>, double a, double b) { return ::autoscale_binary_d(s, op, a, b); }
AUTOSCALE_HOST_DEVICE inline float neg(via<float>, autoscale_site *s, float a) { return ::autoscale_neg_f(s, a); }
AUTOSCALE_HOST_DEVICE inline double neg(via<double>, autoscale_site *s, double a) { return ::autoscale_neg_d(s, a); }
template <class A> AUTOSCALE_HOST_DEVICE inline auto neg(plain, autoscale_site *, A &&a) -> decltype(-static_cast<A &&>(a)) { return -static_cast<A &&>(a); }
AUTOSCALE_HOST_DEVICE inline float operand(via<float>, autoscale_site *s, int i, float v) { return ::autoscale_operand_f(s, i, v); }
AUTOSCALE_HOST_DEVICE inline double operand(via<double>, autoscale_site *s, int i, double v) { return ::autoscale_operand_d(s, i, v); }
template <class T> AUTOSCALE_HOST_DEVICE inline T operand(plain, autoscale_site *, int, T &&v) { return static_cast<T &&>(v); }
AUTOSCALE_HOST_DEVICE inline float result(via<float>, autoscale_site *s, float v) { return ::autoscale_result_f(s, v); }
AUTOSCALE_HOST_DEVICE inline double result(via<double>, autoscale_site *s, double v) { return ::autoscale_result_d(s, v); }
template <class T> AUTOSCALE_HOST_DEVICE inline T result(plain, autoscale_site *, T &&v) { return static_cast<T &&>(v); }
/* A math call's argument or result: float and double are rounded (prvalues); other lvalues are
 * forwarded as lvalues, other rvalues as values (an rvalue reference to a call's temporary result
 * would dangle once the full expression ends: const T &r = std::exp(x)). */
template <class T, class D = typename bare<T>::type> struct passed { typedef T type; };
template <class T> struct passed<T, float> { typedef float type; };
template <class T> struct passed<T, double> { typedef double type; };

/* lhs = lhs op rhs computed in C, converted back to lhs's type; the lvalue lhs. */
template <class C, class L, class R>
AUTOSCALE_HOST_DEVICE inline L &assign(via<C> t, autoscale_site *s, int op, L &l, R &&r) {
  l = static_cast<typename remove_cv<L>::type>(binary(s, op, t, static_cast<C>(l), static_cast<C>(r)));
  return l;
}
template <class C, class L>
AUTOSCALE_HOST_DEVICE inline typename remove_cv<L>::type post(via<C> t, autoscale_site *s, int op, L &l) {
  typedef typename remove_cv<L>::type V;
  V old = l; /* one read, as x++ makes */
  l = static_cast<V>(binary(s, op, t, static_cast<C>(old), C(1)));
  return old;
}

/* Each operator twice: the plain operation, and the one through the runtime (route via<C>). */
template <class A, class B>
AUTOSCALE_HOST_DEVICE inline auto add(plain, autoscale_site *, A &&a, B &&b) -> decltype(static_cast<A &&>(a) + static_cast<B &&>(b)) {
  return static_cast<A &&>(a) + static_cast<B &&>(b);
}
template <class C, class A, class B>
AUTOSCALE_HOST_DEVICE inline C add(via<C> t, autoscale_site *s, A &&a, B &&b) {
  return binary(s, AUTOSCALE_OP_ADD, t, static_cast<C>(a), static_cast<C>(b));
}
template <class L, class R>
AUTOSCALE_HOST_DEVICE inline auto add_assign(plain, autoscale_site *, L &&l, R &&r) -> decltype(static_cast<L &&>(l) += static_cast<R &&>(r)) {
  return static_cast<L &&>(l) += static_cast<R &&>(r);
}
template <class C, class L, class R>
AUTOSCALE_HOST_DEVICE inline L &add_assign(via<C> t, autoscale_site *s, L &l, R &&r) {
  return assign(t, s, AUTOSCALE_OP_ADD, l, static_cast<R &&>(r));
}
template <class A, class B>
AUTOSCALE_HOST_DEVICE inline auto sub(plain, autoscale_site *, A &&a, B &&b) -> decltype(static_cast<A &&>(a) - static_cast<B &&>(b)) {
  return static_cast<A &&>(a) - static_cast<B &&>(b);
}
template <class C, class A, class B>
AUTOSCALE_HOST_DEVICE inline C sub(via<C> t, autoscale_site *s, A &&a, B &&b) {
  return binary(s, AUTOSCALE_OP_SUB, t, static_cast<C>(a), static_cast<C>(b));
}
template <class L, class R>
AUTOSCALE_HOST_DEVICE inline auto sub_assign(plain, autoscale_site *, L &&l, R &&r) -> decltype(static_cast<L &&>(l) -= static_cast<R &&>(r)) {
  return static_cast<L &&>(l) -= static_cast<R &&>(r);
}
template <class C, class L, class R>
AUTOSCALE_HOST_DEVICE inline L &sub_assign(via<C> t, autoscale_site *s, L &l, R &&r) {
  return assign(t, s, AUTOSCALE_OP_SUB, l, static_cast<R &&>(r));
}
template <class A, class B>
AUTOSCALE_HOST_DEVICE inline auto mul(plain, autoscale_site *, A &&a, B &&b) -> decltype(static_cast<A &&>(a) * static_cast<B &&>(b)) {
  return static_cast<A &&>(a) * static_cast<B &&>(b);
}
template <class C, class A, class B>
AUTOSCALE_HOST_DEVICE inline C mul(via<C> t, autoscale_site *s, A &&a, B &&b) {
  return binary(s, AUTOSCALE_OP_MUL, t, static_cast<C>(a), static_cast<C>(b));
}
template <class L, class R>
AUTOSCALE_HOST_DEVICE inline auto mul_assign(plain, autoscale_site *, L &&l, R &&r) -> decltype(static_cast<L &&>(l) *= static_cast<R &&>(r)) {
  return static_cast<L &&>(l) *= static_cast<R &&>(r);
}
template <class C, class L, class R>
AUTOSCALE_HOST_DEVICE inline L &mul_assign(via<C> t, autoscale_site *s, L &l, R &&r) {
  return assign(t, s, AUTOSCALE_OP_MUL, l, static_cast<R &&>(r));
}
template <class A, class B>
AUTOSCALE_HOST_DEVICE inline auto div(plain, autoscale_site *, A &&a, B &&b) -> decltype(static_cast<A &&>(a) / static_cast<B &&>(b)) {
  return static_cast<A &&>(a) / static_cast<B &&>(b);
}
template <class C, class A, class B>
AUTOSCALE_HOST_DEVICE inline C div(via<C> t, autoscale_site *s, A &&a, B &&b) {
  return binary(s, AUTOSCALE_OP_DIV, t, static_cast<C>(a), static_cast<C>(b));
}
template <class L, class R>
AUTOSCALE_HOST_DEVICE inline auto div_assign(plain, autoscale_site *, L &&l, R &&r) -> decltype(static_cast<L &&>(l) /= static_cast<R &&>(r)) {
  return static_cast<L &&>(l) /= static_cast<R &&>(r);
}
template <class C, class L, class R>
AUTOSCALE_HOST_DEVICE inline L &div_assign(via<C> t, autoscale_site *s, L &l, R &&r) {
  return assign(t, s, AUTOSCALE_OP_DIV, l, static_cast<R &&>(r));
}
template <class L>
AUTOSCALE_HOST_DEVICE inline auto preinc(plain, autoscale_site *, L &&l) -> decltype(++static_cast<L &&>(l)) {
  return ++static_cast<L &&>(l);
}
template <class C, class L>
AUTOSCALE_HOST_DEVICE inline L &preinc(via<C> t, autoscale_site *s, L &l) {
  return assign(t, s, AUTOSCALE_OP_ADD, l, C(1));
}
template <class L>
AUTOSCALE_HOST_DEVICE inline auto postinc(plain, autoscale_site *, L &&l) -> decltype(static_cast<L &&>(l)++) {
  return static_cast<L &&>(l)++;
}
template <class C, class L>
AUTOSCALE_HOST_DEVICE inline typename remove_cv<L>::type postinc(via<C> t, autoscale_site *s, L &l) {
  return post(t, s, AUTOSCALE_OP_ADD, l);
}
template <class L>
AUTOSCALE_HOST_DEVICE inline auto predec(plain, autoscale_site *, L &&l) -> decltype(--static_cast<L &&>(l)) {
  return --static_cast<L &&>(l);
}
template <class C, class L>
AUTOSCALE_HOST_DEVICE inline L &predec(via<C> t, autoscale_site *s, L &l) {
  return assign(t, s, AUTOSCALE_OP_SUB, l, C(1));
}
template <class L>
AUTOSCALE_HOST_DEVICE inline auto postdec(plain, autoscale_site *, L &&l) -> decltype(static_cast<L &&>(l)--) {
  return static_cast<L &&>(l)--;
}
template <class C, class L>
AUTOSCALE_HOST_DEVICE inline typename remove_cv<L>::type postdec(via<C> t, autoscale_site *s, L &l) {
  return post(t, s, AUTOSCALE_OP_SUB, l);
}
} /* namespace detail */

/* a op b, routed on the plain operator's result type R. */
template <class A, class B>
AUTOSCALE_HOST_DEVICE inline auto add(autoscale_site *s, A &&a, B &&b) -> decltype(static_cast<A &&>(a) + static_cast<B &&>(b)) {
  typedef decltype(static_cast<A &&>(a) + static_cast<B &&>(b)) R;
  return detail::add(typename detail::route<R, A, B>::type(), s, static_cast<A &&>(a), static_cast<B &&>(b));
}
template <class A, class B>
AUTOSCALE_HOST_DEVICE inline auto sub(autoscale_site *s, A &&a, B &&b) -> decltype(static_cast<A &&>(a) - static_cast<B &&>(b)) {
  typedef decltype(static_cast<A &&>(a) - static_cast<B &&>(b)) R;
  return detail::sub(typename detail::route<R, A, B>::type(), s, static_cast<A &&>(a), static_cast<B &&>(b));
}
template <class A, class B>
AUTOSCALE_HOST_DEVICE inline auto mul(autoscale_site *s, A &&a, B &&b) -> decltype(static_cast<A &&>(a) * static_cast<B &&>(b)) {
  typedef decltype(static_cast<A &&>(a) * static_cast<B &&>(b)) R;
  return detail::mul(typename detail::route<R, A, B>::type(), s, static_cast<A &&>(a), static_cast<B &&>(b));
}
template <class A, class B>
AUTOSCALE_HOST_DEVICE inline auto div(autoscale_site *s, A &&a, B &&b) -> decltype(static_cast<A &&>(a) / static_cast<B &&>(b)) {
  typedef decltype(static_cast<A &&>(a) / static_cast<B &&>(b)) R;
  return detail::div(typename detail::route<R, A, B>::type(), s, static_cast<A &&>(a), static_cast<B &&>(b));
}

/* lhs op= rhs: lhs is passed by reference (evaluated once), and the result is that lvalue. */
template <class L, class R>
AUTOSCALE_HOST_DEVICE inline auto add_assign(autoscale_site *s, L &&l, R &&r) -> decltype(static_cast<L &&>(l) += static_cast<R &&>(r)) {
  return detail::add_assign(typename detail::assign_route<L, R>::type(), s, static_cast<L &&>(l), static_cast<R &&>(r));
}
template <class L, class R>
AUTOSCALE_HOST_DEVICE inline auto sub_assign(autoscale_site *s, L &&l, R &&r) -> decltype(static_cast<L &&>(l) -= static_cast<R &&>(r)) {
  return detail::sub_assign(typename detail::assign_route<L, R>::type(), s, static_cast<L &&>(l), static_cast<R &&>(r));
}
template <class L, class R>
AUTOSCALE_HOST_DEVICE inline auto mul_assign(autoscale_site *s, L &&l, R &&r) -> decltype(static_cast<L &&>(l) *= static_cast<R &&>(r)) {
  return detail::mul_assign(typename detail::assign_route<L, R>::type(), s, static_cast<L &&>(l), static_cast<R &&>(r));
}
template <class L, class R>
AUTOSCALE_HOST_DEVICE inline auto div_assign(autoscale_site *s, L &&l, R &&r) -> decltype(static_cast<L &&>(l) /= static_cast<R &&>(r)) {
  return detail::div_assign(typename detail::assign_route<L, R>::type(), s, static_cast<L &&>(l), static_cast<R &&>(r));
}

/* -a */
template <class A>
AUTOSCALE_HOST_DEVICE inline auto neg(autoscale_site *s, A &&a) -> decltype(-static_cast<A &&>(a)) {
  typedef decltype(-static_cast<A &&>(a)) R;
  return detail::neg(typename detail::route<R, A>::type(), s, static_cast<A &&>(a));
}

/* ++x, --x (the lvalue x) and x++, x-- (the old value): x = x +- 1 in x's type. */
template <class L>
AUTOSCALE_HOST_DEVICE inline auto preinc(autoscale_site *s, L &&l) -> decltype(++static_cast<L &&>(l)) {
  typedef typename detail::remove_ref<L>::type V;
  return detail::preinc(typename detail::route<V, V>::type(), s, static_cast<L &&>(l));
}
template <class L>
AUTOSCALE_HOST_DEVICE inline auto predec(autoscale_site *s, L &&l) -> decltype(--static_cast<L &&>(l)) {
  typedef typename detail::remove_ref<L>::type V;
  return detail::predec(typename detail::route<V, V>::type(), s, static_cast<L &&>(l));
}
template <class L>
AUTOSCALE_HOST_DEVICE inline auto postinc(autoscale_site *s, L &&l) -> decltype(static_cast<L &&>(l)++) {
  typedef typename detail::remove_ref<L>::type V;
  return detail::postinc(typename detail::route<V, V>::type(), s, static_cast<L &&>(l));
}
template <class L>
AUTOSCALE_HOST_DEVICE inline auto postdec(autoscale_site *s, L &&l) -> decltype(static_cast<L &&>(l)--) {
  typedef typename detail::remove_ref<L>::type V;
  return detail::postdec(typename detail::route<V, V>::type(), s, static_cast<L &&>(l));
}

/* Math calls: operand i of the call, and its result. */
template <class T>
AUTOSCALE_HOST_DEVICE inline auto operand(autoscale_site *s, int i, T &&v) -> typename detail::passed<T>::type {
  return detail::operand(typename detail::route_of<typename detail::bare<T>::type>::type(), s, i, static_cast<T &&>(v));
}
template <class T>
AUTOSCALE_HOST_DEVICE inline auto result(autoscale_site *s, T &&v) -> typename detail::passed<T>::type {
  return detail::result(typename detail::route_of<typename detail::bare<T>::type>::type(), s, static_cast<T &&>(v));
}
} /* namespace __autoscale */

#endif
