/* An operation written entirely in a macro argument is rewritten there; the macro body's own
 * operations are not, and neither is an argument the macro stringises. */
#define SQUARE(v) ((v) * (v))
#define ID(v) (v)
#define SHOW(v) (show(#v, v))
#define SCALE 2.0f
float show(const char *name, float v);

float use(float a, float b) {
  float x = ID(a + b);     /* in an argument: rewritten */
  float y = SQUARE(a - b); /* the argument is rewritten, the body's * is not */
  float z = SHOW(a * b);   /* stringised: not rewritten */
  return x + y + z * SCALE; /* a whole macro as an operand is fine */
}

#define TWICE(v) (2.0f * (v))
float nested(float a, float b) {
  float p = ID(ID(a * b));    /* an argument of an argument: rewritten */
  float q = ID(SHOW(a - b));  /* stringised on the way: not rewritten */
  float r = TWICE(ID(a + b)); /* the argument is rewritten; TWICE's own * is not */
  return p + q + r;
}
