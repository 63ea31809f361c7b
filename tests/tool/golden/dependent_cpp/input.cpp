// An operation on a template parameter's type is one text for every instantiation: the generic
// autoscale:: calls choose float, double or the plain operator when each is instantiated.
template <typename T> T axpy(T a, T x, T y) { return a * x + y; }
template <typename T> void bump(T &v) { ++v; v -= T(1); v = -v; }
float use(float a) {
  int i = 2;
  bump(a);
  bump(i);
  int j = axpy(1, 2, 3);
  return j > 0 ? axpy(a, a, a) : a;
}
