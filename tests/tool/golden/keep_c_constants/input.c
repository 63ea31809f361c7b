/* C requires constants in these places: array bounds, case labels, enumerators, static
 * initialisers. */
enum { Count = (int)(2.5 * 2.0) };
static float gain = 2.0f * 0.5f;
float table[(int)(1.5 * 4.0)];

int pick(int k, float x) {
  static float local_gain = 3.0f * 0.5f;
  switch (k) {
  case (int)(2.0 * 2.0):
    return (int)local_gain;
  default:
    return (int)(gain > 0 ? x : 0.0f);
  }
}
