// A C++ program with a global named `autoscale`: the runtime header the rewritten file includes
// must not claim that name, nor may the calls the tool writes (here also in a template).
#include <cstdio>

bool autoscale = true;

template <class T> T scaled_sum(const T *x, int n, T factor) {
  T sum = T(0);
  for (int i = 0; i < n; ++i)
    sum += x[i] * factor;
  return sum;
}

int main() {
  float x[16];
  for (int i = 0; i < 16; ++i)
    x[i] = static_cast<float>(i) * 0.25f - 1.5f;
  float plain = 0.0f;
  for (int i = 0; i < 16; ++i)
    plain += x[i] * x[i];
  std::printf("square_sum %.6g\n", static_cast<double>(plain));
  std::printf("scaled_sum %.6g\n", static_cast<double>(autoscale ? scaled_sum(x, 16, 0.5f) : 0.0f));
  return 0;
}
