#include "data.h"

#include <cmath>

float uniform(uint32_t &state) {
  // xorshift32, then the top 24 bits as a signed integer scaled by 2^-23: exact in float.
  state ^= state << 13;
  state ^= state >> 17;
  state ^= state << 5;
  int32_t centred = static_cast<int32_t>(state >> 8) - (1 << 23);
  return std::ldexp(static_cast<float>(centred), -23);
}

Dataset make_dataset(int count, uint32_t seed) {
  // Teacher: kOutputs outputs of a one-hidden-layer tanh network with 8 units and fixed weights.
  constexpr int kTeacherHidden = 8;
  uint32_t state = seed;
  std::vector<float> w1(kTeacherHidden * kInputs), w2(kOutputs * kTeacherHidden);
  for (float &w : w1) w = uniform(state) * 0.5f;
  for (float &w : w2) w = uniform(state);
  Dataset d;
  d.count = count;
  d.x.resize(static_cast<size_t>(count) * kInputs);
  d.t.resize(static_cast<size_t>(count) * kOutputs);
  for (float &v : d.x) v = uniform(state);
  for (int s = 0; s < count; ++s) {
    const float *x = &d.x[static_cast<size_t>(s) * kInputs];
    float hidden[kTeacherHidden];
    for (int j = 0; j < kTeacherHidden; ++j) {
      float acc = 0.0f;
      for (int i = 0; i < kInputs; ++i) acc += w1[j * kInputs + i] * x[i];
      hidden[j] = std::tanh(acc);
    }
    for (int k = 0; k < kOutputs; ++k) {
      float acc = 0.0f;
      for (int j = 0; j < kTeacherHidden; ++j) acc += w2[k * kTeacherHidden + j] * hidden[j];
      d.t[static_cast<size_t>(s) * kOutputs + k] = acc;
    }
  }
  return d;
}

void init_weights(std::vector<float> &w, float scale, uint32_t seed) {
  uint32_t state = seed;
  for (float &v : w) v = uniform(state) * scale;
}

double mean_squared_error(const std::vector<float> &predictions, const std::vector<float> &targets) {
  double sum = 0.0;
  for (size_t i = 0; i < predictions.size(); ++i) {
    double e = static_cast<double>(predictions[i]) - static_cast<double>(targets[i]);
    sum += e * e;
  }
  return sum / static_cast<double>(predictions.size());
}
