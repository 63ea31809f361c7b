/* autoscale/site.h: a site is one rewritten operation. autoscale-rewrite emits one static
 * autoscale_site per operation into the rewritten translation unit (AUTOSCALE_SITE below); the
 * runtime registers it on first use and keeps its counters and scaling state. Valid C and C++.
 *
 * Every enum of the site record comes with its count (AUTOSCALE_<ENUM>_COUNT) and its name
 * function, autoscale_<enum>_name(value): the spelling the rules (rules/README.md), the runtime's
 * report and summary, and autoscale-rewrite all use. A name function returns NULL for a value
 * outside the enum, so a caller can enumerate the accepted spellings by counting up from 0. */
#ifndef AUTOSCALE_SITE_H
#define AUTOSCALE_SITE_H

#include <stddef.h>

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
  AUTOSCALE_OP_CALL = 7 /* a math-library call; autoscale_site.name holds the callee */
} autoscale_op;
#define AUTOSCALE_OP_COUNT 8

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
  default: return NULL;
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
  default: return NULL;
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
  default: return NULL;
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
  default: return NULL;
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
  default: return NULL;
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
  default: return NULL;
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
  default: return NULL;
  }
}

typedef struct autoscale_strategy_params {
  int history_len;    /* delayed: amax history length (0 means AUTOSCALE_DEFAULT_HISTORY_LEN) */
  int amax_reduce;    /* delayed: autoscale_amax_reduce */
  int margin;         /* delayed: scale = pow2(amax / format_max * 2^margin) */
  float static_scale; /* static: the fixed scale */
  int analysis_steps; /* empirical: steps run in FP32 while statistics are gathered (0: the default) */
  int recheck_every;  /* empirical: re-measure every n steps; 0 freezes after analysis */
} autoscale_strategy_params;

struct autoscale_site_state; /* owned by the runtime */

typedef struct autoscale_site {
  const char *file;
  int line;
  int column;
  int op;       /* autoscale_op */
  const char *name; /* the spelling: "*", "+=", "++", "expf", "std::exp" */
  int op_class; /* autoscale_class */
  int action;   /* autoscale_action */
  int format;   /* autoscale_format */
  int rounding; /* autoscale_rounding */
  int saturate; /* 1: finite overflow clamps to +-max; 0: overflow gives inf (NaN for e4m3) */
  int strategy; /* autoscale_strategy */
  autoscale_strategy_params params;
  const char *rule; /* the rule that decided this site, for the report */
  struct autoscale_site_state *state; /* NULL until the runtime registers the site */
} autoscale_site;

/* The initialiser autoscale-rewrite emits; positional so it is valid C89-C23 and C++98-C++26. */
#define AUTOSCALE_SITE(file, line, column, op, name, op_class, action, format, rounding, saturate, \
                       strategy, history_len, amax_reduce, margin, static_scale, analysis_steps,   \
                       recheck_every, rule)                                                       \
  {(file), (line), (column), (op), (name), (op_class), (action), (format), (rounding), (saturate),  \
   (strategy), {(history_len), (amax_reduce), (margin), (static_scale), (analysis_steps),          \
                (recheck_every)},                                                                 \
   (rule), 0}

AUTOSCALE_EXTERN_C_END

#endif
