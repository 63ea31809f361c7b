// The caller's floating-point exception flags, kept across the runtime's bookkeeping: the scale
// math of a registration, a window roll or a step, and the out-of-line rounding of a value from
// its definition, raise flags (inexact, underflow, overflow) that the program as written does not
// raise, and a program may test them (fetestexcept). Internal to the runtime.
#ifndef AUTOSCALE_SRC_FLOAT_FLAGS_H
#define AUTOSCALE_SRC_FLOAT_FLAGS_H

#include <cfenv>

namespace autoscale::detail {

class KeepFloatFlags {
 public:
#if defined(__x86_64__) && defined(__GNUC__)
  // float and double arithmetic runs on SSE: its flags are MXCSR's, a read and a write of which
  // cost a few cycles (fesetexceptflag also rewrites the x87 environment, tens of cycles). The
  // rounding mode and masks in the same register are the caller's, untouched in between.
  KeepFloatFlags() : csr_(__builtin_ia32_stmxcsr()) {}
  ~KeepFloatFlags() { __builtin_ia32_ldmxcsr(csr_); }

 private:
  unsigned csr_;
#else
  KeepFloatFlags() { std::fegetexceptflag(&flags_, FE_ALL_EXCEPT); }
  ~KeepFloatFlags() { std::fesetexceptflag(&flags_, FE_ALL_EXCEPT); }

 private:
  std::fexcept_t flags_;
#endif

 public:
  KeepFloatFlags(const KeepFloatFlags &) = delete;
  KeepFloatFlags &operator=(const KeepFloatFlags &) = delete;
};

}  // namespace autoscale::detail

#endif
