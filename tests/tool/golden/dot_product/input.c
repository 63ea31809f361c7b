/* A multiply feeding an accumulation in a loop is dot_mul (allow: FP8, rounded at its inputs);
 * the accumulation itself is denied and stays FP32. */
float dot(const float *a, const float *b, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; ++i)
    acc += a[i] * b[i];
  return acc;
}

void gemm(int n, float alpha, const float *A, const float *B, float *C) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      float s = 0.0f;
      for (int k = 0; k < n; ++k)
        s = s + A[i * n + k] * B[k * n + j];
      C[i * n + j] = alpha * s;
    }
}
