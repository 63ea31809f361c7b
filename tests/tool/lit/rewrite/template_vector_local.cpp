// A template's local container constructed from a size (`std::vector<T> x(n)`) has an initialiser
// of no type in the pattern, a list; reading a value computed from it crashed the rewrite
// (segmentation fault) under every rule file.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
#include <vector>

template <class T>
void twice(T *out, int n) {
  std::vector<T> x(n);
  for (int i = 0; i < n; ++i)
    out[i] = x[i] + x[i];
    // CHECK: out[i] = ::__autoscale::add(&[[SITES:autoscale_sites_[0-9a-f]+]][0], x[i], x[i]);
    // REPORT: input.cpp:[[@LINE-2]]:19: {"action":"cast","class":"infer","format":"fp16","function":"twice","op":"add","program":"one call per operation: the loop is in a template or device code","rounding":"output","rule":"class:infer","site":0,"spelling":"+","strategy":"delayed","type":"dependent","variable":"out"}
}

template void twice<float>(float *, int);
// REPORT: file: {"changed":true,"path":"input.cpp","sites":1,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"twice":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 1 float operation in 1 file: 1 cast fp16, 0 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
