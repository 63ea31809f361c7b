// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json a.c b.c --
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/a.c out/b.c

// Two programs in one run, each with its own main: each main keeps its own loops (the second
// takes the key main@b.c), so the steps are found in b.c's loop. Once, b.c's loops were looked up
// in a.c's main and the tool aborted (std::out_of_range).

//--- a.c
#include <stdio.h>
int main(void) {
  float x = 1.5f;
  printf("%a\n", x * 2.0f);
  // REPORT: a.c:[[@LINE-1]]:20: {"action":"cast","class":"deny","format":"fp32","function":"main","op":"report","rounding":"output","rule":"class:deny","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
  return 0;
}

//--- b.c
#include <stdio.h>
int main(void) {
  float w[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  for (int step = 0; step < 3; ++step)
    for (int i = 0; i < 4; ++i)
      w[i] *= 0.5f;
  // REPORT: b.c:[[@LINE-1]]:12: {"action":"cast","class":"deny","format":"fp32","function":"main","op":"update","program":"runs with its loop (line [[@LINE-2]]) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:deny","site":0,"spelling":"*=","strategy":"delayed","type":"float","variable":"w"}
  printf("%a\n", w[0]);
  return 0;
}
// REPORT: steps: {"loops":[{"file":"b.c","function":"main@b.c","line":[[@LINE-7]]}],"source":"found"}
// REPORT: summary: 2 float operations in 2 files: 2 cast fp32, 0 kept, 0 skipped; steps end at b.c:[[@LINE-8]] (found)
