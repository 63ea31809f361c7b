// Templates: the pattern is rewritten once, for every instantiation; an operation on a
// dependent type calls a generic autoscale:: template (it may be int in one instantiation).
template <typename T> T square(T v) { return v * v; }

template <typename T> float scaled(T v, float s) {
  float half = s * 0.5f; // not dependent: rewritten in the pattern
  return half * static_cast<float>(v);
}

struct Acc {
  float sum = 0.0f;
  void add(float v) { sum += v; }
};

float use(float x) {
  Acc a;
  a.add(x);
  return square(x) + scaled(3, x) + scaled(2.0, x) + a.sum;
}
