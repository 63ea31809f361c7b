/* A small GPT-style trainer in plain C, written for the realistic-code test of autoscale-rewrite:
 * the shape of a CPU transformer trainer (OpenMP-parallel layer loops over float arrays, pointer
 * arithmetic into activation buffers, expf/tanhf/sqrtf, compound assignments, a few macros, an
 * AdamW step) at a size that runs in milliseconds. It prints bit-exact fingerprints of the loss
 * and the weights, so a pass-through rewrite must print exactly the same. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define VOCAB 32
#define SEQ 8
#define DIM 16
#define HIDDEN (4 * DIM)
#define EPS 1e-5f
#define GELU_K 0.7978845608f /* sqrt(2/pi) */
#define IDX(b, t, c, C) (((b) * SEQ + (t)) * (C) + (c))
#define SQUARE(x) ((x) * (x))

typedef struct {
  float *emb;   /* (VOCAB, DIM) */
  float *ln_w;  /* (DIM) */
  float *ln_b;  /* (DIM) */
  float *fc_w;  /* (HIDDEN, DIM) */
  float *fc_b;  /* (HIDDEN) */
  float *out_w; /* (VOCAB, HIDDEN) */
} Params;

static uint64_t rng_state = 0x2545F4914F6CDD1DULL;
static float rand_uniform(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (float)(rng_state >> 40) / 16777216.0f;
}

static void layernorm(float *out, float *mean, float *rstd, const float *in, const float *w,
                      const float *b, int n) {
#pragma omp parallel for
  for (int r = 0; r < n; r++) {
    const float *x = in + r * DIM;
    float m = 0.0f;
    for (int i = 0; i < DIM; i++)
      m += x[i];
    m /= DIM;
    float v = 0.0f;
    for (int i = 0; i < DIM; i++)
      v += SQUARE(x[i] - m);
    v = v / DIM;
    float s = 1.0f / sqrtf(v + EPS);
    float *o = out + r * DIM;
    for (int i = 0; i < DIM; i++)
      o[i] = s * (x[i] - m) * w[i] + b[i];
    mean[r] = m;
    rstd[r] = s;
  }
}

/* out (n, oc) = in (n, ic) @ w^T (oc, ic) + bias */
static void matmul(float *out, const float *in, const float *w, const float *bias, int n, int ic,
                   int oc) {
#pragma omp parallel for collapse(2)
  for (int r = 0; r < n; r++) {
    for (int o = 0; o < oc; o++) {
      const float *x = in + r * ic;
      const float *wr = w + o * ic;
      float acc = bias ? bias[o] : 0.0f;
      for (int i = 0; i < ic; i++)
        acc += x[i] * wr[i];
      out[r * oc + o] = acc;
    }
  }
}

static void matmul_backward(float *din, float *dw, float *db, const float *dout, const float *in,
                            const float *w, int n, int ic, int oc) {
#pragma omp parallel for
  for (int r = 0; r < n; r++)
    for (int o = 0; o < oc; o++) {
      float d = dout[r * oc + o];
      for (int i = 0; i < ic; i++)
        din[r * ic + i] += w[o * ic + i] * d;
    }
#pragma omp parallel for
  for (int o = 0; o < oc; o++)
    for (int r = 0; r < n; r++) {
      float d = dout[r * oc + o];
      if (db)
        db[o] += d;
      float *dwr = dw + o * ic;
      for (int i = 0; i < ic; i++)
        dwr[i] += in[r * ic + i] * d;
    }
}

static void gelu(float *out, const float *in, int n) {
  for (int i = 0; i < n; i++) {
    float x = in[i];
    out[i] = 0.5f * x * (1.0f + tanhf(GELU_K * (x + 0.044715f * x * x * x)));
  }
}

static void gelu_backward(float *din, const float *in, const float *dout, int n) {
  for (int i = 0; i < n; i++) {
    float x = in[i];
    float u = GELU_K * (x + 0.044715f * x * x * x);
    float t = tanhf(u);
    float sech2 = 1.0f - t * t;
    float grad = 0.5f * (1.0f + t) + 0.5f * x * sech2 * GELU_K * (1.0f + 3.0f * 0.044715f * x * x);
    din[i] += grad * dout[i];
  }
}

/* softmax + cross-entropy over (n, VOCAB) logits; writes dlogits, returns the mean loss */
static float softmax_xent(float *dlogits, const float *logits, const int *targets, int n) {
  float loss = 0.0f;
  for (int r = 0; r < n; r++) {
    const float *z = logits + r * VOCAB;
    float *dz = dlogits + r * VOCAB;
    float zmax = -1e30f;
    for (int i = 0; i < VOCAB; i++)
      zmax = z[i] > zmax ? z[i] : zmax;
    float sum = 0.0f;
    for (int i = 0; i < VOCAB; i++) {
      dz[i] = expf(z[i] - zmax);
      sum += dz[i];
    }
    for (int i = 0; i < VOCAB; i++) {
      dz[i] /= sum;
      if (i == targets[r])
        loss -= logf(dz[i]);
    }
    dz[targets[r]] -= 1.0f;
    for (int i = 0; i < VOCAB; i++)
      dz[i] *= 1.0f / n;
  }
  return loss / n;
}

static void adamw(float *p, float *g, float *m, float *v, int n, int step, float lr) {
  const float b1 = 0.9f, b2 = 0.999f, wd = 0.01f;
  float c1 = 1.0f - powf(b1, (float)step), c2 = 1.0f - powf(b2, (float)step);
  for (int i = 0; i < n; i++) {
    m[i] = b1 * m[i] + (1.0f - b1) * g[i];
    v[i] = b2 * v[i] + (1.0f - b2) * g[i] * g[i];
    p[i] -= lr * ((m[i] / c1) / (sqrtf(v[i] / c2) + 1e-8f) + wd * p[i]);
  }
}

static uint32_t fingerprint(const float *x, int n) {
  uint32_t h = 2166136261u;
  for (int i = 0; i < n; i++) {
    uint32_t bits;
    memcpy(&bits, &x[i], sizeof bits);
    h = (h ^ bits) * 16777619u;
  }
  return h;
}

int main(void) {
  enum { B = 2, N = B * SEQ };
  int sizes[] = {VOCAB * DIM, DIM, DIM, HIDDEN * DIM, HIDDEN, VOCAB * HIDDEN};
  int total = 0;
  for (int i = 0; i < 6; i++)
    total += sizes[i];
  float *mem = calloc((size_t)total * 4, sizeof(float));
  float *grad = mem + total, *m = mem + 2 * total, *v = mem + 3 * total;
  Params P, G;
  float **pp[] = {&P.emb, &P.ln_w, &P.ln_b, &P.fc_w, &P.fc_b, &P.out_w};
  float **gp[] = {&G.emb, &G.ln_w, &G.ln_b, &G.fc_w, &G.fc_b, &G.out_w};
  for (int i = 0, off = 0; i < 6; off += sizes[i], i++) {
    *pp[i] = mem + off;
    *gp[i] = grad + off;
  }
  for (int i = 0; i < total; i++)
    mem[i] = (rand_uniform() - 0.5f) * 0.2f;
  for (int i = 0; i < DIM; i++)
    P.ln_w[i] = 1.0f;

  int tokens[N + 1];
  for (int i = 0; i <= N; i++)
    tokens[i] = (i * 7 + 3) % VOCAB;
  float x[N * DIM], ln[N * DIM], mean[N], rstd[N], h[N * HIDDEN], a[N * HIDDEN], logits[N * VOCAB];
  float dlogits[N * VOCAB], da[N * HIDDEN], dh[N * HIDDEN], dln[N * DIM];

  for (int step = 1; step <= 5; step++) {
    for (int b = 0; b < B; b++)
      for (int t = 0; t < SEQ; t++) {
        const float *e = P.emb + tokens[b * SEQ + t] * DIM;
        for (int c = 0; c < DIM; c++)
          x[IDX(b, t, c, DIM)] = e[c] + 0.01f * t;
      }
    layernorm(ln, mean, rstd, x, P.ln_w, P.ln_b, N);
    matmul(h, ln, P.fc_w, P.fc_b, N, DIM, HIDDEN);
    gelu(a, h, N * HIDDEN);
    matmul(logits, a, P.out_w, NULL, N, HIDDEN, VOCAB);
    float loss = softmax_xent(dlogits, logits, tokens + 1, N);

    memset(grad, 0, (size_t)total * sizeof(float));
    memset(da, 0, sizeof da);
    memset(dh, 0, sizeof dh);
    memset(dln, 0, sizeof dln);
    matmul_backward(da, G.out_w, NULL, dlogits, a, P.out_w, N, HIDDEN, VOCAB);
    gelu_backward(dh, h, da, N * HIDDEN);
    matmul_backward(dln, G.fc_w, G.fc_b, dh, ln, P.fc_w, N, DIM, HIDDEN);
    for (int r = 0; r < N; r++)
      for (int c = 0; c < DIM; c++) {
        float nrm = (x[r * DIM + c] - mean[r]) * rstd[r];
        G.ln_w[c] += nrm * dln[r * DIM + c];
        G.ln_b[c] += dln[r * DIM + c];
      }
    adamw(mem, grad, m, v, total, step, 1e-2f);
    printf("step %d loss %a weights %08x grads %08x\n", step, loss, (unsigned)fingerprint(mem, total),
           (unsigned)fingerprint(grad, total));
  }
  free(mem);
  return 0;
}
