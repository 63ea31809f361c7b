/* autoscale/compact_calls.h: the out-of-line twins of autoscale.h's scalar calls (the table
 * AUTOSCALE_COMPACT_ENTRY_POINTS in entry_points.h says which, and where the rewriter writes them),
 * or, where rewritten code is compiled with AUTOSCALE_INLINE_EVERY_CALL, the calls themselves under
 * the twins' names. Included by autoscale.h after the calls; host code only. */
#ifndef AUTOSCALE_COMPACT_CALLS_H
#define AUTOSCALE_COMPACT_CALLS_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include "autoscale/entry_points.h"

#if !AUTOSCALE_DEVICE_PASS
AUTOSCALE_EXTERN_C_BEGIN
#if defined(AUTOSCALE_INLINE_EVERY_CALL)
#define AUTOSCALE_COMPACT_(function, twin, type, parameters, arguments) \
  static inline AUTOSCALE_FORCE_INLINE type twin parameters { return function arguments; }
#else
#define AUTOSCALE_COMPACT_(function, twin, type, parameters, arguments) type twin parameters;
#endif
AUTOSCALE_COMPACT_ENTRY_POINTS(AUTOSCALE_COMPACT_)
#undef AUTOSCALE_COMPACT_
AUTOSCALE_EXTERN_C_END
#endif

#endif
