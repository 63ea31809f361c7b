/* sizeof, _Alignof, typeof and _Generic's controlling expression are never evaluated. */
unsigned long sizes(float x, double y) {
  __typeof__(x * y) z = 0;
  unsigned long n = sizeof(x * y) + _Alignof(__typeof__(x + y));
  n += _Generic(x * x, float: 1, default: 2);
  return n + (unsigned long)z;
}
