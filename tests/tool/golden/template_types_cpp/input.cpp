// One rewritten template text serves every instantiation: float and double go through the
// runtime, int, long double and a class with its own operators keep their plain operators. The
// class's operators, and their use outside templates, are its own code and stay as written.
#include <cmath>
#include <complex>

struct Dual {
  float v, d;
  Dual operator*(const Dual &o) const { return {v * o.v, v * o.d + d * o.v}; }
  Dual operator+(const Dual &o) const { return {v + o.v, d + o.d}; }
  Dual &operator+=(const Dual &o) { return *this = *this + o; }
  Dual operator-() const { return {-v, -d}; }
};

template <typename T> T poly(T x, T c) { return x * x + c; }

template <typename T> T sum_scaled(const T *x, int n, T s) {
  T acc = T();
  for (int i = 0; i < n;)
    acc += s * x[i++]; // x[i++] is evaluated once: acc is passed by reference
  return -acc;
}

template <typename T, typename U> auto mixed(T a, U b) -> decltype(a / b) {
  T t = a;
  t++;
  --t;
  return (t -= b) / b;
}

template <typename T> T soft(T x) { return std::exp(x) / (T(1) + std::exp(x)) + std::sqrt(x * x); }

// Pointer arithmetic on a dependent type is not floating-point arithmetic.
template <typename T> const T *second(const T *p) { return p + 1; }

Dual twice(Dual a) { return a + a; } // a class's own operator outside a template

float use_all(float f, double d, int i, long double ld) {
  const float xs[3] = {1.0f, 2.0f, 3.0f};
  const int is[2] = {4, 5};
  Dual dual = poly(Dual{f, 1.0f}, Dual{2.0f, 0.0f});
  std::complex<float> z = poly(std::complex<float>(f, 1.0f), std::complex<float>(0.0f, 2.0f));
  float r = poly(f, 2.0f) + sum_scaled(xs, 3, f) + *second(xs) + soft(f);
  double rd = poly(d, 0.5) + mixed(d, 2.0f) + soft(d) + mixed(i, 2.0) + soft(i);
  int ri = poly(i, 3) + sum_scaled(is, 2, i) + mixed(i, 2);
  long double rl = poly(ld, 1.0L) + mixed(ld, d);
  return r + (float)rd + (float)ri + (float)rl + twice(dual).d + z.real();
}
