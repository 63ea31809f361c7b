// C++17 evaluates the right operand of x op= e before x; the runtime call's arguments have no
// such order. A left-hand side with side effects keeps its operator unless e is a constant, and
// so does a left-hand side that e's writes could move (a[i] += x[i++]); a call is not looked into.
float g(int i);
void update(float *a, int i, float x) {
  a[i++] += g(i);
  a[i++] *= x;
  a[i++] -= 2.0f;
  a[i] += g(i);
  a[i] += a[i++];
  x += a[i++];
}
template <typename T> void update_generic(T *a, int i, T x) {
  a[i] *= a[i++];
  x -= a[i++];
  a[i] /= x;
}
template void update_generic<float>(float *, int, float);
