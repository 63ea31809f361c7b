/* autoscale/scaling.h: the scaling strategies, one small value type per strategy.
 *
 * Convention: a scaled value is  value = data × scale.  The scale is what the stored
 * data is multiplied by to give the value back, so quantising divides by it: data = value / scale.
 * A bigger scale means smaller data and more headroom below the format's max.
 *
 * Every type here is a plain value: copyable, no locking, no I/O. The site registry keeps one per
 * quantised slot inside its own lock and calls the step-wise methods; the math lives here. C++ only
 * (the rewritten code never sees these types; it goes through autoscale.h). A configuration these
 * types cannot use (a history of length 0, a scale that is not finite and > 0) throws
 * autoscale::Error (autoscale/error.h). */
#ifndef AUTOSCALE_SCALING_H
#define AUTOSCALE_SCALING_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#ifdef __cplusplus

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "autoscale/defaults.h"
#include "autoscale/site.h"

namespace autoscale {

/* Every scale a strategy returns lies in [kMinScale, kMaxScale] = [2^-126, 2^126]: both the scale
 * and its reciprocal are finite, normal float32 powers of two, so rescaling by either is exact.
 * (TE instead lets its inverse scale overflow and patches it to FLT_MAX.) */
constexpr float kMinScale = 0x1p-126f;
constexpr float kMaxScale = 0x1p126f;

/* The scale that maps an amax onto the format's max with `margin` binary orders of headroom:
 *
 *     exact = amax / fmt_max × 2^margin          so that  amax / exact = fmt_max / 2^margin.
 *
 * With pow2, exact is rounded UP to a power of two (a power of two stays itself); without, to the
 * nearest float. Why up: TE
 * computes its multiplier  s_TE = (fmt_max / amax) / 2^margin  (data = value × s_TE) and rounds it
 * to a power of two by masking the mantissa, i.e. DOWN, so the data never exceeds the target.
 * Our scale is 1 / s_TE; the reciprocal of a round-down is a round-up, which keeps the same
 * guarantee  amax / scale <= fmt_max / 2^margin  for the amax the scale was computed from.
 * The quotient is formed in double and rounded up exactly: where its rounding to float lands on
 * a power of two below the exact quotient, the next power of two is taken.
 *
 * An amax that is 0, negative, NaN or inf carries no information: returns `previous` unchanged.
 * The result is clamped to [kMinScale, kMaxScale]. */
float scale_from_amax(float amax, float fmt_max, int margin, bool pow2, float previous);

/* max |x[i]| over n floats in one vectorisable pass. NaN anywhere gives NaN (a NaN must not be
 * hidden the way fmaxf hides it); otherwise an inf gives inf. n == 0 gives 0. */
float array_amax(const float *x, std::size_t n);

/* ---------------------------------------------------------------------------------------------
 * delayed (Transformer Engine): the scale of step t+1 comes from the amaxes of steps <= t.
 *
 *   record(a)  within a step: the step's amax becomes max(step amax, |a|). A NaN is sticky for the
 *              step (the step's amax stays NaN), an inf likewise wins the max.
 *   step()     at the step boundary: the step's amax enters the history (a ring of the last H
 *              step amaxes, zero-filled at the start like TE's), the history is reduced, the scale
 *              recomputed with scale_from_amax, and the step's amax reset to 0.
 *
 *   reduce max:          the largest of the H entries; a NaN among them makes the reduction NaN,
 *                        so a non-finite amax keeps the previous scale until it leaves the window
 *                        (TE: an inf in the history freezes the scale for H steps the same way).
 *   reduce most_recent:  the amax of the step just ended.
 * A reduced amax of 0 or non-finite keeps the previous scale. The scale starts at 1 (TE's start).
 * ------------------------------------------------------------------------------------------- */
struct DelayedScalingConfig {
  int history_len = AUTOSCALE_DEFAULT_HISTORY_LEN; /* H >= 1; 0 in site params means this default */
  autoscale_amax_reduce reduce = AUTOSCALE_DEFAULT_AMAX_REDUCE;
  int margin = AUTOSCALE_DEFAULT_MARGIN;           /* binary orders of headroom below fmt_max */
  bool pow2 = true;                              /* round the scale up to a power of two */
};

/* From a site's rule parameters (history_len 0 means the default). */
DelayedScalingConfig delayed_config(const autoscale_strategy_params &params);

class DelayedScaling {
 public:
  DelayedScaling(float fmt_max, DelayedScalingConfig config);

  void record(float amax);
  void step();

  float scale() const { return scale_; }
  float step_amax() const { return step_amax_; }
  /* The history, oldest entry first (H entries). */
  std::vector<float> history() const;
  const DelayedScalingConfig &config() const { return config_; }

 private:
  float fmt_max_;
  DelayedScalingConfig config_;
  std::vector<float> ring_; /* ring_[next_] is the oldest entry */
  std::size_t next_ = 0;
  float step_amax_ = 0.0f;
  float scale_ = 1.0f;
};

/* ---------------------------------------------------------------------------------------------
 * current: the scale comes from the amax of the very tensor being quantised (two passes: amax,
 * then quantise). An amax that is 0 or non-finite keeps the last scale (1 at the start), so an
 * all-zero or NaN-poisoned tensor does not produce a meaningless scale.
 * ------------------------------------------------------------------------------------------- */
class CurrentScaling {
 public:
  CurrentScaling(float fmt_max, int margin = 0, bool pow2 = true)
      : fmt_max_(fmt_max), margin_(margin), pow2_(pow2) {}

  /* The scale for a tensor whose amax is known (a GEMM epilogue, a fused kernel). */
  float update(float amax);
  /* The scale for the array x[0..n). */
  float update(const float *x, std::size_t n) { return update(array_amax(x, n)); }
  float scale() const { return scale_; }

 private:
  float fmt_max_;
  int margin_;
  bool pow2_;
  float scale_ = 1.0f;
};

/* ---------------------------------------------------------------------------------------------
 * propagate (jax-scalify): the output scale is a rule of the input scales (scale_rules.h; its
 * pow2 rounding, down, is jax-scalify's):
 *   mul -> sA·sB, div -> sA/sB, add/sub -> r(max·√(1+(min/max)²)), neg -> sA,
 *   ++/-- -> the add rule with the constant 1 (scale 1),
 *   calls (callee without "std::" or a leading "__"): fmax/fmin/max/min -> max(sA, sB),
 *   fabs/abs -> sA, sqrt -> r(√sA), fma -> add(sA·sB, sC); any other call (exp, log, tanh, ...)
 *   -> 1, computed in FP32 from the unscaled value.
 * Matrix products and sums are not single-operator sites; callers that know K or N use
 * autoscale_scale_matmul / autoscale_scale_sum from scale_rules.h directly.
 * ------------------------------------------------------------------------------------------- */
struct PropagateScaling {
  /* Scales of unused operands are ignored. The result is clamped to [kMinScale, kMaxScale] (an
   * overflowing product gives kMaxScale); a NaN (from invalid input scales) gives 1. */
  static float output_scale(autoscale_op op, const char *callee, float sa, float sb = 1.0f, float sc = 1.0f);
};

/* ---------------------------------------------------------------------------------------------
 * static: a fixed scale from the rules; it must be finite and > 0 (checked at construction).
 * ------------------------------------------------------------------------------------------- */
class StaticScaling {
 public:
  explicit StaticScaling(float scale);
  float scale() const { return scale_; }

 private:
  float scale_;
};

/* ---------------------------------------------------------------------------------------------
 * empirical (AutoScale "proposal B"): the output scale is the propagated estimate
 * from the input scales times a measured multiplier.
 *
 * Terms, per site (one EmpiricalScaling per site output):
 *   estimate e     the output scale the propagation rule predicts from the input scales of this
 *                  execution (PropagateScaling::output_scale); the caller passes it in.
 *   ratio          |observed FP32 output| / e  for one execution; a step's ratio is the max over
 *                  the step's executions (the step's "propagation scale").
 *   multiplier m   the measured propagation multiplier: how far the real output amax sits from
 *                  what the rule predicts. The output scale for an estimate e is
 *                      scale(e) = scale_from_amax(e × m, fmt_max, margin, pow2)
 *                  so when an input's scale changes elsewhere, this output follows through e
 *                  even while m is frozen (the point of proposal B over TE).
 *
 * Phases, counted in steps t = 0, 1, ... (step() ends step t):
 *   analysis       t < analysis_steps: compute_in_fp32() is true, the site computes in FP32 and
 *                  records ratios. When step analysis_steps-1 ends, m = the max of the analysis
 *                  steps' ratios (conservative: the largest output seen maps to fmt_max / 2^margin)
 *                  and variability = log2(max ratio / min ratio) over those steps, the statistic
 *                  the on/off policy ranks sites by. A step with no finite ratio is not counted;
 *                  with none at all, m stays 1.
 *   measured       t >= analysis_steps: low precision with scale(e). If the policy switched the
 *                  site on (set_remeasure(true), the default: "on everywhere" is the conservative
 *                  default the method asks for) and recheck_every = n > 0 (by default
 *                  AUTOSCALE_DEFAULT_RECHECK_EVERY; 0, set explicitly, never re-measures), then
 *                  every n-th step after analysis (the steps with (t - analysis_steps + 1) % n ==
 *                  0) is a re-measure: at its end m becomes that step's ratio. Otherwise m stays
 *                  frozen.
 *
 * Warnings. While a multiplier is in force, every step's data amax  max |v| / scale  is tracked,
 * and so are the operands' (record_operand), at a site that rounds its operands. At a re-measure,
 * and at final_check() (the end of the run, the step then running included: every site
 * re-checks, frozen ones included), the period since the last measurement is judged:
 *   overflow   some step's data amax, of the output or of an operand, exceeded overflow_above: it
 *              rounds beyond fmt_max (the old scale saturated or overflowed; values up to the
 *              rounding midpoint round to fmt_max);
 *   underflow  some step's non-zero data amax fell below underflow_threshold (default: the format's
 *              min normal; the tensor's largest element was subnormal, so every element lost
 *              precision).
 * Either gives an EmpiricalWarning; the caller adds the source location and prints it.
 * Non-finite outputs or estimates are not ratios: they are ignored here (the site counts them).
 * ------------------------------------------------------------------------------------------- */
struct EmpiricalScalingConfig {
  float fmt_max = 448.0f;
  float overflow_above = 464.0f;       /* the largest data amax that still rounds to fmt_max */
  float underflow_threshold = 0x1p-6f; /* the format's min normal */
  int analysis_steps = AUTOSCALE_DEFAULT_ANALYSIS_STEPS; /* >= 1 */
  int recheck_every = AUTOSCALE_DEFAULT_RECHECK_EVERY;   /* n; 0 freezes the multiplier after analysis */
  int margin = AUTOSCALE_DEFAULT_MARGIN;
  bool pow2 = true;
};

/* From a site's format and rule parameters; analysis_steps 0 means the default. */
EmpiricalScalingConfig empirical_config(int format, const autoscale_strategy_params &params);

struct EmpiricalWarning {
  long step = 0;             /* the step at whose end the check ran */
  bool overflow = false;
  bool underflow = false;
  float max_data_amax = 0.0f; /* largest per-step data amax of the output in the period */
  float max_operand_data_amax = 0.0f; /* the same of the operands (sites rounding them) */
  float min_data_amax = 0.0f; /* smallest non-zero per-step data amax in the period */
  float old_multiplier = 0.0f;
  float new_multiplier = 0.0f; /* == old_multiplier at a final check or a frozen site */
  std::string message;        /* without the source location */
};

class EmpiricalScaling {
 public:
  explicit EmpiricalScaling(EmpiricalScalingConfig config);

  bool compute_in_fp32() const { return step_ < config_.analysis_steps; }
  /* The output scale for an estimate (meaningful once compute_in_fp32() is false); an estimate
   * that is not finite and > 0 gives 1. */
  float scale(float estimate) const;
  /* One execution, or a batch of them: the magnitude (amax) of the FP32 output and the estimate
   * it was scaled with. */
  void record(float output_amax, float estimate);
  /* An operand's data amax (its amax over the scale it was quantised with) in this step; ignored
   * during analysis, when operands are not quantised. */
  void record_operand(float data_amax);
  /* Ends the step; returns the warning of a re-measure, if any. */
  std::optional<EmpiricalWarning> step();
  /* The end of the run: judges the period since the last measurement, including the current step:
   * its records, and the output amax (at the estimate in force) and operand data amax the caller
   * has not recorded yet (a run that ends between step boundaries). Returns a warning, if any.
   * Does not change the state. */
  std::optional<EmpiricalWarning> final_check(float pending_output_amax = 0.0f, float estimate = 1.0f,
                                              float pending_operand_data = 0.0f) const;

  /* The on/off policy's decision for this site (see choose_remeasured). */
  void set_remeasure(bool on) { remeasure_ = on; }
  bool remeasure() const { return remeasure_; }
  /* True when the step now running ends with a re-measure. */
  bool measuring_step() const;

  long step_index() const { return step_; }
  float multiplier() const { return multiplier_; }
  float variability() const { return variability_; }
  const EmpiricalScalingConfig &config() const { return config_; }

 private:
  struct Period {
    float max_data = 0.0f;
    float min_data = 0.0f; /* 0: no non-zero step yet */
    float max_operand_data = 0.0f;
    void add_step(float step_data_amax, float step_operand_data);
  };
  std::optional<EmpiricalWarning> judge(const Period &period, float new_multiplier) const;

  EmpiricalScalingConfig config_;
  long step_ = 0;
  bool remeasure_ = true;
  float multiplier_ = 1.0f;
  float variability_ = 0.0f;
  float analysis_max_ = 0.0f; /* max / min step ratio over the analysis steps (0: none yet) */
  float analysis_min_ = 0.0f;
  float step_ratio_ = 0.0f;   /* the running step's max ratio (0: no finite ratio yet) */
  float step_data_ = 0.0f;    /* the running step's max |v| / scale */
  float step_operand_data_ = 0.0f; /* the same of its operands */
  Period period_;
};

/* The on/off strategy's site choice (proposal B): of N sites with the given variabilities, the
 * ceil(op_fraction × N) most variable are re-measured (ties: lower index first), the rest frozen.
 * op_fraction 1 is "on everywhere", 0 freezes every site. Returns one flag per site. */
std::vector<bool> choose_remeasured(const std::vector<float> &variability, double op_fraction);

} // namespace autoscale

#endif /* __cplusplus */
#endif
