/* The usual arithmetic conversions are spelled out as casts to the computation type. */
double mixed(float f, int i, double d, char c) {
  float a = i * f;     /* int -> float */
  double b = f * d;    /* float -> double */
  double e = f * 0.5;  /* the literal is double, so the product is too */
  float g = c + f;     /* char -> float */
  return a + b + e + g;
}
