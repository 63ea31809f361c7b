// Scaling strategies: the state machines of scaling.h. The math is documented in the header.
#include "autoscale/scaling.h"

#include "autoscale/defaults.h"
#include "autoscale/error.h"
#include "autoscale/kernels.h"
#include "autoscale/scale_rules.h"
#include "scaling/scale_math.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>

namespace autoscale {
namespace {

// A configuration the C++ API cannot use: autoscale::Error (autoscale/status.h).
void require(bool cond, const char *what) {
  if (!cond) throw Error(what);
}

float clamp_scale(double s) {
  return static_cast<float>(std::min<double>(std::max<double>(s, kMinScale), kMaxScale));
}

}  // namespace

float scale_from_amax(float amax, float fmt_max, int margin, bool pow2, float previous) {
  return scale_from_amax_d(amax, fmt_max, margin, pow2, previous);
}

// The vectorised kernel of kernels.h: the same NaN-first, then-inf contract as scaling.h states.
float array_amax(const float *x, std::size_t n) { return autoscale_amax_array(x, n); }

// ---- delayed ----------------------------------------------------------------------------------

DelayedScalingConfig delayed_config(const autoscale_strategy_params &params) {
  DelayedScalingConfig c;
  if (params.history_len != 0) c.history_len = params.history_len;
  c.reduce = static_cast<autoscale_amax_reduce>(params.amax_reduce);
  c.margin = params.margin;
  return c;
}

DelayedScaling::DelayedScaling(float fmt_max, DelayedScalingConfig config)
    : fmt_max_(fmt_max), config_(config) {
  require(fmt_max > 0.0f && std::isfinite(fmt_max), "delayed scaling: format max must be finite and > 0");
  if (config_.history_len == 0) config_.history_len = AUTOSCALE_DEFAULT_HISTORY_LEN;
  require(config_.history_len > 0, "delayed scaling: history length must be > 0");
  require(config_.reduce == AUTOSCALE_AMAX_MAX || config_.reduce == AUTOSCALE_AMAX_MOST_RECENT,
                    "delayed scaling: amax reduction must be max or most_recent");
  ring_.assign(static_cast<std::size_t>(config_.history_len), 0.0f);
}

void DelayedScaling::record(float amax) {
  step_amax_ = nan_max(std::fabs(amax), step_amax_);  // a NaN, once in, stays for the step
}

void DelayedScaling::step() {
  scale_ = delayed_roll(ring_.data(), static_cast<int>(ring_.size()), static_cast<int>(next_), step_amax_,
                        config_.reduce, fmt_max_, config_.margin, config_.pow2, scale_);
  next_ = (next_ + 1) % ring_.size();
  step_amax_ = 0.0f;
}

std::vector<float> DelayedScaling::history() const {
  std::vector<float> h(ring_.begin() + static_cast<std::ptrdiff_t>(next_), ring_.end());
  h.insert(h.end(), ring_.begin(), ring_.begin() + static_cast<std::ptrdiff_t>(next_));
  return h;
}

// ---- current, static, propagate ---------------------------------------------------------------

float CurrentScaling::update(float amax) {
  scale_ = scale_from_amax(amax, fmt_max_, margin_, pow2_, scale_);
  return scale_;
}

namespace {
// The library-call spelling without "std::" or a leading "__" (CUDA's __expf).
std::string bare_callee(const char *callee) {
  std::string n = callee ? callee : "";
  if (n.compare(0, 5, "std::") == 0) n.erase(0, 5);
  if (n.compare(0, 2, "__") == 0) n.erase(0, 2);
  return n;
}
}  // namespace

float PropagateScaling::output_scale(autoscale_op op, const char *callee, float sa, float sb, float sc) {
  float s = 1.0f;
  switch (op) {
  case AUTOSCALE_OP_ADD:
  case AUTOSCALE_OP_SUB: s = autoscale_scale_add(sa, sb, 1); break;
  case AUTOSCALE_OP_INC:
  case AUTOSCALE_OP_DEC: s = autoscale_scale_add(sa, 1.0f, 1); break;  // the constant 1 has scale 1
  case AUTOSCALE_OP_MUL: s = autoscale_scale_mul(sa, sb); break;
  case AUTOSCALE_OP_DIV: s = autoscale_scale_div(sa, sb); break;
  case AUTOSCALE_OP_NEG: s = sa; break;
  case AUTOSCALE_OP_CALL: {
    std::string n = bare_callee(callee);
    if (n == "fmax" || n == "fmaxf" || n == "fmin" || n == "fminf" || n == "max" || n == "min")
      s = autoscale_scale_max(sa, sb);
    else if (n == "fabs" || n == "fabsf" || n == "abs")
      s = sa;
    else if (n == "sqrt" || n == "sqrtf")
      s = autoscale_scale_sqrt(sa, 1);
    else if (n == "fma" || n == "fmaf")
      s = autoscale_scale_add(autoscale_scale_mul(sa, sb), sc, 1);
    break;  // exp, log, tanh, ...: 1, computed in FP32 from the unscaled value
  }
  case AUTOSCALE_OP_MATMUL: break;  // a GEMM site scales each operand by its own amax: 1
  }
  return std::isnan(s) ? 1.0f : clamp_scale(s);
}

StaticScaling::StaticScaling(float scale) : scale_(scale) {
  require(valid_scale(scale), "static scaling: the scale must be finite and > 0");
}

// ---- empirical --------------------------------------------------------------------------------

// The largest float that rounds to the format's max rather than beyond it (to inf, NaN, or a
// saturated max): the midpoint to the next binade when it ties down to the max, else just below.
namespace {
float largest_rounding_to_max(int format) {
  float max = autoscale_format_max(format);
  float mid = max + std::ldexp(1.0f, std::ilogb(max) - autoscale_format_desc_of_(format).mant_bits - 1);
  return std::isfinite(autoscale_round_float(mid, format, 0)) ? mid : std::nextafter(mid, 0.0f);
}
}  // namespace

EmpiricalScalingConfig empirical_config(int format, const autoscale_strategy_params &params) {
  EmpiricalScalingConfig c;
  c.fmt_max = autoscale_format_max(format);  // a scalar site's codes are not multiplied: its own max
  c.overflow_above = largest_rounding_to_max(format);
  c.underflow_threshold = autoscale_format_min_normal(format);
  if (params.analysis_steps != 0) c.analysis_steps = params.analysis_steps;
  c.recheck_every = params.recheck_every;
  c.margin = params.margin;
  return c;
}

EmpiricalScaling::EmpiricalScaling(EmpiricalScalingConfig config) : config_(config) {
  require(config_.fmt_max > 0.0f && std::isfinite(config_.fmt_max),
                    "empirical scaling: format max must be finite and > 0");
  require(config_.overflow_above >= config_.fmt_max,
                    "empirical scaling: overflow_above must be >= the format max");
  require(config_.analysis_steps >= 1, "empirical scaling: analysis_steps must be >= 1");
  require(config_.recheck_every >= 0, "empirical scaling: recheck_every must be >= 0");
  require(config_.underflow_threshold >= 0.0f, "empirical scaling: underflow threshold must be >= 0");
}

float EmpiricalScaling::scale(float estimate) const {
  return scale_from_amax_d(static_cast<double>(estimate) * multiplier_, config_.fmt_max, config_.margin,
                           config_.pow2, 1.0f);
}

bool EmpiricalScaling::measuring_step() const {
  long since = step_ - config_.analysis_steps;
  return since >= 0 && remeasure_ && config_.recheck_every > 0 && (since + 1) % config_.recheck_every == 0;
}

void EmpiricalScaling::record(float output_amax, float estimate) {
  float a = std::fabs(output_amax);
  if (!std::isfinite(a) || !usable_amax(estimate)) return;
  step_ratio_ = std::max(step_ratio_, static_cast<float>(a / static_cast<double>(estimate)));
  step_data_ = std::max(step_data_, a / scale(estimate));  // judged only after analysis
}

void EmpiricalScaling::record_operand(float data_amax) {
  if (!compute_in_fp32() && std::isfinite(data_amax)) step_operand_data_ = std::max(step_operand_data_, data_amax);
}

void EmpiricalScaling::Period::add_step(float step_data_amax, float step_operand_data) {
  max_data = std::max(max_data, step_data_amax);
  max_operand_data = std::max(max_operand_data, step_operand_data);
  if (step_data_amax > 0.0f) min_data = min_data == 0.0f ? step_data_amax : std::min(min_data, step_data_amax);
}

std::optional<EmpiricalWarning> EmpiricalScaling::judge(const Period &period, float new_multiplier) const {
  EmpiricalWarning w;
  w.step = step_;
  const bool operand_overflow = period.max_operand_data > config_.overflow_above;
  w.overflow = period.max_data > config_.overflow_above || operand_overflow;
  w.underflow = period.min_data > 0.0f && period.min_data < config_.underflow_threshold;
  if (!w.overflow && !w.underflow) return std::nullopt;
  w.max_data_amax = period.max_data;
  w.max_operand_data_amax = period.max_operand_data;
  w.min_data_amax = period.min_data;
  w.old_multiplier = multiplier_;
  w.new_multiplier = new_multiplier;
  char buf[160];
  if (period.max_data > config_.overflow_above) {
    std::snprintf(buf, sizeof buf, "data amax reached %g, above the format max %g", double(w.max_data_amax),
                  double(config_.fmt_max));
    w.message = buf;
  }
  if (operand_overflow) {
    std::snprintf(buf, sizeof buf, "operand data amax reached %g, above the format max %g",
                  double(w.max_operand_data_amax), double(config_.fmt_max));
    w.message += (w.message.empty() ? "" : " and ") + std::string(buf);
  }
  if (w.underflow) {
    std::snprintf(buf, sizeof buf, "data amax fell to %g, below the underflow threshold %g", double(w.min_data_amax),
                  double(config_.underflow_threshold));
    w.message += (w.message.empty() ? "" : " and ") + std::string(buf);
  }
  std::snprintf(buf, sizeof buf, " under the old scale (step %ld, multiplier %g -> %g)", step_,
                double(w.old_multiplier), double(w.new_multiplier));
  w.message += buf;
  return w;
}

std::optional<EmpiricalWarning> EmpiricalScaling::step() {
  std::optional<EmpiricalWarning> warning;
  float ratio = step_ratio_;
  if (compute_in_fp32()) {
    if (ratio > 0.0f) {
      analysis_max_ = std::max(analysis_max_, ratio);
      analysis_min_ = analysis_min_ == 0.0f ? ratio : std::min(analysis_min_, ratio);
    }
    if (step_ + 1 == config_.analysis_steps && analysis_max_ > 0.0f) {
      multiplier_ = analysis_max_;
      variability_ = static_cast<float>(std::log2(static_cast<double>(analysis_max_) / analysis_min_));
    }
  } else {
    period_.add_step(step_data_, step_operand_data_);
    if (measuring_step()) {
      float next = ratio > 0.0f ? ratio : multiplier_;
      warning = judge(period_, next);
      multiplier_ = next;
      period_ = Period{};
    }
  }
  step_ratio_ = 0.0f;
  step_data_ = 0.0f;
  step_operand_data_ = 0.0f;
  ++step_;
  return warning;
}

std::optional<EmpiricalWarning> EmpiricalScaling::final_check(float pending_output_amax, float estimate,
                                                              float pending_operand_data) const {
  if (compute_in_fp32()) return std::nullopt;
  Period period = period_;
  float data = step_data_;
  if (std::isfinite(pending_output_amax) && usable_amax(estimate))
    data = std::max(data, std::fabs(pending_output_amax) / scale(estimate));
  float operand = step_operand_data_;
  if (std::isfinite(pending_operand_data)) operand = std::max(operand, pending_operand_data);
  period.add_step(data, operand);
  return judge(period, multiplier_);
}

std::vector<bool> choose_remeasured(const std::vector<float> &variability, double op_fraction) {
  require(op_fraction >= 0.0 && op_fraction <= 1.0, "on/off policy: op fraction must be in [0, 1]");
  std::size_t n = variability.size();
  // The tolerance keeps fractions like 1/3 of 3 sites at exactly one site despite rounding.
  auto count = static_cast<std::size_t>(std::ceil(op_fraction * static_cast<double>(n) - 1e-9));
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return variability[a] > variability[b]; });
  std::vector<bool> on(n, false);
  for (std::size_t i = 0; i < count; ++i) on[order[i]] = true;
  return on;
}

}  // namespace autoscale
