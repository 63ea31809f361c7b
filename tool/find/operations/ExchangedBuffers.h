//===- ExchangedBuffers.h - the buffers a function exchanges -----------------===//
//
// A time step often writes its new state into a second buffer and then exchanges the two
// (`float *t = u; u = v; v = t;`, `std::swap(prev, cur)`): `v[i] = u[i] + dt * f` is then the
// update `u[i] += dt * f` written out of place (Reductions.h), which rounded stalls as the in-place
// one would (a bf16 heat equation stopped after 89 of 14274 steps).
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_EXCHANGEDBUFFERS_H
#define AUTOSCALE_TOOL_FIND_EXCHANGEDBUFFERS_H

#include "clang/AST/Decl.h"

#include <map>
#include <set>

namespace autoscale::find {

/// For each variable of FD's body given another's value or swapped with it (pointers, arrays or
/// containers: `u = v`, `std::swap(u, v)`, `u.swap(v)`), the variables it was exchanged with,
/// both ways.
std::map<const clang::VarDecl *, std::set<const clang::VarDecl *>> exchangedBuffers(const clang::FunctionDecl &FD);

} // namespace autoscale::find

#endif
