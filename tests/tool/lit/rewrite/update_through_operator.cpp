// A state update through a small vector type's operators (`p.pos = p.pos + p.vel * dt`): the
// operator combining the old value with data computes the update, kept FP32 by the default rules
// (bf16 kept a position of 100 from moving), though the program also adds positions that are no
// state: one body cannot be both, and a stalled state is the worse loss.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
#include <vector>
struct Vec2 {
  float x, y;
  Vec2 operator+(const Vec2 &o) const { return {x + o.x, y + o.y}; }
  // REPORT: input.cpp:[[@LINE-1]]:51: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
};
struct Particle { Vec2 pos, vel; };

Vec2 advance(std::vector<Particle> &ps, float dt, int steps) {
  for (int s = 0; s < steps; ++s)
    for (auto &p : ps)
      p.pos = p.pos + Vec2{p.vel.x * dt, p.vel.y * dt};
  return ps[0].pos + ps[1].pos;
}

// A local the loop carries, moved by a vector quantity (`pos = pos + vel * dt`), updates it too.
struct Pt {
  float x, y;
  Pt operator+(const Pt &o) const { return {x + o.x, y + o.y}; }
  // REPORT: input.cpp:[[@LINE-1]]:47: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
};
Pt glide(Pt pos, Pt vel, int steps) {
  for (int s = 0; s < steps; ++s)
    pos = pos + Pt{vel.x * 0.001f, vel.y * 0.001f};
  return pos;
}

// Every operator of the class on the old value is the update's, as builtin operators are
// (`v = v * damping + a * dt`: bf16 kept the damping from taking effect); the class's own
// compound assignment (`*this = *this + o`) defines arithmetic, no state.
struct Vel {
  float x, y;
  Vel operator*(float s) const { return {x * s, y * s}; }
  // REPORT: input.cpp:[[@LINE-1]]:44: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
  Vel operator+(const Vel &o) const { return {x + o.x, y + o.y}; }
  Vel &operator+=(const Vel &o) { return *this = *this + o; }
};
Vel damp(Vel v, Vel a, int steps) {
  for (int s = 0; s < steps; ++s)
    v = v * 0.9995f + a * 0.001f;
  return v;
}
struct Acc {
  float x;
  Acc operator+(const Acc &o) const { return {x + o.x}; }
  // REPORT: input.cpp:[[@LINE-1]]:49: {"action":"cast","class":"infer",{{.*}}"op":"add",{{.*}}"spelling":"+"
  Acc &operator+=(const Acc &o) { return *this = *this + o; }
};
