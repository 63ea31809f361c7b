// A whole variable a loop carries, given a function of its old value (`y = euler(y, h)`,
// `x = drift(x, 1.0f, dt)`), is moved by an iterated map: the function computes the update, so
// its arithmetic is the update's (kept FP32 by the default rules), whatever else it is given,
// constants included. bf16 had held x at 0.03125 for 1.0. Locals, globals, a function template
// and a lambda alike; a call outside the loop is plain arithmetic.
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
float g = 0.0f;
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
  // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"cast","class":"infer","format":"fp16","function":"run","op":"add","rounding":"output","rule":"class:infer","site":1,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-2]]:24: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-2]]:20"],"format":"fp16","function":"run","op":"add","rounding":"output","rule":"class:infer","site":2,"spelling":"+","strategy":"delayed","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":3,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"decay":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"deriv":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"drift":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"operator*":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"operator+":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"run":{"conversions":0,"converted":2,"line":"converted 2 of 3 operations using 0 conversions","operations":3},"shrink":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":3,"line":"converted 3 of 13 operations using 0 conversions","operations":13}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[{"file":"input.cpp","function":"run","line":35}],"source":"found"}
// REPORT: summary: 13 float operations in 1 file: 3 cast fp16, 10 kept, 0 skipped; steps end at input.cpp:35 (found)
