// Run from a subdirectory (src/), a unit includes a project header outside it
// (../include/util.h): the header's operations must appear in the report, rewritten or with a
// reason.
// By default the project root is the working directory (every source is under it): util.h is
// outside, left alone, and the report and a note on stderr say so. --project-root .. takes it in.
// RUN: rm -rf %t && split-file %s %t && cd %t/src
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json a.c -- 2>&1 | FileCheck %s --check-prefix=NOTE
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: cd .. && %autoscale-rewrite --rules %rules/default.yaml --project-root . --out-dir out --report report.json src/a.c --
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=ROOT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/src/a.c
// RUN: %expect-exit 2 %autoscale-rewrite --project-root include --out-dir out2 src/a.c -- 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// NOTE: note: 1 header is outside the project root {{.*}}src and left alone, e.g. {{.*}}include/util.h (--project-root sets the root)
// REPORT: file: {"changed":true,"path":"a.c","sites":1,"written_to":"out/a.c"}
// REPORT: file: {"changed":false,"path":"{{.*}}include/util.h","reason":"outside the project root (--project-root {{.*}}src)","sites":0,"written_to":null}
// ROOT: include/util.h:1:47: {"action":"cast",{{.*}}"function":"twice",{{.*}}}
// ROOT: file: {"changed":true,"path":"include/util.h","sites":1,"written_to":"out/include/util.h"}
// ROOT: file: {"changed":true,"path":"src/a.c","sites":1,"written_to":"out/src/a.c"}
// OUTSIDE: error: the source src/a.c is outside --project-root include; nothing written

//--- include/util.h
static inline float twice(float x) { return x * 2.0f; }

//--- src/a.c
#include "../include/util.h"
float f(float a) { return twice(a) * a; }
