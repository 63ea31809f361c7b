/* Code in inactive #if regions is not seen; an operation with a directive inside is refused. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
float regions(float x, float y) {
#if 0
  x = x * y;
#endif
#ifdef NOT_DEFINED
  y = y + x;
#endif
  return (float)(x
#ifdef FAST
                 * y
#else
                 > y
#endif
  );
}
float straddle(float x, float y) {
  return x *
  // REPORT: input.c:[[@LINE-1]]:12: {"action":"skipped","class":"infer","function":"straddle","op":"mul","reason":"preprocessor directive inside the operation","spelling":"*","type":"float","variable":null}
#ifdef SCALED
         2.0f *
#endif
         y;
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 1 float operation in 1 file: 0 kept, 1 skipped
