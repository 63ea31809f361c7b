// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.cpp --
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules ../rules.yaml --out-dir ../again input.cpp --
// RUN: diff -u input.cpp ../again/input.cpp

//--- rules.yaml
version: 1
# Every class is rewritten, so that every generic call of a template appears.
treatment:
  allow: {action: cast, format: fp16}
  infer: {action: cast, format: fp16}
  deny:  {action: cast, format: fp16}
  clear: {action: cast, format: fp16}

//--- input.cpp
// One rewritten template text serves every instantiation: float and double go through the
// runtime, int, long double and a class with its own operators keep their plain operators. The
// class's operators, and their use outside templates, are its own code and stay as written.
#include <cmath>
#include <complex>

struct Dual {
  float v, d;
  Dual operator*(const Dual &o) const { return {v * o.v, v * o.d + d * o.v}; }
  // CHECK: Dual operator*(const Dual &o) const { return {autoscale_mul_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], v, o.v), autoscale_add_f_compact(&[[SITES]][2], autoscale_mul_f_compact(&[[SITES]][1], v, o.d), autoscale_mul_f_compact(&[[SITES]][3], d, o.v))}; }
  // REPORT: input.cpp:[[@LINE-2]]:51: {"action":"cast","class":"infer","format":"fp16","function":"Dual::operator*","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-3]]:60: {"action":"cast","class":"infer","format":"fp16","function":"Dual::operator*","op":"mul","rounding":"output","rule":"class:infer","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-4]]:66: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-4]]:60","input.cpp:[[@LINE-4]]:70"],"format":"fp16","function":"Dual::operator*","op":"add","rounding":"output","rule":"class:infer","site":2,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-5]]:70: {"action":"cast","class":"infer","format":"fp16","function":"Dual::operator*","op":"mul","rounding":"output","rule":"class:infer","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":null}
  Dual operator+(const Dual &o) const { return {v + o.v, d + o.d}; }
  // CHECK: Dual operator+(const Dual &o) const { return {autoscale_add_f_compact(&[[SITES]][4], v, o.v), autoscale_add_f_compact(&[[SITES]][5], d, o.d)}; }
  // REPORT: input.cpp:[[@LINE-2]]:51: {"action":"cast","class":"infer","format":"fp16","function":"Dual::operator+","op":"add","rounding":"output","rule":"class:infer","site":4,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-3]]:60: {"action":"cast","class":"infer","format":"fp16","function":"Dual::operator+","op":"add","rounding":"output","rule":"class:infer","site":5,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  Dual &operator+=(const Dual &o) { return *this = *this + o; }
  Dual operator-() const { return {-v, -d}; }
  // CHECK: Dual operator-() const { return {autoscale_neg_f_compact(&[[SITES]][6], v), autoscale_neg_f_compact(&[[SITES]][7], d)}; }
  // REPORT: input.cpp:[[@LINE-2]]:36: {"action":"cast","class":"infer","format":"fp16","function":"Dual::operator-","op":"neg","rounding":"output","rule":"class:infer","site":6,"spelling":"-","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-3]]:40: {"action":"cast","class":"infer","format":"fp16","function":"Dual::operator-","op":"neg","rounding":"output","rule":"class:infer","site":7,"spelling":"-","strategy":"delayed","type":"float","variable":null}
};

template <typename T> T poly(T x, T c) { return x * x + c; }
// CHECK: template <typename T> T poly(T x, T c) { return ::__autoscale::add(&[[SITES]][9], ::__autoscale::mul(&[[SITES]][8], x, x), c); }
// REPORT: input.cpp:[[@LINE-2]]:51: {"action":"cast","class":"infer","format":"fp16","function":"poly","op":"mul","rounding":"output","rule":"class:infer","site":8,"spelling":"*","strategy":"delayed","type":"dependent","variable":null}
// REPORT: input.cpp:[[@LINE-3]]:55: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-3]]:51"],"format":"fp16","function":"poly","op":"add","rounding":"output","rule":"class:infer","site":9,"spelling":"+","strategy":"delayed","type":"dependent","variable":null}

template <typename T> T sum_scaled(const T *x, int n, T s) {
  T acc = T();
  for (int i = 0; i < n;)
    acc += s * x[i++]; // x[i++] is evaluated once: acc is passed by reference
    // CHECK: ::__autoscale::add_assign(&[[SITES]][10], acc, ::__autoscale::mul(&[[SITES]][11], s, x[i++])); // x[i++] is evaluated once: acc is passed by reference
    // REPORT: input.cpp:[[@LINE-2]]:9: {"action":"cast","class":"deny","fed_by":["input.cpp:[[@LINE-2]]:14"],"format":"fp16","function":"sum_scaled","op":"accumulate","program":"one call per operation: the loop is in a template or device code","rounding":"output","rule":"class:deny","site":10,"spelling":"+=","strategy":"delayed","type":"dependent","variable":"acc"}
    // REPORT: input.cpp:[[@LINE-3]]:14: {"action":"cast","class":"infer","format":"fp16","function":"sum_scaled","op":"mul","program":"one call per operation: the loop is in a template or device code","rounding":"output","rule":"class:infer","site":11,"spelling":"*","strategy":"delayed","type":"dependent","variable":"acc"}
  return -acc;
  // CHECK: return ::__autoscale::neg(&[[SITES]][12], acc);
  // REPORT: input.cpp:[[@LINE-2]]:10: {"action":"cast","class":"deny","fed_by":["input.cpp:[[@LINE-6]]:9"],"format":"fp16","function":"sum_scaled","op":"neg","rounding":"output","rule":"class:deny","site":12,"spelling":"-","strategy":"delayed","type":"dependent","variable":null}
}

template <typename T, typename U> auto mixed(T a, U b) -> decltype(a / b) {
// CHECK: template <typename T, typename U> auto mixed(T a, U b) -> decltype(a / b) {
// REPORT: input.cpp:[[@LINE-2]]:70: {"action":"skipped","class":"deny","function":null,"op":"div","reason":"part of a type (array bound, typeof, decltype)","spelling":"/","type":"dependent","variable":null}
  T t = a;
  t++;
  // CHECK: ::__autoscale::postinc(&[[SITES]][13], t);
  // REPORT: input.cpp:[[@LINE-2]]:4: {"action":"cast","class":"infer","format":"fp16","function":"mixed","op":"inc","rounding":"output","rule":"class:infer","site":13,"spelling":"++","strategy":"delayed","type":"dependent","variable":"t"}
  --t;
  // CHECK: ::__autoscale::predec(&[[SITES]][14], t);
  // REPORT: input.cpp:[[@LINE-2]]:3: {"action":"cast","class":"infer","format":"fp16","function":"mixed","op":"dec","rounding":"output","rule":"class:infer","site":14,"spelling":"--","strategy":"delayed","type":"dependent","variable":"t"}
  return (t -= b) / b;
  // CHECK: return ::__autoscale::div(&[[SITES]][16], (::__autoscale::sub_assign(&[[SITES]][15], t, b)), b);
  // REPORT: input.cpp:[[@LINE-2]]:13: {"action":"cast","class":"infer","format":"fp16","function":"mixed","op":"sub","rounding":"output","rule":"class:infer","site":15,"spelling":"-=","strategy":"delayed","type":"dependent","variable":"t"}
  // REPORT: input.cpp:[[@LINE-3]]:19: {"action":"cast","class":"deny","fed_by":["input.cpp:[[@LINE-3]]:13"],"format":"fp16","function":"mixed","op":"div","rounding":"output","rule":"class:deny","site":16,"spelling":"/","strategy":"delayed","type":"dependent","variable":null}
}

template <typename T> T soft(T x) { return std::exp(x) / (T(1) + std::exp(x)) + std::sqrt(x * x); }
// CHECK: template <typename T> T soft(T x) { return ::__autoscale::add(&[[SITES]][21], ::__autoscale::div(&[[SITES]][18], ::__autoscale::result(&[[SITES]][17], std::exp(::__autoscale::operand(&[[SITES]][17], 0, x))), (::__autoscale::add(&[[SITES]][19], T(1), ::__autoscale::result(&[[SITES]][20], std::exp(::__autoscale::operand(&[[SITES]][20], 0, x)))))), ::__autoscale::result(&[[SITES]][22], std::sqrt(::__autoscale::operand(&[[SITES]][22], 0, ::__autoscale::mul(&[[SITES]][23], x, x))))); }
// REPORT: input.cpp:[[@LINE-2]]:44: {"action":"cast","callee":"exp","class":"deny","format":"fp16","function":"soft","op":"exp","rounding":"output","rule":"class:deny","site":17,"spelling":"std::exp","strategy":"delayed","type":"dependent","variable":null}
// REPORT: input.cpp:[[@LINE-3]]:56: {"action":"cast","class":"deny","fed_by":["input.cpp:[[@LINE-3]]:44","input.cpp:[[@LINE-3]]:64"],"format":"fp16","function":"soft","op":"div","rounding":"output","rule":"class:deny","site":18,"spelling":"/","strategy":"delayed","type":"dependent","variable":null}
// REPORT: input.cpp:[[@LINE-4]]:64: {"action":"cast","class":"deny","fed_by":["input.cpp:[[@LINE-4]]:66"],"format":"fp16","function":"soft","op":"add","rounding":"output","rule":"class:deny","site":19,"spelling":"+","strategy":"delayed","type":"dependent","variable":null}
// REPORT: input.cpp:[[@LINE-5]]:66: {"action":"cast","callee":"exp","class":"deny","format":"fp16","function":"soft","op":"exp","rounding":"output","rule":"class:deny","site":20,"spelling":"std::exp","strategy":"delayed","type":"dependent","variable":null}
// REPORT: input.cpp:[[@LINE-6]]:79: {"action":"cast","class":"deny","fed_by":["input.cpp:[[@LINE-6]]:56","input.cpp:[[@LINE-6]]:81"],"format":"fp16","function":"soft","op":"add","rounding":"output","rule":"class:deny","site":21,"spelling":"+","strategy":"delayed","type":"dependent","variable":null}
// REPORT: input.cpp:[[@LINE-7]]:81: {"action":"cast","callee":"sqrt","class":"deny","fed_by":["input.cpp:[[@LINE-7]]:93"],"format":"fp16","function":"soft","op":"sqrt","rounding":"output","rule":"class:deny","site":22,"spelling":"std::sqrt","strategy":"delayed","type":"dependent","variable":null}
// REPORT: input.cpp:[[@LINE-8]]:93: {"action":"cast","class":"infer","format":"fp16","function":"soft","op":"mul","rounding":"output","rule":"class:infer","site":23,"spelling":"*","strategy":"delayed","type":"dependent","variable":null}

// Pointer arithmetic on a dependent type is not floating-point arithmetic.
template <typename T> const T *second(const T *p) { return p + 1; }

Dual twice(Dual a) { return a + a; } // a class's own operator outside a template

float use_all(float f, double d, int i, long double ld) {
  const float xs[3] = {1.0f, 2.0f, 3.0f};
  const int is[2] = {4, 5};
  Dual dual = poly(Dual{f, 1.0f}, Dual{2.0f, 0.0f});
  std::complex<float> z = poly(std::complex<float>(f, 1.0f), std::complex<float>(0.0f, 2.0f));
  float r = poly(f, 2.0f) + sum_scaled(xs, 3, f) + *second(xs) + soft(f);
  // CHECK: float r = autoscale_add_f_compact(&[[SITES]][26], autoscale_add_f_compact(&[[SITES]][25], autoscale_add_f_compact(&[[SITES]][24], poly(f, 2.0f), sum_scaled(xs, 3, f)), *second(xs)), soft(f));
  // REPORT: input.cpp:[[@LINE-2]]:27: {"action":"cast","class":"infer","format":"fp16","function":"use_all","op":"add","rounding":"output","rule":"class:infer","site":24,"spelling":"+","strategy":"delayed","type":"float","variable":"r"}
  // REPORT: input.cpp:[[@LINE-3]]:50: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-3]]:27"],"format":"fp16","function":"use_all","op":"add","rounding":"output","rule":"class:infer","site":25,"spelling":"+","strategy":"delayed","type":"float","variable":"r"}
  // REPORT: input.cpp:[[@LINE-4]]:64: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-4]]:50"],"format":"fp16","function":"use_all","op":"add","rounding":"output","rule":"class:infer","site":26,"spelling":"+","strategy":"delayed","type":"float","variable":"r"}
  double rd = poly(d, 0.5) + mixed(d, 2.0f) + soft(d) + mixed(i, 2.0) + soft(i);
  // CHECK: double rd = autoscale_add_d_compact(&[[SITES]][30], autoscale_add_d_compact(&[[SITES]][29], autoscale_add_d_compact(&[[SITES]][28], autoscale_add_d_compact(&[[SITES]][27], poly(d, 0.5), mixed(d, 2.0f)), soft(d)), mixed(i, 2.0)), static_cast<double>(soft(i)));
  // REPORT: input.cpp:[[@LINE-2]]:28: {"action":"cast","class":"infer","format":"fp16","function":"use_all","op":"add","rounding":"output","rule":"class:infer","site":27,"spelling":"+","strategy":"delayed","type":"double","variable":"rd"}
  // REPORT: input.cpp:[[@LINE-3]]:45: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-3]]:28"],"format":"fp16","function":"use_all","op":"add","rounding":"output","rule":"class:infer","site":28,"spelling":"+","strategy":"delayed","type":"double","variable":"rd"}
  // REPORT: input.cpp:[[@LINE-4]]:55: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-4]]:45"],"format":"fp16","function":"use_all","op":"add","rounding":"output","rule":"class:infer","site":29,"spelling":"+","strategy":"delayed","type":"double","variable":"rd"}
  // REPORT: input.cpp:[[@LINE-5]]:71: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-5]]:55"],"format":"fp16","function":"use_all","op":"add","rounding":"output","rule":"class:infer","site":30,"spelling":"+","strategy":"delayed","type":"double","variable":"rd"}
  int ri = poly(i, 3) + sum_scaled(is, 2, i) + mixed(i, 2);
  long double rl = poly(ld, 1.0L) + mixed(ld, d);
  // CHECK: long double rl = poly(ld, 1.0L) + mixed(ld, d);
  // REPORT: input.cpp:[[@LINE-2]]:35: {"action":"skipped","class":"infer","function":"use_all","op":"add","reason":"long double","spelling":"+","type":"long double","variable":"rl"}
  return r + (float)rd + (float)ri + (float)rl + twice(dual).d + z.real();
  // CHECK: return autoscale_add_f_compact(&[[SITES]][35], autoscale_add_f_compact(&[[SITES]][34], autoscale_add_f_compact(&[[SITES]][33], autoscale_add_f_compact(&[[SITES]][32], autoscale_add_f_compact(&[[SITES]][31], r, (float)rd), (float)ri), (float)rl), twice(dual).d), z.real());
  // REPORT: input.cpp:[[@LINE-2]]:12: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-17]]:64","input.cpp:[[@LINE-12]]:71"],"format":"fp16","function":"use_all","op":"add","rounding":"output","rule":"class:infer","site":31,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-3]]:24: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-3]]:12"],"format":"fp16","function":"use_all","op":"add","rounding":"output","rule":"class:infer","site":32,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-4]]:36: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-4]]:24","input.cpp:[[@LINE-7]]:35"],"format":"fp16","function":"use_all","op":"add","rounding":"output","rule":"class:infer","site":33,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-5]]:48: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-5]]:36"],"format":"fp16","function":"use_all","op":"add","rounding":"output","rule":"class:infer","site":34,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-6]]:64: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-6]]:48"],"format":"fp16","function":"use_all","op":"add","rounding":"output","rule":"class:infer","site":35,"spelling":"+","strategy":"delayed","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":36,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"(none)":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"Dual::operator*":{"conversions":0,"converted":4,"line":"converted 4 of 4 operations using 0 conversions","operations":4},"Dual::operator+":{"conversions":0,"converted":2,"line":"converted 2 of 2 operations using 0 conversions","operations":2},"Dual::operator-":{"conversions":0,"converted":2,"line":"converted 2 of 2 operations using 0 conversions","operations":2},"mixed":{"conversions":0,"converted":4,"line":"converted 4 of 4 operations using 0 conversions","operations":4},"poly":{"conversions":0,"converted":2,"line":"converted 2 of 2 operations using 0 conversions","operations":2},"soft":{"conversions":0,"converted":7,"line":"converted 7 of 7 operations using 0 conversions","operations":7},"sum_scaled":{"conversions":0,"converted":3,"line":"converted 3 of 3 operations using 0 conversions","operations":3},"use_all":{"conversions":1,"converted":12,"line":"converted 12 of 13 operations using 1 conversions","operations":13}},"total":{"conversions":1,"converted":36,"line":"converted 36 of 38 operations using 1 conversions","operations":38}}
// REPORT: rules: "rules.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 38 float operations in 1 file: 36 cast fp16, 0 kept, 2 skipped; no step found: each site rolls its history every 1024 executions
