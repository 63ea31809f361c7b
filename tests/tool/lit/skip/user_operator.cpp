// The generics apply an operator inside namespace autoscale::detail: an operator the project
// declares outside a class is not visible there (argument-dependent lookup does not reach it for
// std::vector, nor for a type from another namespace), so operations the template's own lookup
// resolved to such an operator stay as written.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp --
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.cpp --
// RUN: diff -u input.cpp ../again/input.cpp
#include <vector>

std::vector<double> operator+(const std::vector<double> &a, const std::vector<double> &b) {
  std::vector<double> r(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    r[i] = a[i] + b[i];
    // CHECK: r[i] = autoscale_add_d(&[[SITES:autoscale_sites_[0-9a-f]+]][0], a[i], b[i]);
    // REPORT: input.cpp:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp16","function":"operator+","op":"add","program":"one call per operation: a statement of the loop is not an assignment of a float","rounding":"output","rule":"class:infer","site":0,"spelling":"+","strategy":"delayed","type":"double","variable":"r"}
  return r;
}
template <class V> V sum3(const V &a, const V &b, const V &c) { return a + b + c; }
// CHECK: template <class V> V sum3(const V &a, const V &b, const V &c) { return a + b + c; }
// REPORT: input.cpp:[[@LINE-2]]:74: {"action":"skipped","class":"infer","function":"sum3","op":"add","reason":"operator found by lookup at the template","spelling":"+","type":"dependent","variable":null}
// REPORT: input.cpp:[[@LINE-3]]:78: {"action":"skipped","class":"infer","fed_by":["input.cpp:[[@LINE-3]]:74"],"function":"sum3","op":"add","reason":"operator found by lookup at the template","spelling":"+","type":"dependent","variable":null}
template std::vector<double> sum3(const std::vector<double> &, const std::vector<double> &,
                                  const std::vector<double> &);
template double sum3(const double &, const double &, const double &);

namespace mylib {
struct Meters { double v; };
}
namespace user {
inline mylib::Meters operator*(mylib::Meters a, double k) { return {a.v * k}; }
// CHECK: inline mylib::Meters operator*(mylib::Meters a, double k) { return {autoscale_mul_d_compact(&[[SITES]][1], a.v, k)}; }
// REPORT: input.cpp:[[@LINE-2]]:73: {"action":"cast","class":"infer","format":"fp16","function":"user::operator*","op":"mul","rounding":"output","rule":"class:infer","site":1,"spelling":"*","strategy":"delayed","type":"double","variable":null}
template <class T> T scale(T m, double k) { return m * k; }
// CHECK: template <class T> T scale(T m, double k) { return m * k; }
// REPORT: input.cpp:[[@LINE-2]]:54: {"action":"skipped","class":"infer","function":"user::scale","op":"mul","reason":"operator found by lookup at the template","spelling":"*","type":"dependent","variable":null}
template mylib::Meters scale(mylib::Meters, double);
// No operator of the project's is in scope for -: rewritten.
template <class T> T diff(T a, T b) { return a - b; }
// CHECK: template <class T> T diff(T a, T b) { return ::__autoscale::sub(&[[SITES]][2], a, b); }
// REPORT: input.cpp:[[@LINE-2]]:48: {"action":"cast","class":"infer","format":"fp16","function":"user::diff","op":"sub","rounding":"output","rule":"class:infer","site":2,"spelling":"-","strategy":"delayed","type":"dependent","variable":null}
template float diff(float, float);
} // namespace user
// REPORT: file: {"changed":true,"path":"input.cpp","sites":3,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"operator+":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"sum3":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"user::diff":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"user::operator*":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"user::scale":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":3,"line":"converted 3 of 6 operations using 0 conversions","operations":6}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 6 float operations in 1 file: 3 cast fp16, 0 kept, 3 skipped; no step found: each site rolls its history every 1024 executions
