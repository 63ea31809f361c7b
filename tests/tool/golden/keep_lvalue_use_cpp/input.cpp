// In C++ x op= y and ++x are lvalues: when that lvalue is used, a value-returning call would
// not fit. Lambdas' default arguments are constants of the closure.
float lvalue_use(float x, float y, float z) {
  (x += y) = z;
  float *p = &(x *= y);
  float &r = ++x;
  auto f = [](float v = 2.0f * 3.0f) { return v; };
  return *p > r ? f() : r;
}
