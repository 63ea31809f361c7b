// A local that a loop carries from one iteration to the next and computes from its own old value
// is state, as an array element or a member would be (an update, kept FP32 by the default
// rules): an average, a count, a running product. A local written from other values only is not.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
float ema(const float *g, int n, float beta) {
  float m = 0.0f;
  for (int i = 0; i < n; i++)
    m = beta * m + (1.0f - beta) * g[i];
  // REPORT: input.c:[[@LINE-1]]:14: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
  // REPORT: input.c:[[@LINE-2]]:18: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
  return m;
}
float masked_mean(const float *x, const int *mask, int n) {
  float sum = 0.0f, count = 0.0f;
  for (int i = 0; i < n; i++)
    if (mask[i]) {
      sum += x[i];
      count += 1.0f;
      // REPORT: input.c:[[@LINE-1]]:13: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+="
    }
  return sum / count;
}
float product(const float *x, int n) {
  float p = 1.0f;
  for (int i = 0; i < n; i++)
    p *= x[i];
  // REPORT: input.c:[[@LINE-1]]:7: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*="
  return p;
}
float last_square(const float *x, int n) {
  float y = 0.0f;
  for (int i = 0; i < n; i++)
    y = x[i] * x[i];
  // REPORT: input.c:[[@LINE-1]]:14: {"action":"cast","class":"infer",{{.*}}"op":"mul",
  return y;
}
// A float count bumped with ++ or -- is the same state as `count += 1.0f`: in fp16 it sticks at
// 2048. So is a member the function keeps (a running statistic's n). A float a loop iteration
// declares for itself is no count.
struct stats { float n, sum; };
void push(struct stats *s, float v) {
  s->n++;
  // REPORT: input.c:[[@LINE-1]]:7: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"++"
  s->sum += v;
}
float hits(const float *x, int n) {
  float h = 0.0f;
  for (int i = 0; i < n; i++)
    if (x[i] > 0.5f)
      --h;
      // REPORT: input.c:[[@LINE-1]]:7: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"--"
  return h;
}
// An element or a member of a local array or struct the loop carries is the same state: a
// histogram's bins, a struct's count. One the iteration declares is not.
struct tally { float count, total; };
float local_tallies(const int *bin, int n) {
  float hist[4] = {0, 0, 0, 0};
  struct tally t = {0, 0}, per[2] = {{0, 0}, {0, 0}};
  for (int i = 0; i < n; i++) {
    hist[bin[i] & 3]++;
    // REPORT: input.c:[[@LINE-1]]:21: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"++"
    t.count += 1.0f;
    // REPORT: input.c:[[@LINE-1]]:13: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+="
    per[i & 1].count += 1.0f;
    // REPORT: input.c:[[@LINE-1]]:22: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+="
    struct tally fresh = {0, 0};
    fresh.count += 1.0f;
    // REPORT: input.c:[[@LINE-1]]:17: {"action":"cast","class":"infer",{{.*}}"op":"add",
    t.total += fresh.count;
  }
  return hist[0] + t.count + per[0].count + t.total;
}
// An element each iteration gives a new value before working on it carries nothing: `dh[j] *= ...`
// after `dh[j] = ...` (a backward pass's scratch) is arithmetic, not an update; so is `y[i] -= m`
// after `y[i] = x[i]`. One given a new value only under a condition is still carried.
void backward(float *dw, const float *err, const float *w, const float *h, int steps) {
  float dh[8], c[8] = {0};
  for (int s = 0; s < steps; s++)
    for (int j = 0; j < 8; j++) {
      dh[j] = err[s] * w[j];
      dh[j] *= h[j] * (1.0f - h[j]);
      // REPORT: input.c:[[@LINE-1]]:13: {"action":"cast","class":"infer",{{.*}}"op":"mul",{{.*}}"spelling":"*="
      if (err[s] > 1.0f) c[j] = 0.0f;
      c[j] += 1.0f;
      // REPORT: input.c:[[@LINE-1]]:12: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+="
      dw[j] += dh[j] + c[j];
    }
}
// A local buffer an inner loop works over element by element, once each, is a layer's scratch
// refilled by the loop outside, not state, though declared outside both: a bias added in place is
// data. A count in one (c[j] above) is state whichever loop revisits it.
void layer(float *out, const float (*x)[8], const float *b, int n) {
  float h[8];
  for (int s = 0; s < n; s++) {
    for (int i = 0; i < 8; i++)
      h[i] = x[s][i];
    for (int i = 0; i < 8; i++)
      h[i] += b[i];
    // REPORT: input.c:[[@LINE-1]]:12: {"action":"cast","class":"infer",{{.*}}"op":"add",{{.*}}"spelling":"+="
    out[s] = h[0] + h[7];
  }
}
void centred(float *y, const float *x, float m, int n) {
  for (int i = 0; i < n; i++) {
    y[i] = x[i];
    y[i] -= m;
    // REPORT: input.c:[[@LINE-1]]:10: {"action":"cast","class":"infer",{{.*}}"op":"sub",{{.*}}"spelling":"-="
  }
}
void shifted(float *y, const float *x, int n) {
  for (int i = 0; i < n; i++) {
    float t = x[i];
    t++;
    // REPORT: input.c:[[@LINE-1]]:6: {"action":"cast","class":"infer",{{.*}}"op":"inc",
    y[i] = t;
  }
}
// State worked on in a local copy and stored back is updated as in place (`x[i] += v[i] * dt`);
// a copy that goes elsewhere is not.
void integrate(float *x, const float *v, float dt, int n) {
  for (int i = 0; i < n; i++) {
    float xi = x[i];
    xi += v[i] * dt;
    // REPORT: input.c:[[@LINE-1]]:8: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+="
    // REPORT: input.c:[[@LINE-2]]:16: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
    x[i] = xi;
  }
}
void moved(float *y, const float *x, const float *v, float dt, int n) {
  for (int i = 0; i < n; i++) {
    float xi = x[i];
    xi += v[i] * dt;
    // REPORT: input.c:[[@LINE-1]]:8: {"action":"cast",{{.*}}"op":"add",
    y[i] = xi;
  }
}
void integrate_in_double(float *x, const float *v, double dt, int n) {
  for (int i = 0; i < n; i++) {
    double xi = x[i];
    xi += v[i] * dt;
    // REPORT: input.c:[[@LINE-1]]:8: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+="
    x[i] = (float)xi;
  }
}
