// In C++ x op= y and ++x are lvalues: when that lvalue is used, the generic autoscale::
// templates, which return it, replace the C calls, which return a value. Lambdas' default
// arguments are constants of the closure.
float lvalue_use(float x, float y, float z) {
  (x += y) = z;
  float *p = &(x *= y);
  float &r = ++x;
  auto f = [](float v = 2.0f * 3.0f) { return v; };
  return *p > r ? f() : r;
}
