/* Unary minus and ++/-- on floating lvalues; -1.0f is a literal, not an operation. */
float steps(float x, double *p) {
  float y = -x;
  ++x;
  x--;
  --*p;
  (*p)++;
  return y * -1.0f + -(x);
}
