// A C-style "template" header on a macro T, included by a unit whose own code has no float
// operation: the header's prelude is the unit's first inclusion of the runtime header, made while
// the user's T is defined. Found by the differential fuzzer (construct `shared`).
// XFAIL: *
// Bug: autoscale.h's C++ templates name their parameters T (and D, ...), which the user's macro
// replaces. Today Clang says: "declaration of anonymous class must be a definition" and more, in
// autoscale.h, included from out/ops.h. (C is not affected: the C part names no T.)
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %cxx -fsyntax-only -std=c++17 input.cpp
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out input.cpp -- -std=c++17
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp

//--- ops.h
static T twice(T x) { return x * 2; }

//--- input.cpp
#define T float
#include "ops.h"
#undef T
float use(float x) { return twice(x); }
