/* A transformer block's MLP written by hand, as a C program without BLAS would write it: two
 * dense layers whose stores apply the bias and the activation (GELU, then a residual), the sum
 * of each output in a local. The input of tests/bench/dense_epilogue.sh; it prints a checksum. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { T = 128, C = 768, H = 4 * C };

static float gelu(float v) { return 0.5f * v * (1.0f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v))); }

static void dense_gelu(float *out, const float *in, const float *w, const float *b, int rows, int n, int k) {
  #pragma omp parallel for
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < n; j++) {
      float acc = b[j];
      for (int p = 0; p < k; p++)
        acc += in[i * k + p] * w[j * k + p];
      out[i * n + j] = gelu(acc);
    }
}

static void dense_residual(float *out, const float *in, const float *w, const float *b, const float *skip, int rows,
                           int n, int k) {
  #pragma omp parallel for
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < n; j++) {
      float acc = b[j];
      for (int p = 0; p < k; p++)
        acc += in[i * k + p] * w[j * k + p];
      out[i * n + j] = skip[i * n + j] + acc;
    }
}

int main(int argc, char **argv) {
  const int steps = argc > 1 ? atoi(argv[1]) : 2;
  float *x = malloc(sizeof(float) * T * C), *h = malloc(sizeof(float) * T * H), *y = malloc(sizeof(float) * T * C);
  float *w1 = malloc(sizeof(float) * H * C), *w2 = malloc(sizeof(float) * C * H);
  float *b1 = malloc(sizeof(float) * H), *b2 = malloc(sizeof(float) * C);
  unsigned s = 1;
  for (int i = 0; i < T * C; i++)
    x[i] = (float)((s = s * 1664525u + 1013904223u) >> 8) * 0x1p-24f - 0.5f;
  for (int i = 0; i < H * C; i++) {
    w1[i] = ((float)((s = s * 1664525u + 1013904223u) >> 8) * 0x1p-24f - 0.5f) * 0.07f;
    w2[i] = ((float)((s = s * 1664525u + 1013904223u) >> 8) * 0x1p-24f - 0.5f) * 0.035f;
  }
  for (int i = 0; i < H; i++)
    b1[i] = 0.01f * (float)(i % 11) - 0.05f;
  for (int i = 0; i < C; i++)
    b2[i] = 0.02f * (float)(i % 7) - 0.06f;
  for (int step = 0; step < steps; step++) {
    dense_gelu(h, x, w1, b1, T, H, C);
    dense_residual(y, h, w2, b2, x, T, C, H);
  }
  double sum = 0, sq = 0;
  for (int i = 0; i < T * C; i++) {
    sum += y[i];
    sq += (double)y[i] * y[i];
  }
  printf("checksum %.9g %.9g\n", sum, sq);
  return 0;
}
