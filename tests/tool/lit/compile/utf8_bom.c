// A UTF-8 byte-order mark at the start of a file: the prelude must go after it (a BOM is only
// skipped at the very start).
// The prelude goes right after the BOM; the rewritten file, which starts with the BOM and then
// the marker, is recognised as rewritten already.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %cc -fsyntax-only -std=c99 input.c
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.c -- -std=c99
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include default/input.c
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough input.c -- -std=c99
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include passthrough/input.c
// RUN: head -c 3 default/input.c | od -An -tx1 | FileCheck %s --check-prefix=BOM
// BOM: ef bb bf
// RUN: head -n 1 default/input.c | FileCheck %s --check-prefix=MARKER
// MARKER: {{^...}}/* autoscale-rewrite {{.*}}
// RUN: cd default && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c -- -std=c99
// RUN: diff -u input.c ../again/input.c
float scale(float x) { return x * 0.5f; }
