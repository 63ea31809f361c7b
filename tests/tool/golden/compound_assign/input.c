/* x op= y passes the address of x, so its lvalue is evaluated once. */
void update(float *a, int n, float x, double d) {
  int i = 0;
  float f = 1.0f;
  double g = 2.0;
  a[i++] += x;   /* lhs with a side effect */
  f *= 0.5;      /* float lhs, double computation */
  g -= f;        /* double lhs, float rhs */
  f /= n;        /* int rhs */
  a[0] = (f += x) * 2.0f; /* the value of an assignment used in C */
}
