// What the run/ tests print of a float array to compare two builds of one program: a hash of
// every element's bits (FNV-1a) and two of them in hexadecimal.
#ifndef FINGERPRINT_H
#define FINGERPRINT_H
#include <stdio.h>

static void print(const char *what, const float *v, int n) {
  unsigned h = 2166136261u;
  for (int i = 0; i < n; i++) {
    unsigned u;
    __builtin_memcpy(&u, &v[i], sizeof u);
    h = (h ^ u) * 16777619u;
  }
  printf("%s %08x %a %a\n", what, h, v[0], v[n / 2]);
}

#endif
