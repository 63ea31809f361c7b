// Step functions in C++: the returned value is computed before autoscale_step(), whatever the
// return type is spelled as: deduced (auto), a list-initialised aggregate. A type the local might
// only copy (move-only, or a template's type parameter) keeps the step before its return; so do a
// reference and decltype(auto), which a local would turn into a dangling or unbindable reference
// (decltype(auto) of (local) is a reference to it; float&& cannot bind the local by name).
#include <memory>

struct Stats {
  float loss, norm;
};

namespace train {
auto step_auto(float a, float b) { return a * b + 1.0f; }

decltype(auto) step_ref(float &acc, float g) {
  acc += g * 0.5f;
  return (acc);
}

float &step_lref(float &acc, float g) {
  acc += g * 0.5f;
  return acc;
}

float &&step_rref(float &acc, float g) { return static_cast<float &&>(acc += g); }

decltype(auto) step_local(float a, float b) {
  float loss = a * b;
  return loss;
}

Stats step_stats(float a, float b) { return {a * b, a - b}; }

std::unique_ptr<float> step_owned(float a) {
  auto p = std::make_unique<float>(a * 2.0f);
  return p;
}

template <typename T> T step_generic(T a, T b) { return a * b; }
template float step_generic<float>(float, float);
} // namespace train
