/* autoscale/defaults.h: every default autoscale-rewrite's rules and the runtime share, in one
 * place. The rules parser fills a setting a rule file leaves out from these; the runtime uses them
 * where a site record or the environment leaves a value unset. Valid C and C++. */
#ifndef AUTOSCALE_DEFAULTS_H
#define AUTOSCALE_DEFAULTS_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include "autoscale/site.h"

/* delayed: Transformer Engine's defaults (amax_history_len 16, amax_compute_algo "max", margin 0). */
#define AUTOSCALE_DEFAULT_HISTORY_LEN 16
#define AUTOSCALE_DEFAULT_AMAX_REDUCE AUTOSCALE_AMAX_MAX
#define AUTOSCALE_DEFAULT_MARGIN 0

/* static: scale 1 quantises like a cast until a rule gives a real scale. */
#define AUTOSCALE_DEFAULT_STATIC_SCALE 1.0f

/* Finite overflow clamps to +-max (TE's and CUDA's __NV_SATFINITE choice for FP8). */
#define AUTOSCALE_DEFAULT_SATURATE 1

/* empirical: steps run in FP32 while the propagation multipliers are measured. 10 rather than
 * fewer: the on/off policy ranks sites by how much their multiplier varies over these steps, and a
 * spread over 3 or 4 steps is mostly noise of the first iterations (warm-up, learning-rate ramp);
 * 10 FP32 steps are still a negligible share of a run of thousands, and a solver with only a few
 * sweeps sets analysis_steps itself. */
#define AUTOSCALE_DEFAULT_ANALYSIS_STEPS 10

/* empirical: re-measure every n steps after analysis. The method's default is "on everywhere,
 * re-measured every n steps": conservative, the path to speed being to freeze sites (the on/off
 * policy) or lengthen n. Here a re-measure costs nothing extra (it takes the ratio the step already
 * measured), so n is set by what the warnings judge: once per analysis length keeps a multiplier
 * at most 10 steps old and a judged period long enough to show drift. A rule that sets 0 means
 * never: the multiplier stays as analysis left it. */
#define AUTOSCALE_DEFAULT_RECHECK_EVERY 10

/* Without any autoscale_step() call each site rolls its amax history every this many executions
 * (the runtime's AUTOSCALE_WINDOW overrides it). */
#define AUTOSCALE_DEFAULT_WINDOW 1024

/* The most tensors (distinct base addresses) one site keeps scaling state for; later tensors share
 * one overflow tensor per slot, and the report says so. */
#define AUTOSCALE_MAX_TENSORS_PER_SITE 64

#endif
