// Constant expressions must stay constant: nothing here may become a runtime call.
constexpr float Scale = 2.0f * 1.5f;
constexpr float twice(float x) { return x * 2.0f; }
static_assert(Scale * 2.0f > 5.0f, "scale");
template <int N> struct Fixed { static constexpr int value = N; };
enum Sizes { Small = (int)(2.5 * 2.0) };

float use(float x) {
  constexpr float Local = Scale / 3.0f;
  float buffer[(int)(1.5 * 2.0)] = {};
  Fixed<(int)(3.0 * 2.0)> f;
  if constexpr (Scale * 2.0f > 1.0f)
    buffer[0] = 1.0f;
  (void)f;
  return x > 0 ? Local : twice(2.0f);
}
