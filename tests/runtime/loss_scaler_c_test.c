/* The loss scaler's C ABI compiled as C99, used the way a C trainer would; loss_scaler_test.cpp
 * calls these helpers and checks their results. */
#include "autoscale/loss_scaler.h"

/* A dynamic scaler from `config` over found_inf[0..n): scales[i] is the scale after update i.
 * Returns 0, or -1 when the scaler cannot be created. */
int c_trainer_scales(const autoscale_loss_scaler_config *config, const int *found_inf, int n, float *scales) {
  autoscale_loss_scaler *scaler = autoscale_loss_scaler_create_dynamic(config);
  int i;
  if (!scaler) return -1;
  for (i = 0; i < n; ++i) {
    autoscale_loss_scaler_update(scaler, found_inf[i]);
    scales[i] = autoscale_loss_scaler_scale(scaler);
  }
  autoscale_loss_scaler_destroy(scaler);
  return 0;
}

/* Unscales grads[0..n) with a constant scaler; returns the ABI's found-non-finite flag. */
int c_trainer_unscale(float scale, float *grads, size_t n) {
  autoscale_loss_scaler *scaler = autoscale_loss_scaler_create_constant(scale);
  int found;
  if (!scaler) return -1;
  found = autoscale_loss_scaler_unscale(scaler, grads, n);
  autoscale_loss_scaler_destroy(scaler);
  return found;
}
