// --report naming a header the run reads is refused before anything is written: the report
// would replace the header. Files are compared by identity, so a link to the header counts too;
// so does a file the run would write (out/input.c).
// RUN: rm -rf %t && split-file %s %t && cp %t/gain.h %t/gain.h.orig && cd %t
// RUN: %expect-exit 2 %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report gain.h input.c -- 2> err.txt
// RUN: FileCheck %s --input-file err.txt
// CHECK: error: --report gain.h names {{.*}}gain.h, which this run reads or writes; nothing written
// RUN: diff -u gain.h.orig gain.h
// RUN: not ls out
// RUN: ln -s gain.h link.h
// RUN: %expect-exit 2 %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report link.h input.c -- 2> link.txt
// RUN: FileCheck %s --check-prefix=LINK --input-file link.txt
// LINK: error: --report link.h names {{.*}}gain.h, which this run reads or writes; nothing written
// RUN: diff -u gain.h.orig gain.h
// RUN: not ls out
// RUN: %expect-exit 2 %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report out/input.c input.c -- 2> out.txt
// RUN: FileCheck %s --check-prefix=OUT --input-file out.txt
// OUT: error: --report out/input.c names {{.*}}out/input.c, which this run reads or writes; nothing written
// RUN: not ls out

//--- gain.h
#define GAIN 0.5f

//--- input.c
#include "gain.h"
float scale(float x) { return x * GAIN; }
