// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: diff -u input.cpp out/input.cpp
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// The arithmetic operators of library classes over floating-point values (std::complex<float>,
// std::valarray<double>) compute inside the library, which the rewrite does not reach: each is
// reported with its class and kept as written. A user class's operator is its own code, rewritten
// where it is written, and not reported at the call.
#include <complex>
#include <valarray>

struct Meters {
  float v;
};
Meters operator+(Meters a, Meters b);

std::complex<float> rotate(std::complex<float> z, std::complex<float> w) {
  z *= w;
  // REPORT: input.cpp:[[@LINE-1]]:5: {"action":"skipped","class":"infer","function":"rotate","op":"mul","reason":"an operator of a library class (std::complex<float>): its arithmetic runs in the library, as written","spelling":"*=","type":"std::complex<float>","variable":null}
  return z * w + z;
  // REPORT: input.cpp:[[@LINE-1]]:12: {"action":"skipped","class":"infer","function":"rotate","op":"mul","reason":"an operator of a library class (std::complex<float>): its arithmetic runs in the library, as written","spelling":"*","type":"std::complex<float>","variable":null}
  // REPORT: input.cpp:[[@LINE-2]]:16: {"action":"skipped","class":"infer","function":"rotate","op":"add","reason":"an operator of a library class (std::complex<float>): its arithmetic runs in the library, as written","spelling":"+","type":"std::complex<float>","variable":null}
}

std::valarray<double> blend(const std::valarray<double> &a, const std::valarray<double> &b) { return a * 0.25 + b; }
// REPORT: input.cpp:[[@LINE-1]]:104: {"action":"skipped","class":"infer","function":"blend","op":"mul","reason":"an operator of a library class (std::valarray<double>): its arithmetic runs in the library, as written","spelling":"*","type":"std::valarray<double>","variable":null}
// REPORT: input.cpp:[[@LINE-2]]:111: {"action":"skipped","class":"infer","function":"blend","op":"add","reason":"an operator of a library class (std::valarray<double>): its arithmetic runs in the library, as written","spelling":"+","type":"std::valarray<double>","variable":null}

Meters walk(Meters a, Meters b) { return a + b; }
// REPORT: file: {"changed":false,"path":"input.cpp","sites":0,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"blend":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"rotate":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 5 operations using 0 conversions","operations":5}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 5 float operations in 1 file: 0 kept, 5 skipped
