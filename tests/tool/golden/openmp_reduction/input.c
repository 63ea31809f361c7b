/* An OpenMP reduction: the loop body is rewritten; the combiner Clang synthesises for the
 * reduction clause is not an operation of the source. */
float dot(const float *a, const float *b, int n) {
  float s = 0.0f;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}
