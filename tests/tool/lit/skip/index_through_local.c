// A float converted to an integer that selects an element steers which memory is read, so it
// stays as written (a rounded bin index moves a histogram's counts), also when the integer is
// first stored to a local (`int bin = (int)(z * 10); h[bin]++`). An integer local that selects
// nothing takes no operation with it.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
void histogram(int *h, const float *v, int n) {
  for (int i = 0; i < n; i++) {
    int bin = (int)(v[i] * 10.0f);
    // REPORT: input.c:[[@LINE-1]]:26: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches an index (a float converted to an integer that selects an element)"
    h[bin]++;
  }
}
void through_two(int *h, const float *v, int n) {
  for (int i = 0; i < n; i++) {
    int scaled = (int)(v[i] * 4.0f);
    // REPORT: input.c:[[@LINE-1]]:29: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches an index
    int bin;
    bin = scaled / 2;
    h[bin] += 1;
  }
}
int rounded_total(const float *v, int n) {
  int total = 0;
  for (int i = 0; i < n; i++) {
    int count = (int)(v[i] * 3.0f);
    // REPORT: input.c:[[@LINE-1]]:28: {"action":"cast",{{.*}}"op":"mul"
    total += count;
  }
  return total;
}
