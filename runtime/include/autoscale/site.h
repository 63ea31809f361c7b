/* autoscale/site.h: a site is one rewritten operation. autoscale-rewrite emits one static
 * autoscale_site per operation into the rewritten translation unit (AUTOSCALE_SITE below); the
 * runtime registers it on first use and keeps its counters and scaling state. Valid C and C++.
 *
 * Every enum of the site record comes with its count (AUTOSCALE_<ENUM>_COUNT) and its name
 * function, autoscale_<enum>_name(value): the spelling the rules (rules/README.md), the runtime's
 * report and summary, and autoscale-rewrite all use. A name function returns NULL for a value
 * outside the enum, so a caller can enumerate the accepted spellings by counting up from 0.
 *
 * The contract between autoscale-rewrite's output and this runtime is AUTOSCALE_ABI_VERSION
 * (config.h): the site record below and the calls of autoscale.h. */
#ifndef AUTOSCALE_SITE_H
#define AUTOSCALE_SITE_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include "autoscale/config.h"
#include "autoscale/format.h"

AUTOSCALE_EXTERN_C_BEGIN

typedef enum autoscale_op {
  AUTOSCALE_OP_ADD = 0, /* a + b, a += b */
  AUTOSCALE_OP_SUB = 1, /* a - b, a -= b */
  AUTOSCALE_OP_MUL = 2, /* a * b, a *= b */
  AUTOSCALE_OP_DIV = 3, /* a / b, a /= b */
  AUTOSCALE_OP_NEG = 4, /* -a */
  AUTOSCALE_OP_INC = 5, /* ++a, a++ */
  AUTOSCALE_OP_DEC = 6, /* --a, a-- */
  AUTOSCALE_OP_CALL = 7,  /* a math-library call; autoscale_site.name holds the callee */
  AUTOSCALE_OP_MATMUL = 8 /* C = A.B + D: a GEMM loop nest or BLAS call (autoscale_matmul_f/_d) */
} autoscale_op;
#define AUTOSCALE_OP_COUNT 9

AUTOSCALE_HOST_DEVICE static inline const char *autoscale_op_name(int op) {
  switch (op) {
  case AUTOSCALE_OP_ADD: return "add";
  case AUTOSCALE_OP_SUB: return "sub";
  case AUTOSCALE_OP_MUL: return "mul";
  case AUTOSCALE_OP_DIV: return "div";
  case AUTOSCALE_OP_NEG: return "neg";
  case AUTOSCALE_OP_INC: return "inc";
  case AUTOSCALE_OP_DEC: return "dec";
  case AUTOSCALE_OP_CALL: return "call";
  case AUTOSCALE_OP_MATMUL: return "matmul";
  default: return AUTOSCALE_NULL;
  }
}

/* What an operation is for, beside its arithmetic: the ops the rewriter finds from a function's
 * loops and def-use (rules/README.md, ops), which the rules name as they name autoscale_op's. */
typedef enum autoscale_idiom {
  AUTOSCALE_IDIOM_DOT_MUL = 0,      /* the multiply of a reduction joining two tensors' elements */
  AUTOSCALE_IDIOM_ACCUMULATE = 1,   /* the add of a reduction */
  AUTOSCALE_IDIOM_SQUARE_SUM = 2,   /* the multiply of a reduction of one element by itself */
  AUTOSCALE_IDIOM_UPDATE = 3,       /* state that outlives the function, from its old value */
  AUTOSCALE_IDIOM_GUARD = 4,        /* a small constant keeping a divisor or a root's input away from 0 */
  AUTOSCALE_IDIOM_COMPENSATION = 5, /* compensated (Kahan, Neumaier) summation */
  AUTOSCALE_IDIOM_REPORT = 6,       /* book-keeping: timers, printed values */
  AUTOSCALE_IDIOM_OUTER_PRODUCT = 7 /* a rank-1 update W += x y^T as a GEMM */
} autoscale_idiom;
#define AUTOSCALE_IDIOM_COUNT 8

AUTOSCALE_HOST_DEVICE static inline const char *autoscale_idiom_name(int idiom) {
  switch (idiom) {
  case AUTOSCALE_IDIOM_DOT_MUL: return "dot_mul";
  case AUTOSCALE_IDIOM_ACCUMULATE: return "accumulate";
  case AUTOSCALE_IDIOM_SQUARE_SUM: return "square_sum";
  case AUTOSCALE_IDIOM_UPDATE: return "update";
  case AUTOSCALE_IDIOM_GUARD: return "guard";
  case AUTOSCALE_IDIOM_COMPENSATION: return "compensation";
  case AUTOSCALE_IDIOM_REPORT: return "report";
  case AUTOSCALE_IDIOM_OUTER_PRODUCT: return "outer_product";
  default: return AUTOSCALE_NULL;
  }
}

/* TensorFlow AMP's op classes (rules/README.md). */
typedef enum autoscale_class {
  AUTOSCALE_CLASS_ALLOW = 0,
  AUTOSCALE_CLASS_INFER = 1,
  AUTOSCALE_CLASS_DENY = 2,
  AUTOSCALE_CLASS_CLEAR = 3
} autoscale_class;
#define AUTOSCALE_CLASS_COUNT 4

AUTOSCALE_HOST_DEVICE static inline const char *autoscale_class_name(int op_class) {
  switch (op_class) {
  case AUTOSCALE_CLASS_ALLOW: return "allow";
  case AUTOSCALE_CLASS_INFER: return "infer";
  case AUTOSCALE_CLASS_DENY: return "deny";
  case AUTOSCALE_CLASS_CLEAR: return "clear";
  default: return AUTOSCALE_NULL;
  }
}

typedef enum autoscale_action {
  AUTOSCALE_ACTION_KEEP = 0,  /* the source is left as it was: a site never carries it (the runtime
                                 rejects it); it is here so the rules' three actions map 1:1 */
  AUTOSCALE_ACTION_CAST = 1,  /* round to the format with scale 1 */
  AUTOSCALE_ACTION_SCALE = 2  /* round to the format with a per-tensor scale from the strategy */
} autoscale_action;
#define AUTOSCALE_ACTION_COUNT 3

AUTOSCALE_HOST_DEVICE static inline const char *autoscale_action_name(int action) {
  switch (action) {
  case AUTOSCALE_ACTION_KEEP: return "keep";
  case AUTOSCALE_ACTION_CAST: return "cast";
  case AUTOSCALE_ACTION_SCALE: return "scale";
  default: return AUTOSCALE_NULL;
  }
}

typedef enum autoscale_rounding {
  AUTOSCALE_ROUND_OUTPUT = 0, /* arithmetic in the source type, result rounded (FP16 ALU, stored activation) */
  AUTOSCALE_ROUND_INPUTS = 1  /* operands rounded, arithmetic in the source type (tensor core, FP8 GEMM) */
} autoscale_rounding;
#define AUTOSCALE_ROUNDING_COUNT 2

AUTOSCALE_HOST_DEVICE static inline const char *autoscale_rounding_name(int rounding) {
  switch (rounding) {
  case AUTOSCALE_ROUND_OUTPUT: return "output";
  case AUTOSCALE_ROUND_INPUTS: return "inputs";
  default: return AUTOSCALE_NULL;
  }
}

typedef enum autoscale_strategy {
  AUTOSCALE_STRATEGY_DELAYED = 0,
  AUTOSCALE_STRATEGY_CURRENT = 1,
  AUTOSCALE_STRATEGY_PROPAGATE = 2,
  AUTOSCALE_STRATEGY_STATIC = 3,
  AUTOSCALE_STRATEGY_EMPIRICAL = 4
} autoscale_strategy;
#define AUTOSCALE_STRATEGY_COUNT 5

AUTOSCALE_HOST_DEVICE static inline const char *autoscale_strategy_name(int strategy) {
  switch (strategy) {
  case AUTOSCALE_STRATEGY_DELAYED: return "delayed";
  case AUTOSCALE_STRATEGY_CURRENT: return "current";
  case AUTOSCALE_STRATEGY_PROPAGATE: return "propagate";
  case AUTOSCALE_STRATEGY_STATIC: return "static";
  case AUTOSCALE_STRATEGY_EMPIRICAL: return "empirical";
  default: return AUTOSCALE_NULL;
  }
}

typedef enum autoscale_amax_reduce {
  AUTOSCALE_AMAX_MAX = 0,
  AUTOSCALE_AMAX_MOST_RECENT = 1
} autoscale_amax_reduce;
#define AUTOSCALE_AMAX_REDUCE_COUNT 2

AUTOSCALE_HOST_DEVICE static inline const char *autoscale_amax_reduce_name(int reduce) {
  switch (reduce) {
  case AUTOSCALE_AMAX_MAX: return "max";
  case AUTOSCALE_AMAX_MOST_RECENT: return "most_recent";
  default: return AUTOSCALE_NULL;
  }
}

/* What a site records besides its scaling state. */
typedef enum autoscale_statistics {
  AUTOSCALE_STATS_FULL = 0, /* everything the report shows: amax, over/underflows, subnormals, NaN and
                               inf in and out, the error sums */
  AUTOSCALE_STATS_AMAX = 1  /* executions and amax only (what the scaling needs), for speed; a site
                               rounding its inputs records its result only when empirical, and a
                               site at format fp32 records nothing at all: it is the plain operation
                               (pass-through rules run at the speed of the original) */
} autoscale_statistics;
#define AUTOSCALE_STATISTICS_COUNT 2

AUTOSCALE_HOST_DEVICE static inline const char *autoscale_statistics_name(int statistics) {
  switch (statistics) {
  case AUTOSCALE_STATS_FULL: return "full";
  case AUTOSCALE_STATS_AMAX: return "amax";
  default: return AUTOSCALE_NULL;
  }
}

/* Quantised-tensor slots of a site: operands 0..2 (fma has three), then the output. */
#define AUTOSCALE_SLOT_OUTPUT 3
#define AUTOSCALE_SLOT_COUNT 4

/* "a", "b", "c", "output": how the report names a slot. */
AUTOSCALE_HOST_DEVICE static inline const char *autoscale_slot_name(int slot) {
  switch (slot) {
  case 0: return "a";
  case 1: return "b";
  case 2: return "c";
  case AUTOSCALE_SLOT_OUTPUT: return "output";
  default: return AUTOSCALE_NULL;
  }
}

typedef struct autoscale_strategy_params {
  int history_len;    /* delayed: amax history length (0 means AUTOSCALE_DEFAULT_HISTORY_LEN) */
  int amax_reduce;    /* delayed: autoscale_amax_reduce */
  int margin;         /* delayed: scale = pow2(amax / format_max * 2^margin) */
  float static_scale; /* static: the fixed scale */
  int analysis_steps; /* empirical: steps run in FP32 while statistics are gathered (0: the default) */
  int recheck_every;  /* empirical: re-measure every n steps (the rules' default:
                         AUTOSCALE_DEFAULT_RECHECK_EVERY); 0 never re-measures after analysis */
} autoscale_strategy_params;

struct autoscale_site_state; /* owned by the runtime */

/* What a thread adds to a device site's slots while it runs a kernel, where the kernel's copy of
 * its table holds it (autoscale/device_sites.h). Zero in every table the rewrite writes. */
typedef struct autoscale_site_tally {
  autoscale_u32 amax_bits[AUTOSCALE_SLOT_COUNT]; /* per slot, as floats' bits (autoscale_device_slot) */
  autoscale_u32 underflows[AUTOSCALE_SLOT_COUNT];
  autoscale_u32 absorbed;
} autoscale_site_tally;
#define AUTOSCALE_SITE_NO_TALLY {{0, 0, 0, 0}, {0, 0, 0, 0}, 0}

/* One rewritten operation. autoscale-rewrite writes the sites of a file into one static const
 * array, the file's site table, in the order of AUTOSCALE_SITE's arguments, and each site's state
 * into a cell of a mutable array beside it. The record never changes, so the compiler folds its
 * fields into every inline call: a call compiles to the path its site takes and nothing else. */
typedef struct autoscale_site {
  const char *file;
  int line;
  int column;
  int op;           /* autoscale_op: the arithmetic the runtime performs */
  const char *kind; /* the rules' op name: an autoscale_op's or autoscale_idiom's name, or the
                       callee ("add", "dot_mul", "accumulate", "expf", "matmul", ...) */
  const char *name; /* the spelling: "*", "+=", "++", "expf", "std::exp" */
  int op_class;     /* autoscale_class */
  int action;       /* autoscale_action: cast or scale (never keep) */
  int format;       /* autoscale_format */
  int statistics;   /* autoscale_statistics (beside format: the hot path reads both in one load) */
  int rounding;     /* autoscale_rounding */
  int saturate;     /* 1: finite overflow clamps to +-max; 0: overflow gives inf (NaN for e4m3) */
  int strategy;     /* autoscale_strategy */
  autoscale_strategy_params params;
  int index;        /* this site's index in its file's site table */
  int fed_by[3];    /* operand i's producer: the index, in the same table, of the site whose result
                       feeds it; -1 when none or unknown */
  const char *rule; /* the rule that decided this site, for the report */
  /* Its state's cell: on the host NULL until the runtime registers the site there (the runtime's
   * store is the only write); in device code a constant cell naming its slots (device_sites.h). */
  struct autoscale_site_state *const *state;
  /* Device code only: 1 where a kernel's copy of the table tallies the site's values in `tally`
   * (device_sites.h, AUTOSCALE_KERNEL_SITES); the host's records are 0 and keep theirs zero. */
  int tallied;
  autoscale_site_tally tally;
} autoscale_site;

/* The initialiser autoscale-rewrite emits, one per element of a site table (its arguments in the
 * order of the contract, filling the fields in theirs, after the site's state cell: a
 * `struct autoscale_site_state *` that starts NULL); positional, so the expansion is valid
 * C89-C23 and C++98-C++26, and warning-free under -Wall -Wextra -Wpedantic -Wconversion
 * -Wold-style-cast -Wzero-as-null-pointer-constant. */
#define AUTOSCALE_SITE(cell, file, line, column, op, kind, name, op_class, action, format, rounding, \
                       saturate, strategy, history_len, amax_reduce, margin, static_scale,         \
                       analysis_steps, recheck_every, statistics, index, fed_by0, fed_by1, fed_by2, \
                       rule)                                                                       \
  {(file), (line), (column), (op), (kind), (name), (op_class), (action), (format), (statistics),    \
   (rounding), (saturate), (strategy),                                                             \
   {(history_len), (amax_reduce), (margin), (static_scale), (analysis_steps), (recheck_every)},    \
   (index), {(fed_by0), (fed_by1), (fed_by2)}, (rule), (cell), 0, AUTOSCALE_SITE_NO_TALLY}

/* A site table as the calls take it: the records are only read (the runtime writes the cells).
 * C goes through the address's bits, which -Wcast-qual does not flag (compilers still fold it). */
#ifdef __cplusplus
#define AUTOSCALE_SITE_TABLE(table) const_cast<autoscale_site *>(table)
#else
#define AUTOSCALE_SITE_TABLE(table) ((autoscale_site *)AUTOSCALE_PTR_BITS(table))
#endif

/* What a site's record decides of its state (the runtime's registration and the inline path both
 * use these): it rounds its result rather than its operands; it records every counter; a site
 * rounding its inputs records its result too (statistics full, or scaled empirically). */
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE int autoscale_site_rounds_output_(const autoscale_site *s) {
  return s->rounding == AUTOSCALE_ROUND_OUTPUT;
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE int autoscale_site_full_(const autoscale_site *s) {
  return s->statistics == AUTOSCALE_STATS_FULL;
}
AUTOSCALE_HOST_DEVICE static inline AUTOSCALE_FORCE_INLINE int autoscale_site_records_output_(const autoscale_site *s) {
  return autoscale_site_full_(s) || (s->action == AUTOSCALE_ACTION_SCALE && s->strategy == AUTOSCALE_STRATEGY_EMPIRICAL);
}

AUTOSCALE_EXTERN_C_END

#endif
