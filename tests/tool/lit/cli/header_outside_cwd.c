// Run from a subdirectory (src/), a unit includes a project header outside it
// (../include/util.h): the header's operations must appear in the report, rewritten or with a
// reason.
// XFAIL: *
// Bug: files outside the working directory are left out silently. Today the report lists only
// a.c's multiply; util.h's is in no entry. (The rewritten out/a.c also includes
// "../include/util.h", which from out/ does not exist.)
// RUN: rm -rf %t && split-file %s %t && cd %t/src
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json a.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// REPORT: {{.*}}util.h{{.*}}"reason":{{.*}}

//--- include/util.h
static inline float twice(float x) { return x * 2.0f; }

//--- src/a.c
#include "../include/util.h"
float f(float a) { return twice(a) * a; }
