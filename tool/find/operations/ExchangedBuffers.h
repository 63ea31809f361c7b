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
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <set>
#include <vector>

namespace autoscale::find {

using Exchanges = std::map<const clang::VarDecl *, std::set<const clang::VarDecl *>>;

/// For each variable of FD's body given another's value or swapped with it in a loop (pointers
/// or containers: `u = v`, `std::swap(u, v)`, `u.swap(v)`), or whose elements a loop copies back
/// from another buffer each time it runs (`u[i] = un[i]`, `memcpy(u, un, bytes)`: a Jacobi sweep's
/// new state), the variables it was exchanged with, both ways.
Exchanges exchangedBuffers(const clang::FunctionDecl &FD);

/// The arguments of the calls Calls (each with its caller) that are two buffers the loop around
/// the call exchanges, calling no other function on them (`step<<<g, b>>>(v, u); std::swap(u, v);`
/// in a loop, not a pipeline of stages ping-ponging two buffers), by their index, each with the
/// other: the callee's step is written out of place.
std::map<unsigned, std::set<unsigned>>
exchangedArguments(const std::vector<std::pair<const clang::CallExpr *, const clang::FunctionDecl *>> &Calls);

} // namespace autoscale::find

#endif
