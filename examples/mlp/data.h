// Everything of the MLP example that is not the model's arithmetic: deterministic random numbers,
// the synthetic data set, initial weights and the loss metric. This file is compiled as it is and
// never rewritten, so the original and every rewritten trainer see the same data and are scored
// by the same FP32 metric.
#ifndef AUTOSCALE_EXAMPLES_MLP_DATA_H
#define AUTOSCALE_EXAMPLES_MLP_DATA_H

#include <cstdint>
#include <vector>

constexpr int kInputs = 16;
constexpr int kOutputs = 4;

struct Dataset {
  int count = 0;
  std::vector<float> x; // count x kInputs, row-major
  std::vector<float> t; // count x kOutputs: a fixed random teacher network's outputs
};

// Uniform in [-1, 1): integer arithmetic and an exact power-of-two scaling, so the same bits come
// out on every compiler and optimisation level.
float uniform(uint32_t &state);
Dataset make_dataset(int count, uint32_t seed);
// Fills w with uniform values in [-scale, scale).
void init_weights(std::vector<float> &w, float scale, uint32_t seed);
// Mean squared error between predictions and targets (both count x kOutputs), summed in double.
double mean_squared_error(const std::vector<float> &predictions, const std::vector<float> &targets);

#endif
