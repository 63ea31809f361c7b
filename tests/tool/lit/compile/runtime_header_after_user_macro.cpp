// A C-style "template" header on a macro T, included by a unit whose own code has no float
// operation: the header's prelude is the unit's first inclusion of the runtime header, made while
// the user's T is defined. Found by the differential fuzzer (construct `shared`).
// autoscale.h names its template parameters AutoscaleX_, which no such user macro replaces (the
// unit defines every single letter the header once used).
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %cxx -fsyntax-only -std=c++17 input.cpp
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out input.cpp -- -std=c++17
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: %host-cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp

//--- ops.h
static T twice(T x) { return x * 2; }

//--- input.cpp
#define T float
#define A 1
#define B 2
#define C 3
#define D 4
#define L 5
#define R 6
#define V 7
#include "ops.h"
#undef T
float use(float x) { return twice(x); }
