// C++17 evaluates the right operand of x op= e before x; the runtime call's arguments have no
// such order. A left-hand side with side effects keeps its operator unless e is a constant, and
// so does a left-hand side that e's writes could move (a[i] += x[i++]), a call's included unless
// the left-hand side is located by private locals only (a[i] += g(i): no call can change a or i).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp --
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.cpp --
// RUN: diff -u input.cpp ../again/input.cpp
float g(int i);
void update(float *a, int i, float x) {
  a[i++] += g(i);
  // CHECK: a[i++] += g(i);
  // REPORT: input.cpp:[[@LINE-2]]:10: {"action":"skipped","class":"deny","function":"update","op":"update","reason":"C++17 sequencing: the right operand must be evaluated before the left-hand side's side effects","spelling":"+=","type":"float","variable":"a"}
  a[i++] *= x;
  // CHECK: a[i++] *= x;
  // REPORT: input.cpp:[[@LINE-2]]:10: {"action":"skipped","class":"deny","function":"update","op":"update","reason":"C++17 sequencing: the right operand must be evaluated before the left-hand side's side effects","spelling":"*=","type":"float","variable":"a"}
  a[i++] -= 2.0f;
  // CHECK: a[i++] -= 2.0f;
  // REPORT: input.cpp:[[@LINE-2]]:10: {"action":"keep","class":"deny","function":"update","op":"update","rule":"class:deny","spelling":"-=","type":"float","variable":"a"}
  a[i] += g(i);
  // CHECK: a[i] += g(i);
  // REPORT: input.cpp:[[@LINE-2]]:8: {"action":"keep","class":"deny","function":"update","op":"update","rule":"class:deny","spelling":"+=","type":"float","variable":"a"}
  a[i] += a[i++];
  // CHECK: a[i] += a[i++];
  // REPORT: input.cpp:[[@LINE-2]]:8: {"action":"skipped","class":"deny","function":"update","op":"update","reason":"C++17 sequencing: the right operand's writes must precede locating the left-hand side","spelling":"+=","type":"float","variable":"a"}
  x += a[i++];
  // CHECK: autoscale_add_assign_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], &(x), a[i++]);
  // REPORT: input.cpp:[[@LINE-2]]:5: {"action":"cast","class":"infer","format":"fp16","function":"update","op":"add","rounding":"output","rule":"class:infer","site":0,"spelling":"+=","strategy":"delayed","type":"float","variable":"x"}
}
template <typename T> void update_generic(T *a, int i, T x) {
  a[i] *= a[i++];
  // CHECK: a[i] *= a[i++];
  // REPORT: input.cpp:[[@LINE-2]]:8: {"action":"skipped","class":"deny","function":"update_generic","op":"update","reason":"C++17 sequencing: the right operand's writes must precede locating the left-hand side","spelling":"*=","type":"dependent","variable":"a"}
  x -= a[i++];
  // CHECK: ::__autoscale::sub_assign(&[[SITES]][1], x, a[i++]);
  // REPORT: input.cpp:[[@LINE-2]]:5: {"action":"cast","class":"infer","format":"fp16","function":"update_generic","op":"sub","rounding":"output","rule":"class:infer","site":1,"spelling":"-=","strategy":"delayed","type":"dependent","variable":"x"}
  a[i] /= x;
  // CHECK: a[i] /= x;
  // REPORT: input.cpp:[[@LINE-2]]:8: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-5]]:5"],"function":"update_generic","op":"update","rule":"class:deny","spelling":"/=","type":"dependent","variable":"a"}
}
template void update_generic<float>(float *, int, float);
// REPORT: file: {"changed":true,"path":"input.cpp","sites":2,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"update":{"conversions":0,"converted":1,"line":"converted 1 of 6 operations using 0 conversions","operations":6},"update_generic":{"conversions":1,"converted":1,"line":"converted 1 of 3 operations using 1 conversions","operations":3}},"total":{"conversions":1,"converted":2,"line":"converted 2 of 9 operations using 1 conversions","operations":9}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 9 float operations in 1 file: 2 cast fp16, 3 kept, 4 skipped; no step found: each site rolls its history every 1024 executions
