/* Every call of autoscale.h (ABI 2), as rewritten code makes them, on pass-through sites (format
 * fp32): each must return exactly what the plain operator returns, bit for bit, NaN payloads
 * included (the test compiles with -ffp-contract=off). The file is C99 and C++11 at once: compiled
 * as C it is the C translation unit, compiled as C++ (-x c++) the C++ one, which also runs the
 * generic calls of autoscale/generics.h and declares what a user's C++ may declare: a global named
 * autoscale and a namespace of its own called autoscale. check_header.py compiles it with gcc and
 * clang under every standard from C99 / C++11 and -Wall -Wextra -Wpedantic -Wconversion -Wcast-qual
 * (and in C++ -Wold-style-cast -Wzero-as-null-pointer-constant) -Werror, against the headers with
 * and without their system-header pragma. Prints "header ok" and exits 0, or names the calls that
 * differ. */
#include "autoscale/autoscale.h"

#include <stdio.h>
#include <string.h>

/* Pass-through sites: rounding at the output and at the inputs, cast and scaled (every strategy
 * is the identity at fp32), full and amax-only statistics; the matmul site rounds at its inputs. */
static struct autoscale_site_state *cells[3];
static autoscale_site sites[] = {
    AUTOSCALE_SITE(&cells[0], "header_strict.c", 20, 5, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER,
                   AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED,
                   16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "cast"),
    AUTOSCALE_SITE(&cells[1], "header_strict.c", 21, 5, AUTOSCALE_OP_MUL, "dot_mul", "*", AUTOSCALE_CLASS_ALLOW,
                   AUTOSCALE_ACTION_SCALE, AUTOSCALE_FP32, AUTOSCALE_ROUND_INPUTS, 0, AUTOSCALE_STRATEGY_DELAYED,
                   16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_AMAX, 1, 0, -1, -1, "scale"),
    AUTOSCALE_SITE(&cells[2], "header_strict.c", 22, 5, AUTOSCALE_OP_MATMUL, "matmul", "matmul", AUTOSCALE_CLASS_ALLOW,
                   AUTOSCALE_ACTION_SCALE, AUTOSCALE_FP32, AUTOSCALE_ROUND_INPUTS, 1, AUTOSCALE_STRATEGY_CURRENT,
                   16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 2, -1, -1, -1, "gemm"),
};

static int failures;

static void check_bits(const void *got, const void *want, size_t size, const char *call, double a, double b) {
  if (memcmp(got, want, size) != 0) {
    if (++failures <= 10) printf("%s(%a, %a) differs from the plain operator\n", call, a, b);
  }
}
#define CHECK(got, want, a, b)                                                                     \
  do {                                                                                             \
    __typeof__(want) got_ = (got), want_ = (want);                                                 \
    check_bits(&got_, &want_, sizeof got_, #got, AUTOSCALE_CAST(double, a), AUTOSCALE_CAST(double, b)); \
  } while (0)

static void floats(autoscale_site *s, float a, float b, const float *ta) {
  float x, y;
  CHECK(autoscale_add_f(s, a, b), a + b, a, b);
  CHECK(autoscale_sub_f(s, a, b), a - b, a, b);
  CHECK(autoscale_mul_f(s, a, b), a * b, a, b);
  CHECK(autoscale_div_f(s, a, b), a / b, a, b);
  CHECK(autoscale_add_tensors_f(s, a, b, ta, AUTOSCALE_NULL), a + b, a, b);
  CHECK(autoscale_sub_tensors_f(s, a, b, AUTOSCALE_NULL, ta), a - b, a, b);
  CHECK(autoscale_mul_tensors_f(s, a, b, ta, ta + 1), a * b, a, b);
  CHECK(autoscale_div_tensors_f(s, a, b, ta, AUTOSCALE_NULL), a / b, a, b);
  x = a, y = a;
  CHECK(autoscale_add_assign_f(s, &x, b), y += b, a, b);
  CHECK(autoscale_sub_assign_f(s, &x, b), y -= b, a, b);
  CHECK(autoscale_mul_assign_f(s, &x, b), y *= b, a, b);
  CHECK(autoscale_div_assign_f(s, &x, b), y /= b, a, b);
  /* f op= d computes in double and converts back (written out: -Wconversion flags the plain one) */
  CHECK(autoscale_add_assign_fd(s, &x, AUTOSCALE_CAST(double, b) * 0.1), y = AUTOSCALE_CAST(float, AUTOSCALE_CAST(double, y) + AUTOSCALE_CAST(double, b) * 0.1), a, b);
  CHECK(autoscale_sub_assign_fd(s, &x, 0.3), y = AUTOSCALE_CAST(float, AUTOSCALE_CAST(double, y) - 0.3), a, b);
  CHECK(autoscale_mul_assign_fd(s, &x, 1.0 / 3.0), y = AUTOSCALE_CAST(float, AUTOSCALE_CAST(double, y) * (1.0 / 3.0)), a, b);
  CHECK(autoscale_div_assign_fd(s, &x, 3.0), y = AUTOSCALE_CAST(float, AUTOSCALE_CAST(double, y) / 3.0), a, b);
  CHECK(autoscale_neg_f(s, a), -a, a, b);
  CHECK(autoscale_preinc_f(s, &x), ++y, a, b);
  CHECK(autoscale_postinc_f(s, &x), y++, a, b);
  CHECK(autoscale_predec_f(s, &x), --y, a, b);
  CHECK(autoscale_postdec_f(s, &x), y--, a, b);
  CHECK(x, y, a, b);
  CHECK(autoscale_result_f(s, autoscale_operand_f(s, 0, a) * autoscale_operand_f(s, 1, b)), a * b, a, b);
}

static void doubles(autoscale_site *s, double a, double b, const double *ta) {
  double x, y;
  CHECK(autoscale_add_d(s, a, b), a + b, a, b);
  CHECK(autoscale_sub_d(s, a, b), a - b, a, b);
  CHECK(autoscale_mul_d(s, a, b), a * b, a, b);
  CHECK(autoscale_div_d(s, a, b), a / b, a, b);
  CHECK(autoscale_add_tensors_d(s, a, b, ta, ta), a + b, a, b);
  CHECK(autoscale_sub_tensors_d(s, a, b, AUTOSCALE_NULL, AUTOSCALE_NULL), a - b, a, b);
  CHECK(autoscale_mul_tensors_d(s, a, b, ta, AUTOSCALE_NULL), a * b, a, b);
  CHECK(autoscale_div_tensors_d(s, a, b, AUTOSCALE_NULL, ta), a / b, a, b);
  x = a, y = a;
  CHECK(autoscale_add_assign_d(s, &x, b), y += b, a, b);
  CHECK(autoscale_sub_assign_d(s, &x, b), y -= b, a, b);
  CHECK(autoscale_mul_assign_d(s, &x, b), y *= b, a, b);
  CHECK(autoscale_div_assign_d(s, &x, b), y /= b, a, b);
  CHECK(autoscale_neg_d(s, a), -a, a, b);
  CHECK(autoscale_preinc_d(s, &x), ++y, a, b);
  CHECK(autoscale_postinc_d(s, &x), y++, a, b);
  CHECK(autoscale_predec_d(s, &x), --y, a, b);
  CHECK(autoscale_postdec_d(s, &x), y--, a, b);
  CHECK(x, y, a, b);
  CHECK(autoscale_result_d(s, autoscale_operand_d(s, 0, a) / autoscale_operand_d(s, 1, b)), a / b, a, b);
}

/* C (3 x 2) = A (3 x 4, read transposed from a 4 x 3 array) . B (4 x 2) + D (a bias row), against
 * the same loop in plain arithmetic. The values are small dyadic numbers, so every product and sum
 * is exact and the backend's order of summation cannot show. */
static void matmuls(autoscale_site *s) {
  float at[4][3], b[4][2], bias[2], c[3][2];
  double atd[4][3], bd[4][2], cd[3][2];
  size_t i, j, p;
  for (p = 0; p < 4; ++p) {
    for (i = 0; i < 3; ++i) at[p][i] = AUTOSCALE_CAST(float, p * 3 + i) * 0.25f - 1.0f, atd[p][i] = AUTOSCALE_CAST(double, at[p][i]) / 4.0;
    for (j = 0; j < 2; ++j) b[p][j] = AUTOSCALE_CAST(float, p + j) * 0.5f + 0.25f, bd[p][j] = AUTOSCALE_CAST(double, b[p][j]) / 8.0;
  }
  bias[0] = 0.25f, bias[1] = -0.125f;
  autoscale_matmul_f(s, 3, 2, 4, &at[0][0], 1, 3, &b[0][0], 2, 1, bias, 0, 1, &c[0][0], 2, 1);
  autoscale_matmul_d(s, 3, 2, 4, &atd[0][0], 1, 3, &bd[0][0], 2, 1, AUTOSCALE_NULL, 0, 0, &cd[0][0], 2, 1);
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 2; ++j) {
      float acc = 0.0f;
      double accd = 0.0;
      for (p = 0; p < 4; ++p) acc += at[p][i] * b[p][j], accd += atd[p][i] * bd[p][j];
      CHECK(c[i][j], acc + bias[j], i, j);
      CHECK(cd[i][j], accd, i, j);
    }
  /* C += A.B: d is c itself. */
  autoscale_matmul_f(s, 3, 2, 4, &at[0][0], 1, 3, &b[0][0], 2, 1, &c[0][0], 2, 1, &c[0][0], 2, 1);
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 2; ++j) {
      float acc = 0.0f;
      for (p = 0; p < 4; ++p) acc += at[p][i] * b[p][j];
      CHECK(c[i][j], acc + (acc + bias[j]), i, j);
    }
}

#ifdef __cplusplus
/* What a user's C++ may declare: rewritten calls name ::__autoscale, so neither breaks them. */
bool autoscale = true;
namespace plot {
namespace autoscale {
template <class A, class B> int mul(autoscale_site *, A, B) { return -1; }
}  // namespace autoscale
template <class T> T square(autoscale_site *s, T x) { return ::__autoscale::mul(s, x, x); }
}  // namespace plot

template <class T> static void generics(autoscale_site *s, T a, T b) {
  T x = a, y = a;
  int i = 3, j = 3;
  CHECK(::__autoscale::add(s, a, b), a + b, a, b);
  CHECK(::__autoscale::sub(s, a, b), a - b, a, b);
  CHECK(::__autoscale::mul(s, a, b), a * b, a, b);
  CHECK(::__autoscale::div(s, a, b), a / b, a, b);
  CHECK(::__autoscale::mul(s, i, j), i * j, a, b);
  CHECK(::__autoscale::add_assign(s, x, b), y += b, a, b);
  CHECK(::__autoscale::sub_assign(s, x, b), y -= b, a, b);
  CHECK(::__autoscale::mul_assign(s, x, b), y *= b, a, b);
  CHECK(::__autoscale::div_assign(s, x, b), y /= b, a, b);
  CHECK(::__autoscale::add_assign(s, i, 2), j += 2, a, b);
  CHECK(::__autoscale::neg(s, a), -a, a, b);
  CHECK(::__autoscale::preinc(s, x), ++y, a, b);
  CHECK(::__autoscale::postinc(s, x), y++, a, b);
  CHECK(::__autoscale::predec(s, x), --y, a, b);
  CHECK(::__autoscale::postdec(s, x), y--, a, b);
  CHECK(::__autoscale::result(s, ::__autoscale::operand(s, 0, a) - ::__autoscale::operand(s, 1, b)), a - b, a, b);
  CHECK(plot::square(s, a), a * a, a, b);
  if (!autoscale) ++failures;
}
#endif

int main(void) {
  static const float values[] = {0.0f, -0.0f, 1.0f, -2.5f, 0.1f, 3.0e38f, -1.0e-38f, 1.0e-45f, 65504.0f, 448.0f};
  size_t i, j, n = sizeof values / sizeof values[0];
  float inf = 1e38f * 1e38f;
  float nan = inf - inf;
  float more[] = {0.0f, 0.0f, 0.0f};
  more[0] = inf, more[1] = -inf, more[2] = nan;
  for (i = 0; i < n + 3; ++i)
    for (j = 0; j < n + 3; ++j) {
      float a = i < n ? values[i] : more[i - n], b = j < n ? values[j] : more[j - n];
      double ad = AUTOSCALE_CAST(double, a) / 3.0, bd = AUTOSCALE_CAST(double, b) * 1.1;
      floats(&sites[0], a, b, values);
      floats(&sites[1], a, b, values);
      doubles(&sites[0], ad, bd, AUTOSCALE_NULL);
      doubles(&sites[1], ad, bd, &ad);
#ifdef __cplusplus
      generics(&sites[0], a, b);
      generics(&sites[1], ad, bd);
#endif
    }
  autoscale_step();
  matmuls(&sites[2]);
  autoscale_step();
  if (autoscale_report(AUTOSCALE_NULL) != AUTOSCALE_OK && autoscale_report(AUTOSCALE_NULL) != AUTOSCALE_EINVAL) ++failures;
  autoscale_summary();
  if (failures) {
    printf("%d calls differ\n", failures);
    return 1;
  }
  printf("header ok\n");
  return 0;
}
