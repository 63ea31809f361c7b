// GNU range designators initialise several elements from one expression, evaluated once.
// Passes today: the expression is rewritten in place and the output compiles.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %cc -fsyntax-only -std=gnu99 input.c
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.c -- -std=gnu99
// RUN: %cc -fsyntax-only -std=gnu99 -I %runtime-include default/input.c
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough input.c -- -std=gnu99
// RUN: %cc -fsyntax-only -std=gnu99 -I %runtime-include passthrough/input.c
void fill(float a, float *out) {
  float x[4] = {[1 ... 2] = a * 3.0f};
  for (int i = 0; i < 4; ++i)
    out[i] = x[i];
}
