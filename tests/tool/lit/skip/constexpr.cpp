// Constant expressions must stay constant: nothing here may become a runtime call.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp --
// RUN: diff -u input.cpp out/input.cpp
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
constexpr float Scale = 2.0f * 1.5f;
// REPORT: input.cpp:[[@LINE-1]]:30: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"constant expression (constexpr variable)","spelling":"*","type":"float","variable":null}
constexpr float twice(float x) { return x * 2.0f; }
// REPORT: input.cpp:[[@LINE-1]]:43: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"constant expression (constexpr function)","spelling":"*","type":"float","variable":null}
static_assert(Scale * 2.0f > 5.0f, "scale");
// REPORT: input.cpp:[[@LINE-1]]:21: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"constant expression (static_assert)","spelling":"*","type":"float","variable":null}
template <int N> struct Fixed { static constexpr int value = N; };
enum Sizes { Small = (int)(2.5 * 2.0) };
// REPORT: input.cpp:[[@LINE-1]]:32: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"constant expression","spelling":"*","type":"double","variable":null}

float use(float x) {
  constexpr float Local = Scale / 3.0f;
  // REPORT: input.cpp:[[@LINE-1]]:33: {"action":"skipped","class":"deny","function":null,"op":"div","reason":"constant expression (constexpr variable)","spelling":"/","type":"float","variable":null}
  float buffer[(int)(1.5 * 2.0)] = {};
  // REPORT: input.cpp:[[@LINE-1]]:26: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"part of a type (array bound, typeof, decltype)","spelling":"*","type":"double","variable":null}
  Fixed<(int)(3.0 * 2.0)> f;
  // REPORT: input.cpp:[[@LINE-1]]:19: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"constant expression","spelling":"*","type":"double","variable":null}
  if constexpr (Scale * 2.0f > 1.0f)
  // REPORT: input.cpp:[[@LINE-1]]:23: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"constant expression","spelling":"*","type":"float","variable":null}
    buffer[0] = 1.0f;
  (void)f;
  return x > 0 ? Local : twice(2.0f);
}
// REPORT: file: {"changed":false,"path":"input.cpp","sites":0,"written_to":"out/input.cpp"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 8 float operations in 1 file: 0 kept, 8 skipped
