/* autoscale/autoscale.h: the one header code rewritten by autoscale-rewrite includes.
 *
 * Valid C (C99 and later), C++ and CUDA (host and device). Every rewritten operation becomes one
 * call below carrying its operands and its site (autoscale/site.h). The calls are built from two
 * primitives, so each operation has exactly one rounding point:
 *
 *   autoscale_operand_*(site, i, v)  rounds operand i when the site rounds at its inputs,
 *                                    otherwise returns v unchanged;
 *   autoscale_result_*(site, v)      records one execution, and rounds v when the site rounds
 *                                    at its output, otherwise returns v unchanged.
 *
 * With format AUTOSCALE_FP32 both are the identity, so a pass-through rewrite returns exactly what
 * the plain operator returns (compile with -ffp-contract=off on both sides to compare bits).
 *
 * On the host the primitives update the site's counters and scaling state in the runtime library;
 * a binary operation whose site rounds at its inputs makes one fused call there
 * (autoscale_binary_inputs_*) that equals its three primitive calls bit for bit, counters included.
 * In CUDA device code there is no host state to reach: the primitives round with the site's static
 * scale (strategy static) or scale 1, and record nothing.
 *
 * Errors (autoscale/status.h has the policy): the C calls here cannot fail on the caller's data; a
 * site table the runtime cannot use (a rewritten file compiled against another runtime, a field
 * out of range) stops the program with "file:line:column: autoscale: what" naming the site.
 * autoscale_report() returns a status, with autoscale_last_error() saying what went wrong. */
#ifndef AUTOSCALE_AUTOSCALE_H
#define AUTOSCALE_AUTOSCALE_H

#include "autoscale/config.h"
#include "autoscale/format.h"
#include "autoscale/site.h"
#include "autoscale/status.h"

AUTOSCALE_EXTERN_C_BEGIN

/* Out of line, in the runtime: round v in the given slot under the site's decision and scaling
 * state, and record it (amax, over/underflow, error). Registers the site on first use. */
float autoscale_quantize_f(autoscale_site *site, int slot, float v);
double autoscale_quantize_d(autoscale_site *site, int slot, double v);
/* Out of line: one execution of the site; rounds at the output when the site says so. */
float autoscale_result_record_f(autoscale_site *site, float v);
double autoscale_result_record_d(autoscale_site *site, double v);

/* Ends a step (a training iteration, a solver sweep): amax histories roll, delayed scales are
 * recomputed, empirical analysis advances. Rewritten code calls it where the rules declare a step;
 * a program may call it itself. Thread-safe, also while other threads execute sites: a value
 * recorded meanwhile counts in this step or in the next. */
void autoscale_step(void);
/* Writes the JSON report to path (NULL: $AUTOSCALE_REPORT). Returns AUTOSCALE_OK; AUTOSCALE_EINVAL
 * when there is no path (NULL and AUTOSCALE_REPORT unset), AUTOSCALE_EIO when the file cannot be
 * written (nothing is left behind); autoscale_last_error() then says why. */
int autoscale_report(const char *path);
/* Prints the human summary (worst sites with suggestions) to stderr unless AUTOSCALE_SUMMARY=0. */
void autoscale_summary(void);

#if AUTOSCALE_DEVICE_PASS
AUTOSCALE_HOST_DEVICE static inline float autoscale_device_round_f(const autoscale_site *s, float v) {
  /* Power-of-two scale: dividing and multiplying by it is exact, so only the format rounds. */
  float scale = s->action == AUTOSCALE_ACTION_SCALE && s->strategy == AUTOSCALE_STRATEGY_STATIC
                    ? s->params.static_scale : 1.0f;
  return autoscale_round_float(v / scale, s->format, s->saturate) * scale;
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_device_round_d(const autoscale_site *s, double v) {
  double scale = s->action == AUTOSCALE_ACTION_SCALE && s->strategy == AUTOSCALE_STRATEGY_STATIC
                     ? (double)s->params.static_scale : 1.0;
  return autoscale_round_double(v / scale, s->format, s->saturate) * scale;
}
#endif

AUTOSCALE_HOST_DEVICE static inline float autoscale_operand_f(autoscale_site *s, int slot, float v) {
  if (s->rounding != AUTOSCALE_ROUND_INPUTS || s->format == AUTOSCALE_FP32) return v;
#if AUTOSCALE_DEVICE_PASS
  (void)slot;
  return autoscale_device_round_f(s, v);
#else
  return autoscale_quantize_f(s, slot, v);
#endif
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_operand_d(autoscale_site *s, int slot, double v) {
  if (s->rounding != AUTOSCALE_ROUND_INPUTS || s->format == AUTOSCALE_FP32) return v;
#if AUTOSCALE_DEVICE_PASS
  (void)slot;
  return autoscale_device_round_d(s, v);
#else
  return autoscale_quantize_d(s, slot, v);
#endif
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_result_f(autoscale_site *s, float v) {
#if AUTOSCALE_DEVICE_PASS
  return s->rounding == AUTOSCALE_ROUND_OUTPUT ? autoscale_device_round_f(s, v) : v;
#else
  return autoscale_result_record_f(s, v);
#endif
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_result_d(autoscale_site *s, double v) {
#if AUTOSCALE_DEVICE_PASS
  return s->rounding == AUTOSCALE_ROUND_OUTPUT ? autoscale_device_round_d(s, v) : v;
#else
  return autoscale_result_record_d(s, v);
#endif
}

/* The arithmetic of a binary operation (AUTOSCALE_OP_ADD, _SUB, _MUL, _DIV) in the operation's
 * type; the runtime's fused entry points below compute with these same functions. */
AUTOSCALE_HOST_DEVICE static inline float autoscale_apply_f(int op, float a, float b) {
  return op == AUTOSCALE_OP_ADD ? a + b : op == AUTOSCALE_OP_SUB ? a - b : op == AUTOSCALE_OP_MUL ? a * b : a / b;
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_apply_d(int op, double a, double b) {
  return op == AUTOSCALE_OP_ADD ? a + b : op == AUTOSCALE_OP_SUB ? a - b : op == AUTOSCALE_OP_MUL ? a * b : a / b;
}

/* Out of line: one execution of a binary site that rounds at its inputs, in one call instead of
 * three: autoscale_result_record(site, autoscale_apply(op, quantize(site, 0, a), quantize(site, 1, b))),
 * with the same bits and counters. */
float autoscale_binary_inputs_f(autoscale_site *site, int op, float a, float b);
double autoscale_binary_inputs_d(autoscale_site *site, int op, double a, double b);

/* One execution of a binary site. */
AUTOSCALE_HOST_DEVICE static inline float autoscale_binary_f(autoscale_site *s, int op, float a, float b) {
#if !AUTOSCALE_DEVICE_PASS
  if (s->rounding == AUTOSCALE_ROUND_INPUTS && s->format != AUTOSCALE_FP32)
    return autoscale_binary_inputs_f(s, op, a, b);
#endif
  return autoscale_result_f(s, autoscale_apply_f(op, autoscale_operand_f(s, 0, a), autoscale_operand_f(s, 1, b)));
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_binary_d(autoscale_site *s, int op, double a, double b) {
#if !AUTOSCALE_DEVICE_PASS
  if (s->rounding == AUTOSCALE_ROUND_INPUTS && s->format != AUTOSCALE_FP32)
    return autoscale_binary_inputs_d(s, op, a, b);
#endif
  return autoscale_result_d(s, autoscale_apply_d(op, autoscale_operand_d(s, 0, a), autoscale_operand_d(s, 1, b)));
}

/* Binary operators in float (_f) and double (_d); operands arrive already converted to the
 * operation's type by the usual arithmetic conversions, which the tool spells out as casts. */
AUTOSCALE_HOST_DEVICE static inline float autoscale_add_f(autoscale_site *s, float a, float b) {
  return autoscale_binary_f(s, AUTOSCALE_OP_ADD, a, b);
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_add_d(autoscale_site *s, double a, double b) {
  return autoscale_binary_d(s, AUTOSCALE_OP_ADD, a, b);
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_sub_f(autoscale_site *s, float a, float b) {
  return autoscale_binary_f(s, AUTOSCALE_OP_SUB, a, b);
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_sub_d(autoscale_site *s, double a, double b) {
  return autoscale_binary_d(s, AUTOSCALE_OP_SUB, a, b);
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_mul_f(autoscale_site *s, float a, float b) {
  return autoscale_binary_f(s, AUTOSCALE_OP_MUL, a, b);
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_mul_d(autoscale_site *s, double a, double b) {
  return autoscale_binary_d(s, AUTOSCALE_OP_MUL, a, b);
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_div_f(autoscale_site *s, float a, float b) {
  return autoscale_binary_f(s, AUTOSCALE_OP_DIV, a, b);
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_div_d(autoscale_site *s, double a, double b) {
  return autoscale_binary_d(s, AUTOSCALE_OP_DIV, a, b);
}

/* Compound assignment: *lhs = *lhs op rhs, lhs evaluated once (the tool passes its address). The
 * _fd forms take a float lhs and compute in double (f op= 0.5), converting the result back. */
AUTOSCALE_HOST_DEVICE static inline float autoscale_add_assign_f(autoscale_site *s, float *lhs, float rhs) {
  return *lhs = autoscale_add_f(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_add_assign_d(autoscale_site *s, double *lhs, double rhs) {
  return *lhs = autoscale_add_d(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_add_assign_fd(autoscale_site *s, float *lhs, double rhs) {
  return *lhs = (float)autoscale_add_d(s, (double)*lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_sub_assign_f(autoscale_site *s, float *lhs, float rhs) {
  return *lhs = autoscale_sub_f(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_sub_assign_d(autoscale_site *s, double *lhs, double rhs) {
  return *lhs = autoscale_sub_d(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_sub_assign_fd(autoscale_site *s, float *lhs, double rhs) {
  return *lhs = (float)autoscale_sub_d(s, (double)*lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_mul_assign_f(autoscale_site *s, float *lhs, float rhs) {
  return *lhs = autoscale_mul_f(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_mul_assign_d(autoscale_site *s, double *lhs, double rhs) {
  return *lhs = autoscale_mul_d(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_mul_assign_fd(autoscale_site *s, float *lhs, double rhs) {
  return *lhs = (float)autoscale_mul_d(s, (double)*lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_div_assign_f(autoscale_site *s, float *lhs, float rhs) {
  return *lhs = autoscale_div_f(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_div_assign_d(autoscale_site *s, double *lhs, double rhs) {
  return *lhs = autoscale_div_d(s, *lhs, rhs);
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_div_assign_fd(autoscale_site *s, float *lhs, double rhs) {
  return *lhs = (float)autoscale_div_d(s, (double)*lhs, rhs);
}

AUTOSCALE_HOST_DEVICE static inline float autoscale_neg_f(autoscale_site *s, float a) {
  return autoscale_result_f(s, -autoscale_operand_f(s, 0, a));
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_neg_d(autoscale_site *s, double a) {
  return autoscale_result_d(s, -autoscale_operand_d(s, 0, a));
}

/* ++ and -- on floating lvalues: x = x +- 1 in the lvalue's type; pre forms return the new value,
 * post forms the old one. */
AUTOSCALE_HOST_DEVICE static inline float autoscale_preinc_f(autoscale_site *s, float *p) {
  return *p = autoscale_add_f(s, *p, (float)1);
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_postinc_f(autoscale_site *s, float *p) {
  float old = *p;
  *p = autoscale_add_f(s, old, (float)1);
  return old;
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_preinc_d(autoscale_site *s, double *p) {
  return *p = autoscale_add_d(s, *p, (double)1);
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_postinc_d(autoscale_site *s, double *p) {
  double old = *p;
  *p = autoscale_add_d(s, old, (double)1);
  return old;
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_predec_f(autoscale_site *s, float *p) {
  return *p = autoscale_sub_f(s, *p, (float)1);
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_postdec_f(autoscale_site *s, float *p) {
  float old = *p;
  *p = autoscale_sub_f(s, old, (float)1);
  return old;
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_predec_d(autoscale_site *s, double *p) {
  return *p = autoscale_sub_d(s, *p, (double)1);
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_postdec_d(autoscale_site *s, double *p) {
  double old = *p;
  *p = autoscale_sub_d(s, old, (double)1);
  return old;
}

AUTOSCALE_EXTERN_C_END

#ifdef __cplusplus
/* C++ only (C++11 and later): the calls the tool writes for operations of a template whose type
 * depends on a template parameter. One text serves every instantiation: each call dispatches on
 * the operation's real type when the template is instantiated. Where the plain operator computes
 * in float or double from arithmetic operands, the call is the C entry point of that type (the
 * site executes); otherwise (int, long double, class types with their own operators, complex,
 * pointers) it is the plain operator itself, and the site is not executed. Result types and value
 * categories are exactly those of the plain operators: decltype(autoscale::mul(s, a, b)) is
 * decltype(a * b), and autoscale::add_assign(s, x, y) is the lvalue x, as x += y is. Operands are
 * taken by forwarding reference, so each is evaluated once, where the call's arguments are. */
#include <type_traits>

namespace autoscale {
namespace detail {

/* Routes: the plain operator, or the C entry points computing in C (float or double). */
struct plain {};
template <class C> struct via {};
template <class T, class D = typename std::remove_cv<T>::type> struct route_of { typedef plain type; };
template <class T> struct route_of<T, float> { typedef via<float> type; };
template <class T> struct route_of<T, double> { typedef via<double> type; };
template <class T> struct arith : std::is_arithmetic<typename std::decay<T>::type> {};
/* The route of an operation with plain result type R and operands A (and B): the C entry points
 * only compute the builtin operators, so a class operand keeps the plain operator. */
template <class R, class A, class B = int>
struct route : route_of<typename std::conditional<arith<A>::value && arith<B>::value, R, void>::type> {};
/* lhs op= rhs computes in the type of lhs op rhs on the values, then converts to lhs's type. */
template <class L, class R, bool = arith<L>::value && arith<R>::value> struct assign_route { typedef plain type; };
template <class L, class R>
struct assign_route<L, R, true>
    : route_of<decltype(std::declval<typename std::decay<L>::type>() + std::declval<typename std::decay<R>::type>())> {};

AUTOSCALE_HOST_DEVICE inline float binary(autoscale_site *s, int op, via<float>, float a, float b) { return autoscale_binary_f(s, op, a, b); }
AUTOSCALE_HOST_DEVICE inline double binary(autoscale_site *s, int op, via<double>, double a, double b) { return autoscale_binary_d(s, op, a, b); }
AUTOSCALE_HOST_DEVICE inline float neg(via<float>, autoscale_site *s, float a) { return autoscale_neg_f(s, a); }
AUTOSCALE_HOST_DEVICE inline double neg(via<double>, autoscale_site *s, double a) { return autoscale_neg_d(s, a); }
template <class A> AUTOSCALE_HOST_DEVICE inline auto neg(plain, autoscale_site *, A &&a) -> decltype(-static_cast<A &&>(a)) { return -static_cast<A &&>(a); }
AUTOSCALE_HOST_DEVICE inline float operand(via<float>, autoscale_site *s, int i, float v) { return autoscale_operand_f(s, i, v); }
AUTOSCALE_HOST_DEVICE inline double operand(via<double>, autoscale_site *s, int i, double v) { return autoscale_operand_d(s, i, v); }
template <class T> AUTOSCALE_HOST_DEVICE inline T operand(plain, autoscale_site *, int, T &&v) { return static_cast<T &&>(v); }
AUTOSCALE_HOST_DEVICE inline float result(via<float>, autoscale_site *s, float v) { return autoscale_result_f(s, v); }
AUTOSCALE_HOST_DEVICE inline double result(via<double>, autoscale_site *s, double v) { return autoscale_result_d(s, v); }
template <class T> AUTOSCALE_HOST_DEVICE inline T result(plain, autoscale_site *, T &&v) { return static_cast<T &&>(v); }
/* A math call's argument or result: float and double are rounded (prvalues); other lvalues are
 * forwarded as lvalues, other rvalues as values (an rvalue reference to a call's temporary result
 * would dangle once the full expression ends: const T &r = std::exp(x)). */
template <class T, class D = typename std::decay<T>::type> struct passed { typedef T type; };
template <class T> struct passed<T, float> { typedef float type; };
template <class T> struct passed<T, double> { typedef double type; };

/* lhs = lhs op rhs computed in C, converted back to lhs's type; the lvalue lhs. */
template <class C, class L, class R>
AUTOSCALE_HOST_DEVICE inline L &assign(via<C> t, autoscale_site *s, int op, L &l, R &&r) {
  l = static_cast<typename std::remove_cv<L>::type>(binary(s, op, t, static_cast<C>(l), static_cast<C>(r)));
  return l;
}
template <class C, class L>
AUTOSCALE_HOST_DEVICE inline typename std::remove_cv<L>::type post(via<C> t, autoscale_site *s, int op, L &l) {
  typedef typename std::remove_cv<L>::type V;
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
AUTOSCALE_HOST_DEVICE inline typename std::remove_cv<L>::type postinc(via<C> t, autoscale_site *s, L &l) {
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
AUTOSCALE_HOST_DEVICE inline typename std::remove_cv<L>::type postdec(via<C> t, autoscale_site *s, L &l) {
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
  typedef typename std::remove_reference<L>::type V;
  return detail::preinc(typename detail::route<V, V>::type(), s, static_cast<L &&>(l));
}
template <class L>
AUTOSCALE_HOST_DEVICE inline auto predec(autoscale_site *s, L &&l) -> decltype(--static_cast<L &&>(l)) {
  typedef typename std::remove_reference<L>::type V;
  return detail::predec(typename detail::route<V, V>::type(), s, static_cast<L &&>(l));
}
template <class L>
AUTOSCALE_HOST_DEVICE inline auto postinc(autoscale_site *s, L &&l) -> decltype(static_cast<L &&>(l)++) {
  typedef typename std::remove_reference<L>::type V;
  return detail::postinc(typename detail::route<V, V>::type(), s, static_cast<L &&>(l));
}
template <class L>
AUTOSCALE_HOST_DEVICE inline auto postdec(autoscale_site *s, L &&l) -> decltype(static_cast<L &&>(l)--) {
  typedef typename std::remove_reference<L>::type V;
  return detail::postdec(typename detail::route<V, V>::type(), s, static_cast<L &&>(l));
}

/* Math calls: operand i of the call, and its result. */
template <class T>
AUTOSCALE_HOST_DEVICE inline auto operand(autoscale_site *s, int i, T &&v) -> typename detail::passed<T>::type {
  return detail::operand(typename detail::route_of<typename std::decay<T>::type>::type(), s, i, static_cast<T &&>(v));
}
template <class T>
AUTOSCALE_HOST_DEVICE inline auto result(autoscale_site *s, T &&v) -> typename detail::passed<T>::type {
  return detail::result(typename detail::route_of<typename std::decay<T>::type>::type(), s, static_cast<T &&>(v));
}
} /* namespace autoscale */
#endif /* __cplusplus */

#endif
