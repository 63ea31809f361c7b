/* A periodic grid's stencil reads its neighbours wrapped around (`u[(x - 1 + W) % W]`, through a
 * macro or a mask) into the buffer the loop exchanges with u: the update's, kept FP32 by the
 * default rules (fp16 and bf16 froze a diffusion, and a Gray-Scott pattern grew 10% too many
 * spots). */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
#define W 256
#define AT(a, x) a[((x) + W) % W]
void diffuse(float *u, float *un, int steps, float r) {
  for (int s = 0; s < steps; s++) {
    for (int x = 0; x < W; x++)
      un[x] = AT(u, x) + r * (AT(u, x - 1) + AT(u, x + 1) - 2.0f * AT(u, x));
    // REPORT: input.c:[[@LINE-1]]:24: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
    float *t = u;
    u = un;
    un = t;
  }
}
void masked(float *u, float *un, int steps, float r) {
  for (int s = 0; s < steps; s++) {
    for (int x = 0; x < W; x++)
      un[x] = u[x] + r * (u[(x - 1) & (W - 1)] + u[(x + 1) & (W - 1)] - 2.0f * u[x]);
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
    float *t = u;
    u = un;
    un = t;
  }
}
