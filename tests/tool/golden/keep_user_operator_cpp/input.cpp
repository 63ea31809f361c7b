// The generics apply an operator inside namespace autoscale::detail: an operator the project
// declares outside a class is not visible there (argument-dependent lookup does not reach it for
// std::vector, nor for a type from another namespace), so operations the template's own lookup
// resolved to such an operator stay as written.
#include <vector>

std::vector<double> operator+(const std::vector<double> &a, const std::vector<double> &b) {
  std::vector<double> r(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    r[i] = a[i] + b[i];
  return r;
}
template <class V> V sum3(const V &a, const V &b, const V &c) { return a + b + c; }
template std::vector<double> sum3(const std::vector<double> &, const std::vector<double> &,
                                  const std::vector<double> &);
template double sum3(const double &, const double &, const double &);

namespace mylib {
struct Meters { double v; };
}
namespace user {
inline mylib::Meters operator*(mylib::Meters a, double k) { return {a.v * k}; }
template <class T> T scale(T m, double k) { return m * k; }
template mylib::Meters scale(mylib::Meters, double);
// No operator of the project's is in scope for -: rewritten.
template <class T> T diff(T a, T b) { return a - b; }
template float diff(float, float);
} // namespace user
