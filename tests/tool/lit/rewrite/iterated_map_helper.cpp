// A whole variable a loop carries, given a function of its old value (`y = euler(y, h)`,
// `x = drift(x, 1.0f, dt)`), is moved by an iterated map: the function computes the update, so
// its arithmetic is the update's (kept FP32 by the default rules), whatever else it is given,
// constants included. bf16 had held x at 0.03125 for 1.0. Locals, globals, a function template
// and a lambda alike; a member of a local or of the object a method works on; a global or static
// given such a value in a function without a loop (called from the step loop: carried from call
// to call); the call within another (`x = bound(shift(x, dt))`). Not: a call outside the loop; a local given a fresh value earlier in the
// iteration (`t = in[i]; t = act(t);`, C89's temporaries); a function also called on other data
// (`y[i] = advance(x[i], ...)`); one with loops of its own (a world's step over its bodies, whose
// own updates are found inside it).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
struct V {
  float x, y;
};
V operator+(V a, V b) { return {a.x + b.x, a.y + b.y}; }
// REPORT: input.cpp:[[@LINE-1]]:37: {"action":"keep","class":"deny","function":"operator+","op":"update","rule":"class:deny","spelling":"+","type":"float","variable":null}
// REPORT: input.cpp:[[@LINE-2]]:48: {"action":"keep","class":"deny","function":"operator+","op":"update","rule":"class:deny","spelling":"+","type":"float","variable":null}
V operator*(float s, V a) { return {s * a.x, s * a.y}; }
// REPORT: input.cpp:[[@LINE-1]]:39: {"action":"keep","class":"deny","function":"operator*","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":null}
// REPORT: input.cpp:[[@LINE-2]]:48: {"action":"keep","class":"deny","function":"operator*","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":null}
V deriv(const V &q) { return V{q.y, -q.x}; }
// REPORT: input.cpp:[[@LINE-1]]:37: {"action":"keep","class":"deny","function":"deriv","op":"update","rule":"class:deny","spelling":"-","type":"float","variable":null}
V euler(const V &y, float h) { return y + h * deriv(y); }
float drift(float x, float v, float dt) { return x + v * dt; }
// REPORT: input.cpp:[[@LINE-1]]:52: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:56"],"function":"drift","op":"update","rule":"class:deny","spelling":"+","type":"float","variable":null}
// REPORT: input.cpp:[[@LINE-2]]:56: {"action":"keep","class":"deny","function":"drift","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":null}
template <typename T> T decay(T y, T h) { return y - h * y; }
// REPORT: input.cpp:[[@LINE-1]]:52: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:56"],"function":"decay","op":"update","rule":"class:deny","spelling":"-","type":"dependent","variable":null}
// REPORT: input.cpp:[[@LINE-2]]:56: {"action":"keep","class":"deny","function":"decay","op":"update","rule":"class:deny","spelling":"*","type":"dependent","variable":null}
float shrink(float x) { return x * 0.5f; }
// REPORT: input.cpp:[[@LINE-1]]:34: {"action":"cast","class":"infer","format":"fp16","function":"shrink","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
float act(float u) { return u * 1.5f + 0.25f; }
// REPORT: input.cpp:[[@LINE-1]]:31: {"action":"cast","class":"infer","format":"fp16","function":"act","op":"mul","rounding":"output","rule":"class:infer","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":null}
// REPORT: input.cpp:[[@LINE-2]]:38: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-2]]:31"],"format":"fp16","function":"act","op":"add","rounding":"output","rule":"class:infer","site":2,"spelling":"+","strategy":"delayed","type":"float","variable":null}
float advance(float p, float v, float dt) { return p + v * dt; }
// REPORT: input.cpp:[[@LINE-1]]:54: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-1]]:58"],"format":"fp16","function":"advance","op":"add","rounding":"output","rule":"class:infer","site":3,"spelling":"+","strategy":"delayed","type":"float","variable":null}
// REPORT: input.cpp:[[@LINE-2]]:58: {"action":"cast","class":"infer","format":"fp16","function":"advance","op":"mul","rounding":"output","rule":"class:infer","site":4,"spelling":"*","strategy":"delayed","type":"float","variable":null}
struct World {
  float x[64], v[64];
};
World step(World w, float dt) {
  for (int i = 0; i < 64; i++)
    w.v[i] -= w.x[i] * w.x[i] * dt;
    // REPORT: input.cpp:[[@LINE-1]]:12: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-1]]:31"],"format":"fp16","function":"step","op":"sub","program":"one call per operation: an element is not a float at an address affine in the counter: array 'w.v' changes with the loops","rounding":"output","rule":"class:infer","site":5,"spelling":"-=","strategy":"delayed","type":"float","variable":"w"}
    // REPORT: input.cpp:[[@LINE-2]]:22: {"action":"cast","class":"infer","format":"fp16","function":"step","op":"mul","program":"one call per operation: an element is not a float at an address affine in the counter: array 'w.v' changes with the loops","rounding":"output","rule":"class:infer","site":6,"spelling":"*","strategy":"delayed","type":"float","variable":"w"}
    // REPORT: input.cpp:[[@LINE-3]]:31: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-3]]:22"],"format":"fp16","function":"step","op":"mul","program":"one call per operation: an element is not a float at an address affine in the counter: array 'w.v' changes with the loops","rounding":"output","rule":"class:infer","site":7,"spelling":"*","strategy":"delayed","type":"float","variable":"w"}
  return w;
}
float g = 0.0f;
float creep(float t, float dt) { return t + dt * 2.0f; }
// REPORT: input.cpp:[[@LINE-1]]:43: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:48"],"function":"creep","op":"update","rule":"class:deny","spelling":"+","type":"float","variable":null}
// REPORT: input.cpp:[[@LINE-2]]:48: {"action":"keep","class":"deny","function":"creep","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":null}
float drag(float v, float k) { return v - k * v * v; }
// REPORT: input.cpp:[[@LINE-1]]:41: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:49"],"function":"drag","op":"update","rule":"class:deny","spelling":"-","type":"float","variable":null}
// REPORT: input.cpp:[[@LINE-2]]:45: {"action":"keep","class":"deny","function":"drag","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":null}
// REPORT: input.cpp:[[@LINE-3]]:49: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-3]]:45"],"function":"drag","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":null}
float dim(float l) { return l * 0.999f; }
// REPORT: input.cpp:[[@LINE-1]]:31: {"action":"keep","class":"deny","function":"dim","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":null}
struct Clock {
  static float t;
  float light = 1.0f;
  void tick() {
    t = creep(t, 0.001f);
    light = dim(light);
  }
};
float Clock::t = 0.0f;
struct Body {
  float x, v;
};
float shift(float x, float dt) { return x + dt; }
// REPORT: input.cpp:[[@LINE-1]]:43: {"action":"keep","class":"deny","function":"shift","op":"update","rule":"class:deny","spelling":"+","type":"float","variable":null}
float bound(float x) { return x < 100.0f ? x : 100.0f; }
float hold = 0.0f;
void tick(float dt) { hold = creep(hold, dt); }
float fall(Body b) {
  float x = 0.0f;
  for (int n = 0; n < 100; n++) {
    b.v = drag(b.v, 1e-3f);
    x = bound(shift(x, 1e-4f));
  }
  return b.v + x;
  // REPORT: input.cpp:[[@LINE-1]]:14: {"action":"cast","class":"infer","format":"fp16","function":"fall","op":"add","rounding":"output","rule":"class:infer","site":8,"spelling":"+","strategy":"delayed","type":"float","variable":null}
}
void others(float *out, const float *in, float *y, const float *v, World &w) {
  float t, s = 0.0f;
  for (int i = 0; i < 64; i++) {
    t = in[i];
    t = act(t);
    out[i] = t;
    y[i] = advance(in[i], v[i], 0.5f);
    s = advance(s, 1.0f, 0.01f);
  }
  for (int n = 0; n < 100; n++)
    w = step(w, 1e-4f);
  out[0] += s;
  // REPORT: input.cpp:[[@LINE-1]]:10: {"action":"keep","class":"deny","function":"others","op":"update","rule":"class:deny","spelling":"+=","type":"float","variable":"out"}
}
float run(V &p) {
  float x = 0.0f, y = 1.0f, z = 0.0f;
  auto walk = [](float w, float dt) { return w + dt; };
  // REPORT: input.cpp:[[@LINE-1]]:48: {"action":"keep","class":"deny","function":"run","op":"update","rule":"class:deny","spelling":"+","type":"float","variable":"walk"}
  for (int n = 0; n < 10000; n++) {
    p = euler(p, 1e-3f);
    x = drift(x, 1.0f, 1e-4f);
    g = drift(g, 1.0f, 1e-4f);
    y = decay(y, 1e-4f);
    z = walk(z, 1e-4f);
  }
  return shrink(x) + y + z;
  // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"cast","class":"infer","format":"fp16","function":"run","op":"add","rounding":"output","rule":"class:infer","site":9,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-2]]:24: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-2]]:20"],"format":"fp16","function":"run","op":"add","rounding":"output","rule":"class:infer","site":10,"spelling":"+","strategy":"delayed","type":"float","variable":null}
}
float turn(float a, float w) { return a + w * 0.01f; }
// REPORT: input.cpp:[[@LINE-1]]:41: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:45"],"function":"turn","op":"update","rule":"class:deny","spelling":"+","type":"float","variable":null}
// REPORT: input.cpp:[[@LINE-2]]:45: {"action":"keep","class":"deny","function":"turn","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":null}
float spin(float a) {
  for (int n = 0; n < 1000; n++)
    a = turn(a, 0.3f);
  return turn(a, 1.0f);
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":11,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"act":{"conversions":0,"converted":2,"line":"converted 2 of 2 operations using 0 conversions","operations":2},"advance":{"conversions":0,"converted":2,"line":"converted 2 of 2 operations using 0 conversions","operations":2},"creep":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"decay":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"deriv":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"dim":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"drag":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"drift":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"fall":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"operator*":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"operator+":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"others":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"run":{"conversions":0,"converted":2,"line":"converted 2 of 3 operations using 0 conversions","operations":3},"shift":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"shrink":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"step":{"conversions":0,"converted":3,"line":"converted 3 of 3 operations using 0 conversions","operations":3},"turn":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2}},"total":{"conversions":0,"converted":11,"line":"converted 11 of 31 operations using 0 conversions","operations":31}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[{"file":"input.cpp","function":"fall","line":81},{"file":"input.cpp","function":"others","line":97},{"file":"input.cpp","function":"run","line":106},{"file":"input.cpp","function":"spin","line":121}],"source":"found"}
// REPORT: summary: 31 float operations in 1 file: 11 cast fp16, 20 kept, 0 skipped; steps end at input.cpp:81, input.cpp:97, input.cpp:106, input.cpp:121 (found)
