/* State worked on in a copy of its struct element and stored back (`struct v3 p = pos[i];
 * p.x += vel[i].x * dt; pos[i] = p;`) is updated there, in C as in C++ (where the store is the
 * struct's operator=): updates, kept FP32 by the default rules. A copy written to another array is
 * no state. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
struct v3 { float x, y, z; };
void drift(struct v3 *pos, const struct v3 *vel, float dt, int n) {
  for (int i = 0; i < n; i++) {
    struct v3 p = pos[i];
    p.x += vel[i].x * dt;
    // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}
    pos[i] = p;
  }
}
void moved(struct v3 *out, const struct v3 *pos, const struct v3 *vel, float dt, int n) {
  for (int i = 0; i < n; i++) {
    struct v3 p = pos[i];
    p.x += vel[i].x * dt;
    // REPORT: input.c:[[@LINE-1]]:9: {"action":"cast",{{.*}}
    out[i] = p;
  }
}
