/* A loop whose counter is a pointer walks over data (`for (row_t *r = rows; r < end; r++)`), as
 * one whose counter indexes memory does: its iterations are parts of one pass, and steps end in
 * the loop around it (3 sweeps, not 150 rows). */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c -- 2>&1 | FileCheck %s --check-prefix=STDERR
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
// STDERR: steps end at input.c:16 (found)
// REPORT: steps: {"loops":[{"file":"input.c","function":"sweeps","line":16}],"source":"found"}
typedef struct {
  float v[4];
  float out;
} row_t;

void sweeps(row_t *rows, float *w, int n) {
  for (int sweep = 0; sweep < 3; sweep++) {
    for (row_t *r = rows; r < rows + n; r++) {
      float s = 0.0f;
      for (int k = 0; k < 4; k++)
        s += r->v[k] * w[k];
      r->out = s;
    }
    for (int k = 0; k < 4; k++)
      w[k] = w[k] / 1.1f;
  }
}
