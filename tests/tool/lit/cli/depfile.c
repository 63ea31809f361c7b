// --depfile writes a Makefile rule whose prerequisites are every file the run read: the sources,
// the headers they include (quoted, through -I, and a name with a space), and the rules. Its
// target is what the run writes for the sources, or --depfile-target. A second run that changes
// nothing leaves the outputs' times alone (a build recompiles only what the rewrite changed); a
// rule edit that changes one file rewrites that file only. --depfile excludes --diff and
// --in-place, and may not name a file the run reads or writes.
// RUN: rm -rf %t && split-file %s %t && cd %t && cp %rules/default.yaml rules.yaml
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --depfile out.d src/a.c src/b.c -- -Iinc
// RUN: FileCheck %s --input-file out.d --match-full-lines
// CHECK: {{.*}}/out/src/a.c {{.*}}/out/src/b.c: \
// CHECK-NEXT:   {{.*}}/inc/shared.h \
// CHECK-NEXT:   {{.*}}/inc/with\ space.h \
// CHECK-NEXT:   {{.*}}/rules.yaml \
// CHECK-NEXT:   {{.*}}/src/a.c \
// CHECK-NEXT:   {{.*}}/src/b.c
// CHECK-EMPTY:
// CHECK-NEXT: {{.*}}/inc/shared.h:
// CHECK-EMPTY:
// CHECK-NEXT: {{.*}}/inc/with\ space.h:
// RUN: touch -d '2001-01-01' out/src/a.c out/src/b.c out/inc/shared.h 'out/inc/with space.h'
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --depfile out.d --depfile-target stamp src/a.c src/b.c -- -Iinc
// RUN: FileCheck %s --input-file out.d --check-prefix=TARGET
// TARGET: stamp: \
// RUN: find out -type f -newer out.d | count 0
// RUN: find out -type f ! -newermt '2002-01-01' | sort | FileCheck %s --check-prefix=KEPT
// KEPT: out/inc/shared.h
// KEPT-NEXT: out/inc/with space.h
// KEPT-NEXT: out/src/a.c
// KEPT-NEXT: out/src/b.c
// RUN: sed -i 's/^overrides:$/overrides:\n  - {match: {function: only_b}, set: {action: keep}}/' rules.yaml
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --depfile out.d src/a.c src/b.c -- -Iinc
// RUN: find out -type f -newermt '2002-01-01' | sort | FileCheck %s --check-prefix=CHANGED --implicit-check-not=out/
// CHANGED: out/src/b.c
// RUN: %expect-exit 2 %autoscale-rewrite --diff --depfile x.d src/a.c -- -Iinc 2>&1 | FileCheck %s --check-prefix=DIFF
// DIFF: error: --depfile names the dependencies of an --out-dir tree; it excludes --in-place and --diff
// RUN: %expect-exit 2 %autoscale-rewrite --rules rules.yaml --out-dir out2 --depfile inc/shared.h src/a.c -- -Iinc 2>&1 | FileCheck %s --check-prefix=READ
// READ: error: --depfile inc/shared.h names {{.*}}/inc/shared.h, which this run reads or writes; nothing written
// RUN: not ls out2
// Nor an output of the tree, even one the run leaves as it is, nor the report's file.
// RUN: %expect-exit 2 %autoscale-rewrite --rules rules.yaml --out-dir out --depfile out/src/a.c src/a.c src/b.c -- -Iinc 2>&1 | FileCheck %s --check-prefix=OUTPUT
// OUTPUT: error: --depfile out/src/a.c names {{.*}}/out/src/a.c, which this run reads or writes; nothing written
// RUN: %expect-exit 2 %autoscale-rewrite --rules rules.yaml --out-dir out --report r.json --depfile r.json src/a.c -- -Iinc 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: error: --depfile r.json names r.json, which this run reads or writes; nothing written
// RUN: find out -type f -newermt '2002-01-01' | sort | FileCheck %s --check-prefix=CHANGED --implicit-check-not=out/

//--- inc/shared.h
static inline float twice(float x) { return x * 2.0f; }

//--- inc/with space.h
static inline float thrice(float x) { return x * 3.0f; }

//--- src/a.c
#include "shared.h"
#include "with space.h"
float only_a(float a) { return twice(a) * thrice(a); }

//--- src/b.c
#include "shared.h"
float only_b(float a, float b) { return twice(a) * b; }
