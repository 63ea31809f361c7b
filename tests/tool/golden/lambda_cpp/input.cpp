// A lambda's body runs when it is called: rewritten, even in a namespace-scope initialiser.
// An init-capture of a namespace-scope lambda is a static initialiser: left alone.
auto global_square = [](float v) { return v * v; };
auto captured = [k = 2.0f * 3.0f](float v) { return v + k; };

float local(float n, float m) {
  auto axpy = [&](float t) { return t * n + m; };
  auto twice = [k = n * 2.0f](float v) { return v - k; };
  return axpy(1.0f) + global_square(m) + captured(n) + twice(m);
}
