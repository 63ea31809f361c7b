// A small numeric C++ program, as autoscale-rewrite finds it: dot products, elementwise arithmetic
// in a template and a math call. Prints its results one per line.
#include <cmath>
#include <cstdio>
#include <vector>

namespace {

float dot(const std::vector<float> &a, const std::vector<float> &b) {
  float sum = 0.0f;
  for (std::size_t i = 0; i < a.size(); ++i)
    sum += a[i] * b[i];
  return sum;
}

template <class T> void axpy(T alpha, const std::vector<T> &x, std::vector<T> &y) {
  for (std::size_t i = 0; i < x.size(); ++i)
    y[i] = alpha * x[i] + y[i];
}

float softplus_sum(const std::vector<float> &x) {
  float sum = 0.0f;
  for (float v : x)
    sum += std::log(1.0f + std::exp(v));
  return sum;
}

} // namespace

int main() {
  std::vector<float> x(64), y(64);
  for (std::size_t i = 0; i < x.size(); ++i) {
    x[i] = static_cast<float>(i % 7) * 0.13f + 0.1f;
    y[i] = static_cast<float>(i % 5) * 0.21f + 0.05f;
  }
  std::printf("dot %.6g\n", static_cast<double>(dot(x, y)));
  axpy(0.5f, x, y);
  std::printf("axpy_dot %.6g\n", static_cast<double>(dot(y, y)));
  std::printf("softplus %.6g\n", static_cast<double>(softplus_sum(x)));
  return 0;
}
