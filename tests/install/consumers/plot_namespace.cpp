// A C++ library with its own namespace `autoscale` (plot::autoscale, axis range helpers): the
// tool's calls in its templates must reach the runtime, not this namespace.
#include <cstdio>

namespace plot {
namespace autoscale {

template <class T> T mean(const T *v, int n) {
  T sum = T(0);
  for (int i = 0; i < n; ++i)
    sum += v[i];
  return sum / static_cast<T>(n);
}

template <class T> T padded_range(const T *v, int n, T pad) {
  T lo = v[0], hi = v[0];
  for (int i = 1; i < n; ++i) {
    if (v[i] < lo) lo = v[i];
    if (v[i] > hi) hi = v[i];
  }
  return (hi - lo) * (T(1) + pad);
}

} // namespace autoscale
} // namespace plot

int main() {
  float v[32];
  for (int i = 0; i < 32; ++i)
    v[i] = static_cast<float>(i % 9) * 0.3f - 0.7f;
  std::printf("mean %.6g\n", static_cast<double>(plot::autoscale::mean(v, 32)));
  std::printf("range %.6g\n", static_cast<double>(plot::autoscale::padded_range(v, 32, 0.05f)));
  return 0;
}
