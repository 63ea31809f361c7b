/* + - * on float and double become runtime calls; / is denied by the default rules. */
float axpy(float a, float x, float y) {
  return a * x + y;
}

double mix(double p, double q) {
  double r = p - q;
  return r * (p + q) / q;
}
