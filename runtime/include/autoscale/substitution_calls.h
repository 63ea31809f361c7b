/* autoscale/substitution_calls.h: the calls that replace whole pieces of rewritten code rather than
 * one operation: a GEMM site in place of a matrix product's loops or BLAS call, a loop of one
 * multiply site (dot, axpy), a loop program. Included by autoscale/autoscale.h, which rewritten code
 * includes; declared here so that file stays about the per-operation calls. */
#ifndef AUTOSCALE_SUBSTITUTION_CALLS_H
#define AUTOSCALE_SUBSTITUTION_CALLS_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include "autoscale/config.h"
#include "autoscale/site.h"

AUTOSCALE_EXTERN_C_BEGIN

/* One GEMM site (op AUTOSCALE_OP_MATMUL, rounding at its inputs): C = A.B + D, with A m x k, B k x n,
 * C and D m x n. Element (i, p) of A is a[i * a_rs + p * a_cs] (row and column strides in
 * elements, any sign), and likewise for B, C and D. d may be NULL (no addend), c itself (C += A.B),
 * or a broadcast bias (d_rs = 0). A and B are rounded to the site's format, each with its own
 * per-tensor scale (slots 0 and 1; the tensor is the operand's base address): strategy current
 * takes the amax of the whole operand first and then quantises it (true current scaling), delayed
 * uses the tensor's amax history. The products are summed in FP32 (FP64 for _d) as an FP8 tensor
 * core accumulates (in the backend's order: the runtime's scaled GEMM, matmul.h), then D is added;
 * _d, and _f at format fp32, sum as the loops they replace do: each element from D (or 0), then
 * its products in order p = 0, 1, ..., k-1, each rounded (so at fp32 C gets the loops' bits). C is
 * not rounded, and the output slot (C's tensor) records its amax.
 * Operands record their amax, and with statistics full their counts and over- and underflows, and
 * error sums measured on one element in 64 (at most 256 a call: the quantising pass sums none,
 * for speed). C may not share memory with A, B
 * or D (other than D == C), as in BLAS; autoscale_matmul_nest_* (a loop nest's) then computes
 * nothing and returns 0, for the loops as written to run (no product computed apart reproduces
 * what they read), as it does where C's elements may not be distinct (ldc < n), counting the call
 * on the site, whose report and summary warn that its loops ran unrounded; else it returns
 * 1. autoscale_matmul_nest_factors_* and autoscale_matmul_factors_* (which replaces its code) take
 * A and B as the loops read them, each element multiplied by its factor first and rounded
 * (`alpha * a[i][p]`; factor 1 for none), and each product multiplied by product_factor before it
 * is summed (`c += a * b * s`: at fp32 rounded after the product and after the factor, as the
 * loops round; in a rounding format B's elements are multiplied by it first); the tensors stay
 * A's and B's. Host only. */
void autoscale_matmul_f(autoscale_site *site, size_t m, size_t n, size_t k, const float *a, ptrdiff_t a_rs,
                        ptrdiff_t a_cs, const float *b, ptrdiff_t b_rs, ptrdiff_t b_cs, const float *d,
                        ptrdiff_t d_rs, ptrdiff_t d_cs, float *c, ptrdiff_t c_rs, ptrdiff_t c_cs);
void autoscale_matmul_d(autoscale_site *site, size_t m, size_t n, size_t k, const double *a, ptrdiff_t a_rs,
                        ptrdiff_t a_cs, const double *b, ptrdiff_t b_rs, ptrdiff_t b_cs, const double *d,
                        ptrdiff_t d_rs, ptrdiff_t d_cs, double *c, ptrdiff_t c_rs, ptrdiff_t c_cs);
int autoscale_matmul_nest_f(autoscale_site *site, size_t m, size_t n, size_t k, const float *a, ptrdiff_t a_rs, ptrdiff_t a_cs,
                            const float *b, ptrdiff_t b_rs, ptrdiff_t b_cs, const float *d, ptrdiff_t d_rs, ptrdiff_t d_cs,
                            float *c, ptrdiff_t c_rs, ptrdiff_t c_cs);
int autoscale_matmul_nest_d(autoscale_site *site, size_t m, size_t n, size_t k, const double *a, ptrdiff_t a_rs,
                            ptrdiff_t a_cs, const double *b, ptrdiff_t b_rs, ptrdiff_t b_cs, const double *d,
                            ptrdiff_t d_rs, ptrdiff_t d_cs, double *c, ptrdiff_t c_rs, ptrdiff_t c_cs);
int autoscale_matmul_nest_factors_f(autoscale_site *site, size_t m, size_t n, size_t k, float a_factor, const float *a,
                                    ptrdiff_t a_rs, ptrdiff_t a_cs, float b_factor, const float *b, ptrdiff_t b_rs,
                                    ptrdiff_t b_cs, float product_factor, const float *d, ptrdiff_t d_rs,
                                    ptrdiff_t d_cs, float *c, ptrdiff_t c_rs, ptrdiff_t c_cs);
int autoscale_matmul_nest_factors_d(autoscale_site *site, size_t m, size_t n, size_t k, double a_factor,
                                    const double *a, ptrdiff_t a_rs, ptrdiff_t a_cs, double b_factor, const double *b,
                                    ptrdiff_t b_rs, ptrdiff_t b_cs, double product_factor, const double *d,
                                    ptrdiff_t d_rs, ptrdiff_t d_cs, double *c, ptrdiff_t c_rs, ptrdiff_t c_cs);
void autoscale_matmul_factors_f(autoscale_site *site, size_t m, size_t n, size_t k, float a_factor, const float *a,
                                ptrdiff_t a_rs, ptrdiff_t a_cs, float b_factor, const float *b, ptrdiff_t b_rs,
                                ptrdiff_t b_cs, float product_factor, const float *d, ptrdiff_t d_rs, ptrdiff_t d_cs,
                                float *c, ptrdiff_t c_rs, ptrdiff_t c_cs);
void autoscale_matmul_factors_d(autoscale_site *site, size_t m, size_t n, size_t k, double a_factor, const double *a,
                                ptrdiff_t a_rs, ptrdiff_t a_cs, double b_factor, const double *b, ptrdiff_t b_rs,
                                ptrdiff_t b_cs, double product_factor, const double *d, ptrdiff_t d_rs,
                                ptrdiff_t d_cs, double *c, ptrdiff_t c_rs, ptrdiff_t c_cs);
/* A loop nest whose stores compute values from its sums (an epilogue: `c[i][j] = s > 0 ? s : 0`)
 * keeps its loops, which write C as written: the sums autoscale_matmul_nest_factors_* would write
 * into C go to a buffer laid out as C (the sum of element (i, j) at sums[i * c_rs + j * c_cs]), so
 * values the loops read through other names that reach C keep theirs. NULL where the nest's call
 * would compute nothing (C sharing memory with A, B or D, C's elements not distinct) or C's strides
 * are negative: the loops then sum as written. Free the buffer with autoscale_matmul_sums_free
 * (NULL is ignored; the rewritten block frees it where it closes, so a value that throws or
 * longjmps out of the loops leaks it). Host only. */
float *autoscale_matmul_nest_sums_f(autoscale_site *site, size_t m, size_t n, size_t k, float a_factor,
                                    const float *a, ptrdiff_t a_rs, ptrdiff_t a_cs, float b_factor, const float *b,
                                    ptrdiff_t b_rs, ptrdiff_t b_cs, float product_factor, const float *d,
                                    ptrdiff_t d_rs, ptrdiff_t d_cs, const float *c, ptrdiff_t c_rs, ptrdiff_t c_cs);
double *autoscale_matmul_nest_sums_d(autoscale_site *site, size_t m, size_t n, size_t k, double a_factor,
                                     const double *a, ptrdiff_t a_rs, ptrdiff_t a_cs, double b_factor, const double *b,
                                     ptrdiff_t b_rs, ptrdiff_t b_cs, double product_factor, const double *d,
                                     ptrdiff_t d_rs, ptrdiff_t d_cs, const double *c, ptrdiff_t c_rs, ptrdiff_t c_cs);
void autoscale_matmul_sums_free(void *sums);
/* Loops that store each sum, or values computed from it, into more arrays than C (`z[i][j] = s;
 * y[i][j] = s > 0 ? s : 0;`, a layer keeping its pre-activation) write the others as they go: 1
 * where such an output (laid out with C's strides) shares no memory with A, B or D, so the sums
 * computed before the loops are the ones the loops would compute; else 0, counting the site's
 * loops as run as written (the rewritten code then makes no call of the nest's sums). Host only. */
int autoscale_matmul_output_apart_f(autoscale_site *site, size_t m, size_t n, size_t k, const float *a,
                                    ptrdiff_t a_rs, ptrdiff_t a_cs, const float *b, ptrdiff_t b_rs, ptrdiff_t b_cs,
                                    const float *d, ptrdiff_t d_rs, ptrdiff_t d_cs, const float *out,
                                    ptrdiff_t out_rs, ptrdiff_t out_cs);
int autoscale_matmul_output_apart_d(autoscale_site *site, size_t m, size_t n, size_t k, const double *a,
                                    ptrdiff_t a_rs, ptrdiff_t a_cs, const double *b, ptrdiff_t b_rs, ptrdiff_t b_cs,
                                    const double *d, ptrdiff_t d_rs, ptrdiff_t d_cs, const double *out,
                                    ptrdiff_t out_rs, ptrdiff_t out_cs);

/* Loops of one multiply site, for the loops the rewriter substitutes (an innermost loop whose only
 * statement adds the site's product to a sum kept in the operation's type). Each is exactly its
 * loop of scalar calls - the same rounding, sums, counters and window rolls; the error sums, a
 * diagnosis, within 1e-6 relative (summed in float lanes per block of 64) - at a
 * fraction of the cost: the common case keeps the thread block's state in registers for the whole
 * run and falls back to the scalar call for any value the inline path would hand out of line.
 *
 * dot: `for (i = 0; i < n; i++) acc += autoscale_mul_tensors_f(site, a[i * a_stride], b[i * b_stride],
 * tensor_a, tensor_b); return acc;`
 * axpy: `for (i = 0; i < n; i++) y[i * y_stride] += alpha_slot == 0 ? autoscale_mul_tensors_f(site,
 * alpha, x[i * x_stride], tensor_alpha, tensor_x) : autoscale_mul_tensors_f(site, x[i * x_stride],
 * alpha, tensor_x, tensor_alpha);` (x and y may overlap: the runtime then runs that loop itself).
 * Host only. */
float autoscale_dot_f(autoscale_site *site, float acc, size_t n, const float *a, ptrdiff_t a_stride, const float *b,
                      ptrdiff_t b_stride, const void *tensor_a, const void *tensor_b);
double autoscale_dot_d(autoscale_site *site, double acc, size_t n, const double *a, ptrdiff_t a_stride, const double *b,
                       ptrdiff_t b_stride, const void *tensor_a, const void *tensor_b);
void autoscale_axpy_f(autoscale_site *site, size_t n, float alpha, int alpha_slot, const float *x, ptrdiff_t x_stride,
                      float *y, ptrdiff_t y_stride, const void *tensor_alpha, const void *tensor_x);
void autoscale_axpy_d(autoscale_site *site, size_t n, double alpha, int alpha_slot, const double *x,
                      ptrdiff_t x_stride, double *y, ptrdiff_t y_stride, const void *tensor_alpha,
                      const void *tensor_x);

/* Loop programs: an innermost counted loop whose body is straight-line float arithmetic on arrays
 * indexed by the counter, run by the runtime as its loop of rewritten statements would run it: the
 * same results and counters (the error sums, a diagnosis, within 1e-6 relative), in SIMD blocks
 * where every value of a block stays on the inline path, one iteration at a time otherwise. The
 * rewriter emits one where it can prove the loop's shape (rules/README.md, loop programs).
 *
 * Iteration i (0 <= i < n) runs the ops in order on registers holding one float each:
 *   LOAD      r[dst] = arrays[a][i * strides[a]]     (stride 0: a value read every iteration)
 *   STORE     arrays[a][i * strides[a]] = r[b]
 *   PARAM     r[dst] = params[a]                     (a value the loop does not change)
 *   ADD, SUB, MUL, DIV   r[dst] = r[a] op r[b];  NEG  r[dst] = -r[a]   (kept operations, in float)
 *   SITE_ADD, _SUB, _MUL, _DIV   r[dst] = autoscale_<op>_tensors_f(sites[site], r[a], r[b], ta, tb)
 *             with ta = keys[key_a], tb = keys[key_b] (-1: NULL)
 *   SITE_NEG  r[dst] = autoscale_neg_f(sites[site], r[a])
 *   OPERAND   r[dst] = autoscale_operand_f(sites[site], b, r[a])   (a math call's argument b)
 *   RESULT    r[dst] = autoscale_result_f(sites[site], r[a])       (and its result)
 *   CALL      r[dst] = functions[b](r[a])                          (expf, tanhf, ...)
 *   LESS, LESS_EQUAL, EQUAL   r[dst] = r[a] op r[b] ? 1.0f : 0.0f  (a comparison of floats, as C
 *             compares them: false where either is NaN)
 *   SELECT    r[dst] = r[a] != 0.0f ? r[b] : r[c]                  (a conditional expression)
 *   COUNTER   r[dst] = r[a] + i                                    (the loop's counter, r[a] its
 *             first value; a comparison of integers compares it: exact where the caller checks
 *             AUTOSCALE_COUNTER_EXACT)
 * Unused fields are -1. Stores land in program order. Where an array the loop stores to overlaps
 * another array of the loop (other than at the same element, read before it is stored), the
 * iterations run one at a time, as the loop would. Host only. */
enum {
  AUTOSCALE_LOOP_LOAD, AUTOSCALE_LOOP_STORE, AUTOSCALE_LOOP_PARAM, AUTOSCALE_LOOP_ADD, AUTOSCALE_LOOP_SUB,
  AUTOSCALE_LOOP_MUL, AUTOSCALE_LOOP_DIV, AUTOSCALE_LOOP_NEG, AUTOSCALE_LOOP_SITE_ADD, AUTOSCALE_LOOP_SITE_SUB,
  AUTOSCALE_LOOP_SITE_MUL, AUTOSCALE_LOOP_SITE_DIV, AUTOSCALE_LOOP_SITE_NEG, AUTOSCALE_LOOP_OPERAND,
  AUTOSCALE_LOOP_RESULT, AUTOSCALE_LOOP_CALL, AUTOSCALE_LOOP_LESS, AUTOSCALE_LOOP_LESS_EQUAL, AUTOSCALE_LOOP_EQUAL,
  AUTOSCALE_LOOP_SELECT, AUTOSCALE_LOOP_COUNTER, AUTOSCALE_LOOP_CODE_COUNT
};
/* Whether the counter values first .. first + n - 1 of a loop program's COUNTER are floats that
 * compare as the integers do, computed as first + i: first, every i < n and every value of
 * magnitude below 2^24, where every integer is a float. An integer the counter is compared with
 * needs no such bound: converted to float, one of magnitude 2^24 or more stays beyond every counter
 * value on the same side, and one below is exact. */
#define AUTOSCALE_COUNTER_EXACT(first, n) /* in double: exact here, of signed and unsigned alike */ \
  (AUTOSCALE_CAST(double, n) <= 16777216.0 && AUTOSCALE_CAST(double, first) > -16777216.0 &&      \
   AUTOSCALE_CAST(double, first) + AUTOSCALE_CAST(double, n) <= 16777216.0)
typedef struct autoscale_loop_op {
  int code;           /* AUTOSCALE_LOOP_* */
  int dst;            /* the register written */
  int a, b;           /* registers read; or the array, parameter, slot or function (above) */
  int site;           /* the site of SITE_*, OPERAND and RESULT, an index into sites */
  int key_a, key_b;   /* SITE_*: its operands' tensors, indices into keys */
  int c;              /* SELECT: the register read where r[a] is 0 */
} autoscale_loop_op;
typedef float (*autoscale_loop_function)(float);
/* The rewriter runs a loop as its program from this many iterations on, and as written (one call
 * per operation) below, where a program's fixed cost outweighs its gain; a program whose sites all
 * pass at fp32 (their calls round nothing) has its own. Measured: docs/PERFORMANCE.md. Either may
 * be defined when compiling rewritten code. */
#ifndef AUTOSCALE_LOOP_PROGRAM_MIN
#define AUTOSCALE_LOOP_PROGRAM_MIN 16
#endif
#ifndef AUTOSCALE_LOOP_PROGRAM_MIN_FP32
#define AUTOSCALE_LOOP_PROGRAM_MIN_FP32 64
#endif
/* A program comparing its counter (t2 == t3 ? 1 : 0) pays from longer runs (docs/PERFORMANCE.md). */
#ifndef AUTOSCALE_LOOP_PROGRAM_MIN_COUNTER
#define AUTOSCALE_LOOP_PROGRAM_MIN_COUNTER 32
#endif
void autoscale_loop_f(const autoscale_loop_op *ops, int op_count, int registers, size_t n, const float *const *arrays,
                      const ptrdiff_t *strides, int array_count, const float *params, autoscale_site *const *sites,
                      const void *const *keys, const autoscale_loop_function *functions);

AUTOSCALE_EXTERN_C_END

#endif
