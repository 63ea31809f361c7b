// Buffers held in members and exchanged there: a class's `std::swap(u_, un_)` in the method the
// caller repeats, a C struct's pointers swapped through a temporary in a function apart from the
// stencil's, called in the time loop. The new state is the update, kept FP32 by the default rules
// (in bf16 a heat equation's total grew from 100 to 152 and its peak stopped moving). A member
// copied once from another (`out = in`), or a front and back buffer flipped by a function nobody
// repeats (a filter applied once), exchanges nothing: the stencil stays data.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
#include <utility>
#include <vector>

class Heat {
public:
  void step(float r) {
    for (int i = 1; i < n_ - 1; ++i)
      un_[i] = u_[i] + r * (u_[i - 1] - 2.0f * u_[i] + u_[i + 1]);
    // REPORT: input.cpp:[[@LINE-1]]:22: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
    std::swap(u_, un_);
  }
private:
  int n_ = 64;
  std::vector<float> u_, un_;
};
void simulate(Heat &h, int steps) {
  for (int s = 0; s < steps; ++s)
    h.step(0.1f);
}

struct Grid { int n; float *u, *un; };
static void relax(Grid *g, float r) {
  for (int i = 1; i < g->n - 1; ++i)
    g->un[i] = g->u[i] + r * (g->u[i - 1] - 2.0f * g->u[i] + g->u[i + 1]);
  // REPORT: input.cpp:[[@LINE-1]]:24: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
}
static void flip(Grid *g) {
  float *t = g->u;
  g->u = g->un;
  g->un = t;
}
void run(Grid *g, int steps) {
  for (int s = 0; s < steps; ++s) {
    relax(g, 0.1f);
    flip(g);
  }
}

struct Stage { float *in, *out; };
void blur(Stage *st, int n) {
  for (int i = 1; i < n - 1; ++i)
    st->out[i] = st->in[i] + 0.25f * (st->in[i - 1] + st->in[i + 1]);
  // REPORT: input.cpp:[[@LINE-1]]:28: {"action":"cast","class":"infer",{{.*}}"op":"add",{{.*}}"spelling":"+"
  st->in = st->out;
}

struct Image { float *front, *back; };
void brighten(Image *im, int n) {
  for (int i = 0; i < n; ++i)
    im->back[i] = im->front[i] * 1.2f + 0.05f;
  // REPORT: input.cpp:[[@LINE-1]]:39: {"action":"cast","class":"infer",{{.*}}"op":"add",{{.*}}"spelling":"+"
}
void flip(Image *im) {
  float *t = im->front;
  im->front = im->back;
  im->back = t;
}
void process(Image *im, int n) {
  brighten(im, n);
  flip(im);
}
