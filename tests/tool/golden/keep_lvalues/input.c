/* x op= y needs &x: bit-fields, volatiles and register variables have no usable address; an
 * integer left-hand side does not compute in its own type. */
struct Bits { unsigned n : 4; };
void lvalues(struct Bits *b, volatile float *v, float x) {
  register float r = 1.0f;
  int i = 3;
  b->n += x;
  *v *= x;
  r -= x;
  i *= x;
  (void)r;
  (void)i;
}
