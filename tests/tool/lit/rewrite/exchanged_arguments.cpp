// A step function (or functor) called in a loop that exchanges the two buffers it is given, and
// calls no other function on them, or called twice there with the two in turn (`advance(b, a);
// advance(a, b);`), or given two of an array of buffers by an index the loop flips
// (`drift(buf[1 - cur], buf[cur]); cur = 1 - cur;`), writes the state out of place: its parameters are exchanged buffers (updates,
// kept FP32 by the default rules). Stages of a pipeline ping-ponging two buffers
// through different functions, or one exchange made outside any loop, are no step of state.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
#include <utility>
struct Relax {
  float r;
  void operator()(float *next, const float *cur, int n) const {
    for (int i = 1; i < n - 1; i++)
      next[i] = cur[i] + r * (cur[i - 1] - 2.0f * cur[i] + cur[i + 1]);
    // REPORT: input.cpp:[[@LINE-1]]:24: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"next"}
  }
};
void advance(float *next, const float *cur, const float *v, float dt, int n) {
  for (int i = 0; i < n; i++)
    next[i] = cur[i] + v[i] * dt;
  // REPORT: input.cpp:[[@LINE-1]]:22: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"next"}
}
void drift(float *next, const float *cur, const float *v, int n) {
  for (int i = 0; i < n; i++)
    next[i] = cur[i] + v[i] * 0.01f;
  // REPORT: input.cpp:[[@LINE-1]]:22: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"next"}
}
void sharpen(float *out, const float *in, int n) {
  for (int i = 1; i < n - 1; i++)
    out[i] = in[i] + 0.5f * (in[i] - in[i - 1]);
  // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"cast",{{.*}}"op":"add",{{.*}}"variable":"out"}
}
void dim(float *out, const float *in, int n) {
  for (int i = 0; i < n; i++)
    out[i] = in[i] * 0.9f;
  // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"cast",{{.*}}"op":"mul",{{.*}}"variable":"out"}
}
void blur(const float *in, float *out, int n) {
  for (int i = 1; i < n - 1; i++)
    out[i] = 0.25f * in[i - 1] + 0.5f * in[i] + 0.25f * in[i + 1];
  // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"cast",{{.*}}"op":"mul",{{.*}}"variable":"out"}
}
void gain(const float *in, float *out, int n) {
  for (int i = 0; i < n; i++)
    out[i] = in[i] * 1.5f;
  // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"cast",{{.*}}"op":"mul",{{.*}}"variable":"out"}
}
void run(float *a, float *b, int n, int steps, int frames) {
  Relax relax{0.1f};
  for (int s = 0; s < steps; s++) {
    relax(b, a, n);
    std::swap(a, b);
  }
  for (int s = 0; s < steps; s += 2) {
    advance(b, a, a, 0.1f, n);
    advance(a, b, b, 0.1f, n);
  }
  float *buf[2] = {a, b}, *img[2] = {a, b};
  int cur = 0, c = 0;
  for (int s = 0; s < steps; s++) {
    drift(buf[1 - cur], buf[cur], a, n);
    cur = 1 - cur;
  }
  for (int f = 0; f < frames; f++) {
    sharpen(img[1 - c], img[c], n);
    c ^= 1;
    dim(img[1 - c], img[c], n);
    c ^= 1;
  }
  for (int f = 0; f < frames; f++) {
    blur(a, b, n);
    std::swap(a, b);
    gain(a, b, n);
    std::swap(a, b);
  }
}

// A counter walking an array of activations (`layer(act[l], act[l + 1])`) runs a pipeline, no
// double buffer: the layer is data. Its parity (`act[(l + 1) % 2]`, `act[l % 2]`) alternates two.
void layer(float *out, const float *in, int n) {
  for (int i = 0; i < n; i++)
    out[i] = in[i] * 0.5f + 1.0f;
  // REPORT: input.cpp:[[@LINE-1]]:27: {"action":"cast","class":"infer",{{.*}}"op":"add",{{.*}}"spelling":"+"
}
void network(float **act, int layers, int n) {
  for (int l = 0; l < layers; l++)
    layer(act[l + 1], act[l], n);
}
void relax_twice(float *out, const float *in, int n) {
  for (int i = 1; i < n - 1; i++)
    out[i] = in[i] + 0.25f * (in[i - 1] - 2.0f * in[i] + in[i + 1]);
  // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
}
void by_parity(float **u, int steps, int n) {
  for (int s = 0; s < steps; s++)
    relax_twice(u[(s + 1) % 2], u[s % 2], n);
}
