// A small multi-layer perceptron trained by plain SGD, written the way numerical C++ usually is:
// float arrays, loops, no library. autoscale-rewrite targets exactly this kind of code: the
// dot-product multiplies of forward and backward become FP8 operands with FP32 accumulation, the
// elementwise arithmetic is cast or kept as the rules say. data.cpp (data, initial weights, the
// loss metric) is not rewritten.
//
// Usage: mlp [epochs]   prints the loss over the whole data set after each epoch, then the final loss.
#include "data.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr int kHidden = 32;
constexpr int kSamples = 256;
// Large batches of a mean loss give small gradients (dL/dy = 2 e / (128 x 4)): late in training
// most fall under FP8 E4M3's smallest subnormal, 2^-9, unless they are scaled.
constexpr int kBatch = 128;
constexpr float kLearningRate = 0.4f;

struct Layer {
  int in, out;
  std::vector<float> w; // out x in, row-major
  std::vector<float> b; // out
  Layer(int in_, int out_) : in(in_), out(out_), w(static_cast<size_t>(in_) * out_), b(out_) {}
};

struct Model {
  Layer l1{kInputs, kHidden};
  Layer l2{kHidden, kOutputs};
};

struct Gradients {
  Layer l1{kInputs, kHidden};
  Layer l2{kHidden, kOutputs};
};

// y = W x + b
void affine(const Layer &l, const float *x, float *y) {
  for (int o = 0; o < l.out; ++o) {
    float acc = l.b[o];
    for (int i = 0; i < l.in; ++i) acc += l.w[o * l.in + i] * x[i];
    y[o] = acc;
  }
}

void relu(const float *pre, float *post, int n) {
  for (int i = 0; i < n; ++i) post[i] = pre[i] > 0.0f ? pre[i] : 0.0f;
}

struct Activations {
  float pre[kHidden];
  float hidden[kHidden];
  float out[kOutputs];
};

void forward(const Model &m, const float *x, Activations &a) {
  affine(m.l1, x, a.pre);
  relu(a.pre, a.hidden, kHidden);
  affine(m.l2, a.hidden, a.out);
}

// Accumulates dL/dW += dy x^T and dL/db += dy; writes dL/dx = W^T dy when dx is not null.
void affine_backward(const Layer &l, const float *x, const float *dy, Layer &g, float *dx) {
  for (int o = 0; o < l.out; ++o) {
    for (int i = 0; i < l.in; ++i) g.w[o * l.in + i] += dy[o] * x[i];
    g.b[o] += dy[o];
  }
  if (!dx) return;
  for (int i = 0; i < l.in; ++i) {
    float acc = 0.0f;
    for (int o = 0; o < l.out; ++o) acc += l.w[o * l.in + i] * dy[o];
    dx[i] = acc;
  }
}

void zero(Layer &g) {
  for (float &v : g.w) v = 0.0f;
  for (float &v : g.b) v = 0.0f;
}

void sgd_update(Layer &l, const Layer &g, float lr) {
  for (size_t i = 0; i < l.w.size(); ++i) l.w[i] -= lr * g.w[i];
  for (size_t i = 0; i < l.b.size(); ++i) l.b[i] -= lr * g.b[i];
}

// One SGD step on samples [first, first + count) of the mean squared error.
void train_step(Model &m, Gradients &g, const Dataset &d, int first, int count) {
  zero(g.l1);
  zero(g.l2);
  for (int s = first; s < first + count; ++s) {
    const float *x = &d.x[static_cast<size_t>(s) * kInputs];
    const float *t = &d.t[static_cast<size_t>(s) * kOutputs];
    Activations a;
    forward(m, x, a);
    float dout[kOutputs], dhidden[kHidden];
    for (int k = 0; k < kOutputs; ++k) dout[k] = 2.0f * (a.out[k] - t[k]) / (count * kOutputs);
    affine_backward(m.l2, a.hidden, dout, g.l2, dhidden);
    for (int j = 0; j < kHidden; ++j) dhidden[j] = a.pre[j] > 0.0f ? dhidden[j] : 0.0f;
    affine_backward(m.l1, x, dhidden, g.l1, nullptr);
  }
  sgd_update(m.l1, g.l1, kLearningRate);
  sgd_update(m.l2, g.l2, kLearningRate);
}

double evaluate(const Model &m, const Dataset &d) {
  std::vector<float> predictions(static_cast<size_t>(d.count) * kOutputs);
  for (int s = 0; s < d.count; ++s) {
    Activations a;
    forward(m, &d.x[static_cast<size_t>(s) * kInputs], a);
    for (int k = 0; k < kOutputs; ++k) predictions[static_cast<size_t>(s) * kOutputs + k] = a.out[k];
  }
  return mean_squared_error(predictions, d.t);
}

} // namespace

int main(int argc, char **argv) {
  int epochs = argc > 1 ? std::atoi(argv[1]) : 60;
  Dataset data = make_dataset(kSamples, 12345u);
  Model model;
  Gradients grads;
  init_weights(model.l1.w, 0.25f, 1u); // about 1/sqrt(fan-in)
  init_weights(model.l2.w, 0.18f, 2u);
  std::printf("initial loss %.6f\n", evaluate(model, data));
  double loss = 0.0;
  for (int epoch = 1; epoch <= epochs; ++epoch) {
    for (int first = 0; first < kSamples; first += kBatch) train_step(model, grads, data, first, kBatch);
    loss = evaluate(model, data);
    std::printf("epoch %d loss %.6f\n", epoch, loss);
  }
  std::printf("final loss %.6f\n", loss);
  return 0;
}
