/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 2
#error "rewritten for autoscale ABI 2"
#endif
#ifndef AUTOSCALE_SITES_076F0DE1
#define AUTOSCALE_SITES_076F0DE1
static autoscale_site autoscale_sites_076f0de1[] = {
  AUTOSCALE_SITE("input.cpp", 17, 12, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:infer"),
};
#endif
#line 1
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
  return autoscale_add_f(&autoscale_sites_076f0de1[0], r, static_cast<float>(o.c)); // o.c is a char: an ordinary add
}
