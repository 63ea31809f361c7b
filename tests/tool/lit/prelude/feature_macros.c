// Feature-test macros must precede every system header: the prelude goes after them, and a
// #line directive gives the code after it back its own line numbers.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: FileCheck %s --match-full-lines --check-prefix=PRELUDE --input-file out/input.c
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
// PRELUDE: #define _POSIX_C_SOURCE 200809L
// PRELUDE-NEXT: /* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
// PRELUDE-NEXT: #include <autoscale/autoscale.h>
// PRELUDE-NEXT: #if AUTOSCALE_ABI_VERSION != 8
// PRELUDE-NEXT: #error "rewritten for autoscale ABI 8"
// PRELUDE-NEXT: #endif
// PRELUDE-NEXT: #ifndef AUTOSCALE_SITES_18A5607D46E0C57A
// PRELUDE-NEXT: #define AUTOSCALE_SITES_18A5607D46E0C57A
// PRELUDE-NEXT: static struct autoscale_site_state *autoscale_sites_18a5607d46e0c57a_cells[1];
// PRELUDE-NEXT: static const autoscale_site autoscale_sites_18a5607d46e0c57a_records[] = {
// PRELUDE-NEXT: AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[0], "input.c", 32, 32, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:infer"),
// PRELUDE-NEXT: };
// PRELUDE-NEXT: static inline AUTOSCALE_FORCE_INLINE autoscale_site *autoscale_sites_18a5607d46e0c57a_table(void) { return AUTOSCALE_SITE_TABLE(autoscale_sites_18a5607d46e0c57a_records); }
// PRELUDE-NEXT: #define autoscale_sites_18a5607d46e0c57a (autoscale_sites_18a5607d46e0c57a_table())
// PRELUDE-NEXT: #endif
// PRELUDE-NEXT: #line 30
// PRELUDE-NEXT: #include <stdio.h>
#define _GNU_SOURCE
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

float half(float x) { return x * 0.5f; }
// CHECK: float half(float x) { return autoscale_mul_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], x, 0.5f); }
// REPORT: input.c:[[@LINE-2]]:32: {"action":"cast","class":"infer","format":"fp16","function":"half","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
// REPORT: file: {"changed":true,"path":"input.c","sites":1,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"half":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 1 float operation in 1 file: 1 cast fp16, 0 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
