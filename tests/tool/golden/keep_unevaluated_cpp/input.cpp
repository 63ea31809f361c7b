// decltype, noexcept and typeid of a non-polymorphic operand are unevaluated.
#include <typeinfo>
float f(float x, float y) noexcept(noexcept(x * y)) {
  decltype(x * y) z = 0;
  const char *name = typeid(x + y).name();
  return name != nullptr ? z : 1.0f;
}
