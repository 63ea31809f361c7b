// The generics take their operands by reference, and the compound C calls take the left-hand
// side by address: a bit-field or a packed member can be neither, so such operations stay.
struct Bits { int b : 4; unsigned u : 3; };
template <class T> T use_bits(Bits s, T x) { return s.b * x; }
template float use_bits(Bits, float);
float lvalue_bits(float x, Bits s) {
  float &r = (x += s.b); // the result used as an lvalue: the generic add_assign
  return r;
}

struct __attribute__((packed)) Packed { char c; float f; };
struct Outer { char c; Packed p; };
template <class T> T use_packed(Packed &p, T k) { return p.f * k; }
template float use_packed(Packed &, float);
float lvalue_packed(Outer &o, float x) {
  float &r = (x += o.p.f);
  return r + o.c; // o.c is a char: an ordinary add
}
