//===- ExchangedBuffers.h - the buffers a unit's functions exchange ----------===//
//
// A time step often writes its new state into a second buffer and then exchanges the two
// (`float *t = u; u = v; v = t;`, `std::swap(prev, cur)`): `v[i] = u[i] + dt * f` is then the
// update `u[i] += dt * f` written out of place (Reductions.h), which rounded stalls as the in-place
// one would (a bf16 heat equation stopped after 89 of 14274 steps).
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_EXCHANGEDBUFFERS_H
#define AUTOSCALE_TOOL_FIND_EXCHANGEDBUFFERS_H

#include "find/operations/CallSites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace autoscale::find {

struct ExchangeWalk;

/// What holds a buffer (a variable, or a member: one for every object of its class), each with
/// those it was exchanged with, both ways.
using Exchanges = std::map<const clang::ValueDecl *, std::set<const clang::ValueDecl *>>;

/// The exchanges of one translation unit; each function's, loop's and callee's answer is computed
/// once.
class BufferExchanges {
public:
  /// Sites: the unit's call sites (CallSites.h).
  BufferExchanges(clang::ASTContext &Ctx, const std::map<const clang::FunctionDecl *, std::vector<CallSite>> &Sites);

  /// What FD's arithmetic sees exchanged:
  /// - its own variables given another's value or swapped with it in a loop (pointers or
  ///   containers: `u = v`, `std::swap(u, v)`, `u.swap(v)`, the program's own `swap_ptr(&u, &v)`),
  ///   or whose elements a loop copies back from another buffer each time it runs (`u[i] = un[i]`,
  ///   `memcpy(u, un, bytes)`, `u = un` of containers: a Jacobi sweep's new state);
  /// - the members any function of the unit exchanges so, in a loop or anywhere in a function
  ///   called in a loop (`float *t = g->u; g->u = g->un; g->un = t;`, `std::swap(u_, un_)` in a
  ///   method the caller repeats: members keep their buffers from one call to the next);
  /// - its parameters that the loop around a call of FD (Calls: FD's, its instantiations' too)
  ///   exchanges, calling no other function that writes them (`step<<<g, b>>>(v, u);
  ///   std::swap(u, v);`, not a pipeline of stages ping-ponging two buffers), nor refilling them
  ///   (a frame loaded each iteration).
  Exchanges of(const clang::FunctionDecl &FD, const std::vector<CallSite> &Calls);

  /// The pairs of F's parameters whose buffers a call of F exchanges: a program's own swap
  /// (`swap_ptr(float **a, float **b)`, `swap_buffers(float *&a, float *&b)`), by index.
  const std::set<std::pair<unsigned, unsigned>> &exchangedParameters(const clang::FunctionDecl &F);

private:
  friend struct ExchangeWalk;
  /// Where an exchange outside any loop counts too.
  enum class Outside { Never, Parameters, Members };
  Exchanges exchangesIn(const clang::Stmt *S, Outside Counts);
  const Exchanges &loopExchanges(const clang::Stmt *Loop);
  const Exchanges &members();
  /// Whether F may write the data its parameter P points or refers to.
  bool mayWriteThrough(const clang::FunctionDecl &F, unsigned P);
  /// Whether F gives what its parameter P points to new contents without reading them.
  bool refillsThrough(const clang::FunctionDecl &F, unsigned P);
  /// Whether Call gives buffer X new contents not computed from X or its Partners: a copy into it
  /// from elsewhere (`cudaMemcpy(d_cur, h_frame, ...)`), a memset, or a function that refills it.
  bool refills(const clang::CallExpr &Call, const clang::ValueDecl *X, const std::set<const clang::ValueDecl *> &Partners);
  /// Whether every call of Calls that is given the buffers (an argument Given accepts) and may
  /// write them calls Callee: the library's calls, swap helpers and readers (`energy(u, uold)`,
  /// a residual's kernel) are no stages of a pipeline.
  bool onlyCallee(llvm::ArrayRef<const clang::CallExpr *> Calls, const clang::FunctionDecl &Callee,
                  llvm::function_ref<bool(const clang::CallExpr &, const clang::Expr &)> Given);
  /// The parameters (by index, each with the others) that the loop around each of Calls exchanges.
  std::map<unsigned, std::set<unsigned>> exchangedArguments(const std::vector<CallSite> &Calls);

  clang::ASTContext &Ctx;
  std::set<const clang::FunctionDecl *> Repeated; ///< canonical declarations of functions called in a loop
  std::map<const clang::FunctionDecl *, std::set<std::pair<unsigned, unsigned>>> ParametersOf;
  std::map<std::pair<const clang::FunctionDecl *, unsigned>, bool> WritesThrough, RefillsThrough;
  std::map<const clang::Stmt *, Exchanges> OfLoop;
  std::optional<Exchanges> Members;
};

} // namespace autoscale::find

#endif
