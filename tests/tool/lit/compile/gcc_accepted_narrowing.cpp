// What GCC accepts with a warning and Clang refuses by default: a list-initialisation that narrows
// a value known only at run time (smallpt's `unsigned short Xi[3] = {0, 0, y * y * y}`, y an int).
// The project builds with GCC, so the tool parses it: the narrowing is a warning to its parse, the
// arithmetic around it is rewritten, and the output builds with GCC as the original does.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %host-cxx -fsyntax-only -w input.cpp
// RUN: not %cxx -fsyntax-only input.cpp
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out input.cpp --
// RUN: %code out/input.cpp | FileCheck %s
// RUN: %host-cxx -fsyntax-only -w -I %runtime-include out/input.cpp
float shade(int y, float light) {
  float sum = 0.0f;
  for (unsigned short x = 0, Xi[3] = {0, 0, y * y * y}; x < 4; x++)
    // CHECK: sum = autoscale_add_f(
    sum = sum + light * Xi[2];
  return sum;
}
