// The runtime's side of autoscale/entry_points.h: every row names a function the public headers
// declare, so a row added without its function, or a function renamed without its row, stops the
// build here (the tool checks the other side: a row for every call it writes). The out-of-line
// twins of the scalar calls are defined here.
#include "autoscale/autoscale.h"
#include "autoscale/entry_points.h"

namespace {

#define AUTOSCALE_DECLARED(function, kind, op, type) \
  static_assert(sizeof(&function) != 0 && kind >= 0 && type >= 0 && op >= AUTOSCALE_ENTRY_NO_OP, #function);
AUTOSCALE_ENTRY_POINTS(AUTOSCALE_DECLARED)
#undef AUTOSCALE_DECLARED

#define AUTOSCALE_DECLARED(function, twin, type, parameters, arguments) \
  static_assert(sizeof(&function) != 0 && sizeof(&twin) != 0, #twin);
AUTOSCALE_COMPACT_ENTRY_POINTS(AUTOSCALE_DECLARED)
#undef AUTOSCALE_DECLARED

// The generics are overloaded templates, which have no address: a using-declaration names them.
#define AUTOSCALE_DECLARED(function, kind, op, type) using function;
AUTOSCALE_GENERIC_ENTRY_POINTS(AUTOSCALE_DECLARED)
#undef AUTOSCALE_DECLARED

}  // namespace

// Each twin is its function compiled here, once: the same code the inline call compiles to, for a
// site the compiler does not know.
#define AUTOSCALE_COMPACT_DEFINITION(function, twin, type, parameters, arguments) \
  extern "C" type twin parameters { return function arguments; }
AUTOSCALE_COMPACT_ENTRY_POINTS(AUTOSCALE_COMPACT_DEFINITION)
#undef AUTOSCALE_COMPACT_DEFINITION
