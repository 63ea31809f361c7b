/* Operations written in a macro body, or straddling a macro boundary, are not rewritten. */
#define MUL(a, b) ((a) * (b))
#define PLUS_ONE(v) v + 1.0f
#define TIMES * 2.0f
float body(float x, float y) {
  float a = MUL(x, y);
  float b = PLUS_ONE(x) * y; /* the + is in the body; the * straddles the expansion */
  float c = x TIMES;
  return a > b ? a : c;
}
