/* autoscale/entry_points.h: every function rewritten code calls, in one table.
 *
 * autoscale-rewrite spells each call it writes by looking up its row here (what the call does, the
 * arithmetic, the type it computes in; tool/ruleset/Vocabulary.cpp), so a name is written once and
 * never pasted together from pieces. Both sides check the table at compile time: the runtime that
 * every name is a declared function (src/sites/entry_points.cpp), the tool that every call it may
 * write has a row. Signatures and meanings are in autoscale.h.
 *
 * A row is X(function, kind, arithmetic, type): kind is an autoscale_entry_kind, arithmetic the
 * autoscale_op the call computes (AUTOSCALE_ENTRY_NO_OP for calls that compute nothing of their
 * own), type an autoscale_entry_type. AUTOSCALE_GENERIC_ENTRY_POINTS are the C++ templates of
 * generics.h that a template's dependent operations call, which round only where an instantiation
 * computes in float or double. */
#ifndef AUTOSCALE_ENTRY_POINTS_H
#define AUTOSCALE_ENTRY_POINTS_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include "autoscale/config.h"
#include "autoscale/site.h"

AUTOSCALE_EXTERN_C_BEGIN

typedef enum autoscale_entry_kind {
  AUTOSCALE_ENTRY_BINARY = 0,         /* a op b */
  AUTOSCALE_ENTRY_BINARY_TENSORS = 1, /* a op b, naming each operand's tensor */
  AUTOSCALE_ENTRY_ASSIGN = 2,         /* lhs op= rhs */
  AUTOSCALE_ENTRY_NEGATE = 3,         /* -a */
  AUTOSCALE_ENTRY_PREFIX = 4,         /* ++x, --x */
  AUTOSCALE_ENTRY_POSTFIX = 5,        /* x++, x-- */
  AUTOSCALE_ENTRY_OPERAND = 6,        /* a math call's argument */
  AUTOSCALE_ENTRY_RESULT = 7,         /* a math call's result */
  AUTOSCALE_ENTRY_DOT = 8,            /* a loop summing one multiply's products */
  AUTOSCALE_ENTRY_AXPY = 9,           /* a loop adding one multiply's products into elements */
  AUTOSCALE_ENTRY_LOOP = 10,          /* a loop program */
  AUTOSCALE_ENTRY_MATMUL = 11,        /* a GEMM in place of its code */
  AUTOSCALE_ENTRY_MATMUL_NEST = 12,   /* a GEMM guarding its nest, which runs where operands meet */
  AUTOSCALE_ENTRY_BEGIN_STEPS = 13,   /* steps begin */
  AUTOSCALE_ENTRY_STEP = 14,          /* a step ends */
  AUTOSCALE_ENTRY_MATMUL_NEST_FACTORS = 15, /* the same, with factors (the operands', the products') */
  AUTOSCALE_ENTRY_MATMUL_FACTORS = 16,      /* a GEMM in place of its code, with factors */
  AUTOSCALE_ENTRY_MATMUL_NEST_SUMS = 17,    /* a nest's sums, for loops that store values from them */
  AUTOSCALE_ENTRY_MATMUL_SUMS_FREE = 18,    /* the sums' buffer freed after those loops */
  AUTOSCALE_ENTRY_MATMUL_OUTPUT_APART = 19  /* another array those loops store, apart from the operands */
} autoscale_entry_kind;
#define AUTOSCALE_ENTRY_KIND_COUNT 20

typedef enum autoscale_entry_type {
  AUTOSCALE_ENTRY_NONE = 0,  /* no floating-point values */
  AUTOSCALE_ENTRY_FLOAT = 1,
  AUTOSCALE_ENTRY_DOUBLE = 2,
  AUTOSCALE_ENTRY_FLOAT_IN_DOUBLE = 3, /* a float lvalue assigned double arithmetic */
  AUTOSCALE_ENTRY_GENERIC = 4          /* C++ templates' dependent types (generics.h) */
} autoscale_entry_type;
#define AUTOSCALE_ENTRY_TYPE_COUNT 5

#define AUTOSCALE_ENTRY_NO_OP (-1)

#define AUTOSCALE_ENTRY_POINTS(X)                                                                      \
  X(autoscale_add_f, AUTOSCALE_ENTRY_BINARY, AUTOSCALE_OP_ADD, AUTOSCALE_ENTRY_FLOAT)                  \
  X(autoscale_sub_f, AUTOSCALE_ENTRY_BINARY, AUTOSCALE_OP_SUB, AUTOSCALE_ENTRY_FLOAT)                  \
  X(autoscale_mul_f, AUTOSCALE_ENTRY_BINARY, AUTOSCALE_OP_MUL, AUTOSCALE_ENTRY_FLOAT)                  \
  X(autoscale_div_f, AUTOSCALE_ENTRY_BINARY, AUTOSCALE_OP_DIV, AUTOSCALE_ENTRY_FLOAT)                  \
  X(autoscale_add_d, AUTOSCALE_ENTRY_BINARY, AUTOSCALE_OP_ADD, AUTOSCALE_ENTRY_DOUBLE)                 \
  X(autoscale_sub_d, AUTOSCALE_ENTRY_BINARY, AUTOSCALE_OP_SUB, AUTOSCALE_ENTRY_DOUBLE)                 \
  X(autoscale_mul_d, AUTOSCALE_ENTRY_BINARY, AUTOSCALE_OP_MUL, AUTOSCALE_ENTRY_DOUBLE)                 \
  X(autoscale_div_d, AUTOSCALE_ENTRY_BINARY, AUTOSCALE_OP_DIV, AUTOSCALE_ENTRY_DOUBLE)                 \
  X(autoscale_add_tensors_f, AUTOSCALE_ENTRY_BINARY_TENSORS, AUTOSCALE_OP_ADD, AUTOSCALE_ENTRY_FLOAT)  \
  X(autoscale_sub_tensors_f, AUTOSCALE_ENTRY_BINARY_TENSORS, AUTOSCALE_OP_SUB, AUTOSCALE_ENTRY_FLOAT)  \
  X(autoscale_mul_tensors_f, AUTOSCALE_ENTRY_BINARY_TENSORS, AUTOSCALE_OP_MUL, AUTOSCALE_ENTRY_FLOAT)  \
  X(autoscale_div_tensors_f, AUTOSCALE_ENTRY_BINARY_TENSORS, AUTOSCALE_OP_DIV, AUTOSCALE_ENTRY_FLOAT)  \
  X(autoscale_add_tensors_d, AUTOSCALE_ENTRY_BINARY_TENSORS, AUTOSCALE_OP_ADD, AUTOSCALE_ENTRY_DOUBLE) \
  X(autoscale_sub_tensors_d, AUTOSCALE_ENTRY_BINARY_TENSORS, AUTOSCALE_OP_SUB, AUTOSCALE_ENTRY_DOUBLE) \
  X(autoscale_mul_tensors_d, AUTOSCALE_ENTRY_BINARY_TENSORS, AUTOSCALE_OP_MUL, AUTOSCALE_ENTRY_DOUBLE) \
  X(autoscale_div_tensors_d, AUTOSCALE_ENTRY_BINARY_TENSORS, AUTOSCALE_OP_DIV, AUTOSCALE_ENTRY_DOUBLE) \
  X(autoscale_add_assign_f, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_ADD, AUTOSCALE_ENTRY_FLOAT)           \
  X(autoscale_sub_assign_f, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_SUB, AUTOSCALE_ENTRY_FLOAT)           \
  X(autoscale_mul_assign_f, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_MUL, AUTOSCALE_ENTRY_FLOAT)           \
  X(autoscale_div_assign_f, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_DIV, AUTOSCALE_ENTRY_FLOAT)           \
  X(autoscale_add_assign_d, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_ADD, AUTOSCALE_ENTRY_DOUBLE)          \
  X(autoscale_sub_assign_d, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_SUB, AUTOSCALE_ENTRY_DOUBLE)          \
  X(autoscale_mul_assign_d, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_MUL, AUTOSCALE_ENTRY_DOUBLE)          \
  X(autoscale_div_assign_d, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_DIV, AUTOSCALE_ENTRY_DOUBLE)          \
  X(autoscale_add_assign_fd, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_ADD, AUTOSCALE_ENTRY_FLOAT_IN_DOUBLE)\
  X(autoscale_sub_assign_fd, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_SUB, AUTOSCALE_ENTRY_FLOAT_IN_DOUBLE)\
  X(autoscale_mul_assign_fd, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_MUL, AUTOSCALE_ENTRY_FLOAT_IN_DOUBLE)\
  X(autoscale_div_assign_fd, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_DIV, AUTOSCALE_ENTRY_FLOAT_IN_DOUBLE)\
  X(autoscale_neg_f, AUTOSCALE_ENTRY_NEGATE, AUTOSCALE_OP_NEG, AUTOSCALE_ENTRY_FLOAT)                  \
  X(autoscale_neg_d, AUTOSCALE_ENTRY_NEGATE, AUTOSCALE_OP_NEG, AUTOSCALE_ENTRY_DOUBLE)                 \
  X(autoscale_preinc_f, AUTOSCALE_ENTRY_PREFIX, AUTOSCALE_OP_INC, AUTOSCALE_ENTRY_FLOAT)               \
  X(autoscale_preinc_d, AUTOSCALE_ENTRY_PREFIX, AUTOSCALE_OP_INC, AUTOSCALE_ENTRY_DOUBLE)              \
  X(autoscale_predec_f, AUTOSCALE_ENTRY_PREFIX, AUTOSCALE_OP_DEC, AUTOSCALE_ENTRY_FLOAT)               \
  X(autoscale_predec_d, AUTOSCALE_ENTRY_PREFIX, AUTOSCALE_OP_DEC, AUTOSCALE_ENTRY_DOUBLE)              \
  X(autoscale_postinc_f, AUTOSCALE_ENTRY_POSTFIX, AUTOSCALE_OP_INC, AUTOSCALE_ENTRY_FLOAT)             \
  X(autoscale_postinc_d, AUTOSCALE_ENTRY_POSTFIX, AUTOSCALE_OP_INC, AUTOSCALE_ENTRY_DOUBLE)            \
  X(autoscale_postdec_f, AUTOSCALE_ENTRY_POSTFIX, AUTOSCALE_OP_DEC, AUTOSCALE_ENTRY_FLOAT)             \
  X(autoscale_postdec_d, AUTOSCALE_ENTRY_POSTFIX, AUTOSCALE_OP_DEC, AUTOSCALE_ENTRY_DOUBLE)            \
  X(autoscale_operand_f, AUTOSCALE_ENTRY_OPERAND, AUTOSCALE_OP_CALL, AUTOSCALE_ENTRY_FLOAT)            \
  X(autoscale_operand_d, AUTOSCALE_ENTRY_OPERAND, AUTOSCALE_OP_CALL, AUTOSCALE_ENTRY_DOUBLE)           \
  X(autoscale_result_f, AUTOSCALE_ENTRY_RESULT, AUTOSCALE_OP_CALL, AUTOSCALE_ENTRY_FLOAT)              \
  X(autoscale_result_d, AUTOSCALE_ENTRY_RESULT, AUTOSCALE_OP_CALL, AUTOSCALE_ENTRY_DOUBLE)             \
  X(autoscale_dot_f, AUTOSCALE_ENTRY_DOT, AUTOSCALE_OP_MUL, AUTOSCALE_ENTRY_FLOAT)                     \
  X(autoscale_dot_d, AUTOSCALE_ENTRY_DOT, AUTOSCALE_OP_MUL, AUTOSCALE_ENTRY_DOUBLE)                    \
  X(autoscale_axpy_f, AUTOSCALE_ENTRY_AXPY, AUTOSCALE_OP_MUL, AUTOSCALE_ENTRY_FLOAT)                   \
  X(autoscale_axpy_d, AUTOSCALE_ENTRY_AXPY, AUTOSCALE_OP_MUL, AUTOSCALE_ENTRY_DOUBLE)                  \
  X(autoscale_loop_f, AUTOSCALE_ENTRY_LOOP, AUTOSCALE_ENTRY_NO_OP, AUTOSCALE_ENTRY_FLOAT)              \
  X(autoscale_matmul_f, AUTOSCALE_ENTRY_MATMUL, AUTOSCALE_OP_MATMUL, AUTOSCALE_ENTRY_FLOAT)            \
  X(autoscale_matmul_d, AUTOSCALE_ENTRY_MATMUL, AUTOSCALE_OP_MATMUL, AUTOSCALE_ENTRY_DOUBLE)           \
  X(autoscale_matmul_nest_f, AUTOSCALE_ENTRY_MATMUL_NEST, AUTOSCALE_OP_MATMUL, AUTOSCALE_ENTRY_FLOAT)  \
  X(autoscale_matmul_nest_d, AUTOSCALE_ENTRY_MATMUL_NEST, AUTOSCALE_OP_MATMUL, AUTOSCALE_ENTRY_DOUBLE) \
  X(autoscale_matmul_nest_factors_f, AUTOSCALE_ENTRY_MATMUL_NEST_FACTORS, AUTOSCALE_OP_MATMUL,           \
    AUTOSCALE_ENTRY_FLOAT)                                                                             \
  X(autoscale_matmul_nest_factors_d, AUTOSCALE_ENTRY_MATMUL_NEST_FACTORS, AUTOSCALE_OP_MATMUL,           \
    AUTOSCALE_ENTRY_DOUBLE)                                                                            \
  X(autoscale_matmul_factors_f, AUTOSCALE_ENTRY_MATMUL_FACTORS, AUTOSCALE_OP_MATMUL, AUTOSCALE_ENTRY_FLOAT) \
  X(autoscale_matmul_factors_d, AUTOSCALE_ENTRY_MATMUL_FACTORS, AUTOSCALE_OP_MATMUL, AUTOSCALE_ENTRY_DOUBLE) \
  X(autoscale_matmul_nest_sums_f, AUTOSCALE_ENTRY_MATMUL_NEST_SUMS, AUTOSCALE_OP_MATMUL, AUTOSCALE_ENTRY_FLOAT) \
  X(autoscale_matmul_nest_sums_d, AUTOSCALE_ENTRY_MATMUL_NEST_SUMS, AUTOSCALE_OP_MATMUL, AUTOSCALE_ENTRY_DOUBLE) \
  X(autoscale_matmul_sums_free, AUTOSCALE_ENTRY_MATMUL_SUMS_FREE, AUTOSCALE_ENTRY_NO_OP, AUTOSCALE_ENTRY_NONE) \
  X(autoscale_matmul_output_apart_f, AUTOSCALE_ENTRY_MATMUL_OUTPUT_APART, AUTOSCALE_OP_MATMUL,           \
    AUTOSCALE_ENTRY_FLOAT)                                                                             \
  X(autoscale_matmul_output_apart_d, AUTOSCALE_ENTRY_MATMUL_OUTPUT_APART, AUTOSCALE_OP_MATMUL,           \
    AUTOSCALE_ENTRY_DOUBLE)                                                                            \
  X(autoscale_begin_steps, AUTOSCALE_ENTRY_BEGIN_STEPS, AUTOSCALE_ENTRY_NO_OP, AUTOSCALE_ENTRY_NONE)   \
  X(autoscale_step, AUTOSCALE_ENTRY_STEP, AUTOSCALE_ENTRY_NO_OP, AUTOSCALE_ENTRY_NONE)

/* The out-of-line twin of each scalar call, for code that runs rarely: X(function, twin, its type,
 * (parameters), (arguments)). A twin is its function compiled once in the runtime (the same bits,
 * counters and out-of-line paths), so a rewritten file compiles one call where it would compile
 * the function's whole inline path. autoscale-rewrite writes the twin outside loops (straight-line
 * code, set-up, code run once) and the function itself inside them; defining
 * AUTOSCALE_INLINE_EVERY_CALL when compiling rewritten code makes every twin inline again. Host
 * code only (device code always inlines). */
#define AUTOSCALE_COMPACT_ENTRY_POINTS(X) \
  X(autoscale_add_f, autoscale_add_f_compact, float, (autoscale_site *s, float a, float b), (s, a, b))                                                             \
  X(autoscale_sub_f, autoscale_sub_f_compact, float, (autoscale_site *s, float a, float b), (s, a, b))                                                             \
  X(autoscale_mul_f, autoscale_mul_f_compact, float, (autoscale_site *s, float a, float b), (s, a, b))                                                             \
  X(autoscale_div_f, autoscale_div_f_compact, float, (autoscale_site *s, float a, float b), (s, a, b))                                                             \
  X(autoscale_add_tensors_f, autoscale_add_tensors_f_compact, float, (autoscale_site *s, float a, float b, const void *ta, const void *tb), (s, a, b, ta, tb))     \
  X(autoscale_sub_tensors_f, autoscale_sub_tensors_f_compact, float, (autoscale_site *s, float a, float b, const void *ta, const void *tb), (s, a, b, ta, tb))     \
  X(autoscale_mul_tensors_f, autoscale_mul_tensors_f_compact, float, (autoscale_site *s, float a, float b, const void *ta, const void *tb), (s, a, b, ta, tb))     \
  X(autoscale_div_tensors_f, autoscale_div_tensors_f_compact, float, (autoscale_site *s, float a, float b, const void *ta, const void *tb), (s, a, b, ta, tb))     \
  X(autoscale_add_assign_f, autoscale_add_assign_f_compact, float, (autoscale_site *s, float *lhs, float rhs), (s, lhs, rhs))                                      \
  X(autoscale_sub_assign_f, autoscale_sub_assign_f_compact, float, (autoscale_site *s, float *lhs, float rhs), (s, lhs, rhs))                                      \
  X(autoscale_mul_assign_f, autoscale_mul_assign_f_compact, float, (autoscale_site *s, float *lhs, float rhs), (s, lhs, rhs))                                      \
  X(autoscale_div_assign_f, autoscale_div_assign_f_compact, float, (autoscale_site *s, float *lhs, float rhs), (s, lhs, rhs))                                      \
  X(autoscale_add_d, autoscale_add_d_compact, double, (autoscale_site *s, double a, double b), (s, a, b))                                                          \
  X(autoscale_sub_d, autoscale_sub_d_compact, double, (autoscale_site *s, double a, double b), (s, a, b))                                                          \
  X(autoscale_mul_d, autoscale_mul_d_compact, double, (autoscale_site *s, double a, double b), (s, a, b))                                                          \
  X(autoscale_div_d, autoscale_div_d_compact, double, (autoscale_site *s, double a, double b), (s, a, b))                                                          \
  X(autoscale_add_tensors_d, autoscale_add_tensors_d_compact, double, (autoscale_site *s, double a, double b, const void *ta, const void *tb), (s, a, b, ta, tb))  \
  X(autoscale_sub_tensors_d, autoscale_sub_tensors_d_compact, double, (autoscale_site *s, double a, double b, const void *ta, const void *tb), (s, a, b, ta, tb))  \
  X(autoscale_mul_tensors_d, autoscale_mul_tensors_d_compact, double, (autoscale_site *s, double a, double b, const void *ta, const void *tb), (s, a, b, ta, tb))  \
  X(autoscale_div_tensors_d, autoscale_div_tensors_d_compact, double, (autoscale_site *s, double a, double b, const void *ta, const void *tb), (s, a, b, ta, tb))  \
  X(autoscale_add_assign_d, autoscale_add_assign_d_compact, double, (autoscale_site *s, double *lhs, double rhs), (s, lhs, rhs))                                   \
  X(autoscale_sub_assign_d, autoscale_sub_assign_d_compact, double, (autoscale_site *s, double *lhs, double rhs), (s, lhs, rhs))                                   \
  X(autoscale_mul_assign_d, autoscale_mul_assign_d_compact, double, (autoscale_site *s, double *lhs, double rhs), (s, lhs, rhs))                                   \
  X(autoscale_div_assign_d, autoscale_div_assign_d_compact, double, (autoscale_site *s, double *lhs, double rhs), (s, lhs, rhs))                                   \
  X(autoscale_add_assign_fd, autoscale_add_assign_fd_compact, float, (autoscale_site *s, float *lhs, double rhs), (s, lhs, rhs))                                   \
  X(autoscale_sub_assign_fd, autoscale_sub_assign_fd_compact, float, (autoscale_site *s, float *lhs, double rhs), (s, lhs, rhs))                                   \
  X(autoscale_mul_assign_fd, autoscale_mul_assign_fd_compact, float, (autoscale_site *s, float *lhs, double rhs), (s, lhs, rhs))                                   \
  X(autoscale_div_assign_fd, autoscale_div_assign_fd_compact, float, (autoscale_site *s, float *lhs, double rhs), (s, lhs, rhs))                                   \
  X(autoscale_neg_f, autoscale_neg_f_compact, float, (autoscale_site *s, float a), (s, a))                                                                         \
  X(autoscale_preinc_f, autoscale_preinc_f_compact, float, (autoscale_site *s, float *p), (s, p))                                                                  \
  X(autoscale_predec_f, autoscale_predec_f_compact, float, (autoscale_site *s, float *p), (s, p))                                                                  \
  X(autoscale_postinc_f, autoscale_postinc_f_compact, float, (autoscale_site *s, float *p), (s, p))                                                                \
  X(autoscale_postdec_f, autoscale_postdec_f_compact, float, (autoscale_site *s, float *p), (s, p))                                                                \
  X(autoscale_result_f, autoscale_result_f_compact, float, (autoscale_site *s, float v), (s, v))                                                                   \
  X(autoscale_neg_d, autoscale_neg_d_compact, double, (autoscale_site *s, double a), (s, a))                                                                       \
  X(autoscale_preinc_d, autoscale_preinc_d_compact, double, (autoscale_site *s, double *p), (s, p))                                                                \
  X(autoscale_predec_d, autoscale_predec_d_compact, double, (autoscale_site *s, double *p), (s, p))                                                                \
  X(autoscale_postinc_d, autoscale_postinc_d_compact, double, (autoscale_site *s, double *p), (s, p))                                                              \
  X(autoscale_postdec_d, autoscale_postdec_d_compact, double, (autoscale_site *s, double *p), (s, p))                                                              \
  X(autoscale_result_d, autoscale_result_d_compact, double, (autoscale_site *s, double v), (s, v))                                                                

/* cuBLAS's FP32 products and the function a rewritten call of each calls instead, with the site
 * first and the call's arguments as written (autoscale/cublas.h, libautoscale_cuda): X(function,
 * cuBLAS function as declared; cublas_v2.h's cublasSgemm is a macro naming cublasSgemm_v2). */
#define AUTOSCALE_CUBLAS_ENTRY_POINTS(X)                                    \
  X(autoscale_cublas_sgemm, cublasSgemm_v2)                                \
  X(autoscale_cublas_sgemm_strided_batched, cublasSgemmStridedBatched)     \
  X(autoscale_cublas_gemm_ex, cublasGemmEx)                                \
  X(autoscale_cublaslt_matmul, cublasLtMatmul)

#define AUTOSCALE_GENERIC_ENTRY_POINTS(X)                                                           \
  X(::__autoscale::add, AUTOSCALE_ENTRY_BINARY, AUTOSCALE_OP_ADD, AUTOSCALE_ENTRY_GENERIC)          \
  X(::__autoscale::sub, AUTOSCALE_ENTRY_BINARY, AUTOSCALE_OP_SUB, AUTOSCALE_ENTRY_GENERIC)          \
  X(::__autoscale::mul, AUTOSCALE_ENTRY_BINARY, AUTOSCALE_OP_MUL, AUTOSCALE_ENTRY_GENERIC)          \
  X(::__autoscale::div, AUTOSCALE_ENTRY_BINARY, AUTOSCALE_OP_DIV, AUTOSCALE_ENTRY_GENERIC)          \
  X(::__autoscale::add_assign, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_ADD, AUTOSCALE_ENTRY_GENERIC)   \
  X(::__autoscale::sub_assign, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_SUB, AUTOSCALE_ENTRY_GENERIC)   \
  X(::__autoscale::mul_assign, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_MUL, AUTOSCALE_ENTRY_GENERIC)   \
  X(::__autoscale::div_assign, AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_DIV, AUTOSCALE_ENTRY_GENERIC)   \
  X(::__autoscale::neg, AUTOSCALE_ENTRY_NEGATE, AUTOSCALE_OP_NEG, AUTOSCALE_ENTRY_GENERIC)          \
  X(::__autoscale::preinc, AUTOSCALE_ENTRY_PREFIX, AUTOSCALE_OP_INC, AUTOSCALE_ENTRY_GENERIC)       \
  X(::__autoscale::predec, AUTOSCALE_ENTRY_PREFIX, AUTOSCALE_OP_DEC, AUTOSCALE_ENTRY_GENERIC)       \
  X(::__autoscale::postinc, AUTOSCALE_ENTRY_POSTFIX, AUTOSCALE_OP_INC, AUTOSCALE_ENTRY_GENERIC)     \
  X(::__autoscale::postdec, AUTOSCALE_ENTRY_POSTFIX, AUTOSCALE_OP_DEC, AUTOSCALE_ENTRY_GENERIC)     \
  X(::__autoscale::operand, AUTOSCALE_ENTRY_OPERAND, AUTOSCALE_OP_CALL, AUTOSCALE_ENTRY_GENERIC)    \
  X(::__autoscale::result, AUTOSCALE_ENTRY_RESULT, AUTOSCALE_OP_CALL, AUTOSCALE_ENTRY_GENERIC)      \
  X(::__autoscale::matmul_nest, AUTOSCALE_ENTRY_MATMUL_NEST, AUTOSCALE_OP_MATMUL, AUTOSCALE_ENTRY_GENERIC) \
  X(::__autoscale::matmul_nest_factors, AUTOSCALE_ENTRY_MATMUL_NEST_FACTORS, AUTOSCALE_OP_MATMUL,    \
    AUTOSCALE_ENTRY_GENERIC)

AUTOSCALE_EXTERN_C_END

#endif
