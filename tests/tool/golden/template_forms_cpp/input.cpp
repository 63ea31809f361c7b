// Template forms: a parameter pack expanded into a math call cannot be wrapped argument by
// argument; an if constexpr condition is a constant expression; a member reached by `.` has no
// side effects whatever the type, so a.acc += x needs no C++17 sequencing skip; a math call's
// result bound to a const reference must be a value, not a reference to a dead temporary.
#include <cmath>
#include <complex>

template <class... T> auto biggest(T... a) { return std::fmax(a...); }
float biggest_of_two(float a, float b) { return biggest(a, b); }

template <class T> T halve_if_real(T x) {
  if constexpr (T(1) / 2 > 0)
    return x / 2;
  else
    return x;
}
template float halve_if_real(float);
template int halve_if_real(int);

template <class T> struct Acc { T acc; };
template <class T> T accumulate(Acc<T> &a, T x) {
  a.acc += x;
  return a.acc;
}
template float accumulate(Acc<float> &, float);

template <class T> T exp_plus_one(T x) {
  const T &r = std::exp(x);
  return r + T(1);
}
template float exp_plus_one(float);
template long double exp_plus_one(long double);
template std::complex<double> exp_plus_one(std::complex<double>);
