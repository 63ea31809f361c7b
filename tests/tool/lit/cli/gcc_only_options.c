// A compile command written for GCC holds options Clang's driver does not know (-fconserve-stack,
// -fno-var-tracking-assignments, -fno-ipa-cp-clone): they only matter to GCC's code generation,
// so the parse goes without them, named once, and the source is rewritten. Every parse had failed
// with "unknown argument", and nothing was written.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: printf '[{"directory": "%t", "file": "input.c", "arguments": ["gcc", "-O2", "-fconserve-stack", "-fno-var-tracking-assignments", "-c", "input.c"]}]' > compile_commands.json
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml -p . --out-dir out input.c 2>&1 | FileCheck %s --check-prefix=NOTE
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir flags input.c -- -fno-ipa-cp-clone -O2 2>&1 | FileCheck %s --check-prefix=FLAGS
// NOTE: note: options Clang does not know, ignored for parsing: -fconserve-stack, -fno-var-tracking-assignments
// NOTE: 1 float operation in 1 file: 1 cast fp16
// FLAGS: note: options Clang does not know, ignored for parsing: -fno-ipa-cp-clone

float scale(float x) {
  return x * 0.5f;
  // CHECK: return autoscale_mul_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], x, 0.5f);
}
