/* autoscale/loss_scaler.h: loss scaling for programs with an explicit loss.
 *
 * A trainer multiplies its loss by scale() before the backward pass, then unscales the gradients
 * (multiplies them by 1/scale) and checks them for inf/NaN in one pass, then calls update() with
 * what it found and skips the optimizer step when something was non-finite.
 *
 *   constant   the scale never changes.
 *   dynamic    Megatron-LM's DynamicGradScaler (megatron/core/optimizer/grad_scaler.py), step for
 *              step. Two counters: growth_tracker (clean steps since the last change) and
 *              hysteresis_tracker (overflows still tolerated, starts at hysteresis).
 *                update(found_inf = 1):  growth_tracker = 0; hysteresis_tracker -= 1;
 *                                        if hysteresis_tracker <= 0:
 *                                            scale = max(scale * backoff, min_scale)
 *                update(found_inf = 0):  growth_tracker += 1;
 *                                        if growth_tracker == growth_interval:
 *                                            growth_tracker = 0; hysteresis_tracker = hysteresis;
 *                                            scale *= growth
 *              So overflows need not be consecutive to use up the hysteresis, an overflow resets
 *              the growth window, and once the hysteresis is used up every further overflow
 *              backs off until a growth refills it. Defaults (Megatron): 2^32, min 1, growth 2,
 *              backoff 0.5, window 1000, hysteresis 2.
 *              Two additions: growth that would make the scale inf is skipped (torch's guard; the
 *              counters reset as if it had grown), and a backoff clamped at min_scale sets a
 *              warning (printed once to stderr per scaler) instead of silently training on with
 *              overflowing gradients (DeepSpeed raises there).
 *   torch      torch.amp.GradScaler's _amp_update_scale_: 2^16, growth 2, backoff 0.5, window 2000,
 *              no hysteresis (every overflow backs off: the machine above with hysteresis 1), no
 *              min scale (min_scale 0: the scale may fall below 1, as torch's docs warn).
 *
 * The gradient check differs from torch's in one way: it tests the unscaled result, not the
 * input, so a finite gradient that overflows when unscaled by a scale < 1 is reported too.
 *
 * State save/load: a small versioned text file holding every field (floats in hex, exact). Loading
 * restores what Megatron's load_state_dict restores, the scale and the two trackers, and keeps
 * the loading scaler's own configuration (a resumed run may change it; the trackers must fit it),
 * so a resumed run with the same configuration continues the same scale sequence as an
 * uninterrupted one.
 *
 * The C ABI below serves C trainers; C++ code can use autoscale::LossScaler directly. Errors follow
 * autoscale/status.h: the C ABI returns a status (or NULL) with autoscale_last_error(), the C++ API
 * throws autoscale::Error. */
#ifndef AUTOSCALE_LOSS_SCALER_H
#define AUTOSCALE_LOSS_SCALER_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include <stddef.h>

#include "autoscale/config.h"
#include "autoscale/status.h"

AUTOSCALE_EXTERN_C_BEGIN

typedef struct autoscale_loss_scaler_config {
  float initial_scale;
  float min_scale;       /* 0: no minimum */
  float growth_factor;   /* > 1 */
  float backoff_factor;  /* in (0, 1) */
  int growth_interval;   /* clean steps before growth, > 0 */
  int hysteresis;        /* overflows before a backoff, > 0 */
} autoscale_loss_scaler_config;

/* The presets, as values to start from and adjust. */
autoscale_loss_scaler_config autoscale_loss_scaler_megatron_config(void);
autoscale_loss_scaler_config autoscale_loss_scaler_torch_config(void);

typedef struct autoscale_loss_scaler autoscale_loss_scaler; /* opaque */

/* NULL when the scale or config is invalid or memory is short; autoscale_last_error() says why. */
autoscale_loss_scaler *autoscale_loss_scaler_create_constant(float scale);
/* config NULL: Megatron's preset. */
autoscale_loss_scaler *autoscale_loss_scaler_create_dynamic(const autoscale_loss_scaler_config *config);
void autoscale_loss_scaler_destroy(autoscale_loss_scaler *scaler);

float autoscale_loss_scaler_scale(const autoscale_loss_scaler *scaler);
/* Multiplies grads[0..n) by 1/scale in place; returns 1 if any result is inf or NaN, else 0. */
int autoscale_loss_scaler_unscale(const autoscale_loss_scaler *scaler, float *grads, size_t n);
/* found_inf: non-zero when any gradient of this step was non-finite (OR over all arrays/ranks). */
void autoscale_loss_scaler_update(autoscale_loss_scaler *scaler, int found_inf);
/* 1 once a backoff has been clamped at min_scale. */
int autoscale_loss_scaler_min_scale_warning(const autoscale_loss_scaler *scaler);

/* Return AUTOSCALE_OK, or AUTOSCALE_EIO (the file cannot be written or opened) or AUTOSCALE_EINVAL
 * (the file is not a valid state: autoscale_last_error() names it and the line, "path:line: what");
 * a failed load leaves the scaler unchanged. */
int autoscale_loss_scaler_save(const autoscale_loss_scaler *scaler, const char *path);
int autoscale_loss_scaler_load(autoscale_loss_scaler *scaler, const char *path);

AUTOSCALE_EXTERN_C_END

#ifdef __cplusplus
#include <iosfwd>
#include <string>

#include "autoscale/error.h"

namespace autoscale {

/* Multiplies x[0..n) by inv_scale in place in one vectorisable pass; true if any result is inf
 * or NaN. */
bool unscale_and_check(float *x, std::size_t n, float inv_scale);

/* A loss scaler: a plain value, no locking (one per trainer). An invalid scale or config, and a
 * state file that cannot be written or read, throw autoscale::Error. */
class LossScaler {
 public:
  static LossScaler constant(float scale);
  static LossScaler dynamic(const autoscale_loss_scaler_config &config);
  static LossScaler megatron() { return dynamic(autoscale_loss_scaler_megatron_config()); }
  static LossScaler torch() { return dynamic(autoscale_loss_scaler_torch_config()); }

  float scale() const { return scale_; }
  /* 1/scale rounded once from double, like Megatron's inv_scale (exact for powers of two). */
  float inv_scale() const;
  bool unscale(float *grads, std::size_t n) const { return unscale_and_check(grads, n, inv_scale()); }
  void update(bool found_inf);

  bool is_dynamic() const { return dynamic_; }
  const autoscale_loss_scaler_config &config() const { return config_; }
  int growth_tracker() const { return growth_tracker_; }
  int hysteresis_tracker() const { return hysteresis_tracker_; }
  /* Backoffs clamped at min_scale so far; the warning flag is min_scale_hits() > 0. */
  long min_scale_hits() const { return min_scale_hits_; }

  /* Text state: "autoscale-loss-scaler 1" then one "key value" line per field, then "end". */
  void save(std::ostream &out) const;
  /* Takes the scale and the trackers of a saved state; the configuration stays this scaler's. On
   * failure (a malformed file, trackers that do not fit this configuration) throws Error
   * ("name:line: what") and leaves *this unchanged. */
  void load(std::istream &in, const std::string &name);
  void save_file(const std::string &path) const;
  void load_file(const std::string &path);

  /* Why a config is unusable, or empty when it is valid. */
  static std::string check_config(const autoscale_loss_scaler_config &config);

  friend bool operator==(const LossScaler &a, const LossScaler &b);

 private:
  LossScaler() = default;

  bool dynamic_ = false;
  autoscale_loss_scaler_config config_{};
  float scale_ = 1.0f;
  int growth_tracker_ = 0;
  int hysteresis_tracker_ = 0;
  long min_scale_hits_ = 0;
  bool warned_ = false; /* printed to stderr already; not state, so not saved */
};

} // namespace autoscale
#endif /* __cplusplus */

#endif
