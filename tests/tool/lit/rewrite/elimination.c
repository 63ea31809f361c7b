/* An elimination: a sum whose terms read the array it writes (Gauss-Jordan's `a[r][j] -= f *
 * a[c][j]`, LU's `a[i][j] -= a[i][k] * a[k][j]`, forward substitution's `x[i] -= l[i * n + j] *
 * x[j]`) takes in what other sums left before it: state updated in place, its product and its
 * sum kept FP32 by the default rules like an update's, not an e4m3 dot product (LU solved a 64x64
 * system to 1.94 for 4.8e-6). A product of two other arrays summed into a third is a product as
 * before (here a GEMM). */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
void lu(int n, float a[n][n]) {
  for (int k = 0; k < n; k++)
    for (int i = k + 1; i < n; i++) {
      a[i][k] /= a[k][k];
      for (int j = k + 1; j < n; j++)
        a[i][j] -= a[i][k] * a[k][j];
      // REPORT: input.c:[[@LINE-1]]:17: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"-="
      // REPORT: input.c:[[@LINE-2]]:28: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
    }
}

void gauss_jordan(float out[4][4], const float in[4][4]) {
  float a[4][8];
  for (int r = 0; r < 4; r++)
    for (int j = 0; j < 8; j++)
      a[r][j] = j < 4 ? in[r][j] : (float)(j - 4 == r);
  for (int c = 0; c < 4; c++) {
    const float p = 1.0f / a[c][c];
    for (int j = 0; j < 8; j++)
      a[c][j] *= p;
    for (int r = 0; r < 4; r++) {
      if (r == c)
        continue;
      const float f = a[r][c];
      for (int j = 0; j < 8; j++)
        a[r][j] -= f * a[c][j];
      // REPORT: input.c:[[@LINE-1]]:17: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"-="
      // REPORT: input.c:[[@LINE-2]]:22: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
    }
  }
  for (int r = 0; r < 4; r++)
    for (int j = 0; j < 4; j++)
      out[r][j] = a[r][j + 4];
}

void forward_substitution(int n, const float *l, float *x) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++)
      x[i] -= l[i * n + j] * x[j];
    // REPORT: input.c:[[@LINE-1]]:12: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"-="
    // REPORT: input.c:[[@LINE-2]]:28: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
    x[i] /= l[i * n + i];
  }
}

void back_substitution(int n, const float *u, float *b) {
  for (int i = n - 1; i >= 0; i--) {
    float s = b[i];
    for (int j = i + 1; j < n; j++)
      s -= u[i * n + j] * b[j];
    // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"-="
    // REPORT: input.c:[[@LINE-2]]:25: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
    b[i] = s / u[i * n + i];
  }
}

void sor_sweeps(int n, const float *a, const float *b, float *x, int sweeps) {
  for (int it = 0; it < sweeps; it++)
    for (int i = 0; i < n; i++) {
      float s = 0.0f;
      for (int j = 0; j < n; j++)
        s += a[i * n + j] * x[j];
      // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+="
      x[i] += 1.2f * (b[i] - s) / a[i * n + i];
    }
}

/* Householder's reflections: each column's sum is stored back into that column in a loop beside
 * the sum's, inside the reflectors' loop, whose later sums read it. */
void householder(int m, int n, float a[m][n], const float v[n][m]) {
  for (int k = 0; k < n; k++)
    for (int j = k; j < n; j++) {
      float s = 0.0f;
      for (int i = k; i < m; i++)
        s += v[k][i] * a[i][j];
      // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+="
      for (int i = k; i < m; i++)
        a[i][j] -= 2.0f * s * v[k][i];
    }
}

/* A network's layers in one array: each row is computed from the one before, no elimination; so
 * are the parts of one arena at fixed offsets. */
void layers(int depth, int h, float act[depth + 1][h], const float *w) {
  for (int l = 0; l < depth; l++)
    for (int i = 0; i < h; i++) {
      float s = 0.0f;
      for (int j = 0; j < h; j++)
        s += w[i * h + j] * act[l][j];
      // REPORT: input.c:[[@LINE-1]]:11: {"action":"{{in_matmul|keep}}","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
      act[l + 1][i] = s;
    }
}

void arena_product(int n, float *mem) {
  const float *a = mem, *b = mem + n * n;
  float *c = mem + 2 * n * n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        c[i * n + j] += a[i * n + k] * b[k * n + j];
  // REPORT: input.c:[[@LINE-1]]:22: {"action":"in_matmul","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
}

/* A sum stored into the array it read after its loop is no elimination: a normalisation. */
void normalise(int n, float *x) {
  float s = 0.0f;
  for (int j = 0; j < n; j++)
    s += x[j] * x[j];
  // REPORT: input.c:[[@LINE-1]]:7: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
  // REPORT: input.c:[[@LINE-2]]:15: {"action":"keep","class":"deny",{{.*}}"op":"square_sum",{{.*}}"spelling":"*"
  for (int j = 0; j < n; j++)
    x[j] = x[j] / s;
}

/* A Runge-Kutta stage's sum handed to a function whose value a later stage reads is a sum: the
 * function computes another quantity from it. So is a softmax's normaliser, whose array each
 * sample fills afresh before summing it. */
float stage_slope(float y);
float rk_stage(const float *b, float *k, float y, float h) {
  float y3 = y;
  for (int j = 0; j < 3; j++)
    y3 += h * b[j] * k[j];
  // REPORT: input.c:[[@LINE-1]]:8: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
  k[3] = stage_slope(y3);
  return y3;
}

void softmax_rows(int n, int c, float *p, const float *logits) {
  for (int s = 0; s < n; s++) {
    float z = 0.0f;
    for (int j = 0; j < c; j++) {
      p[j] = logits[s * c + j] * logits[s * c + j];
      z += p[j];
      // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
    }
    for (int j = 0; j < c; j++)
      p[j] /= z;
  }
}

void matvec(int n, const float *a, const float *x, float *y) {
  for (int i = 0; i < n; i++)
    // REPORT: input.c:[[@LINE-1]]:3: {"action":"scale","class":"allow",{{.*}}"op":"matmul",{{.*}}"spelling":"matmul"
    for (int j = 0; j < n; j++)
      y[i] += a[i * n + j] * x[j];
  // REPORT: input.c:[[@LINE-1]]:12: {"action":"in_matmul","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
  // REPORT: input.c:[[@LINE-2]]:28: {"action":"in_matmul","class":"allow",{{.*}}"op":"dot_mul",{{.*}}"spelling":"*"
}
