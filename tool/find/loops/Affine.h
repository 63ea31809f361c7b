//===- Affine.h - indices and addresses as affine forms of loop variables ---===//
//
// What every loop substitution reads alike (a GEMM's nest, a vector loop, a loop program): each
// element a loop touches must be at an address affine in the loop variables:
//
//   &inp[bt * C + i]  with  int bt = b * T + t   ->   inp + C·T·b + C·t + 1·i
//
// Coefficients are polynomials with integer coefficients over *atoms*: expressions that do not
// change within the nest (parameters, `C / NH`, a loop bound of an enclosing loop). Locals
// assigned once inside the nest are read through their initialisers; anything the nest writes
// (other than its loop variables) cannot be part of an address.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_LOOPS_AFFINE_H
#define AUTOSCALE_TOOL_FIND_LOOPS_AFFINE_H

#include "find/FileRanges.h"
#include "find/loops/LoopText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/FoldingSet.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace autoscale::find {

/// The invariant expressions of one nest, each with an identity (equal expressions, by Clang's
/// canonical profile, are one atom) and the first expression seen for it (whose text the call
/// uses).
class Atoms {
public:
  explicit Atoms(const clang::ASTContext &Ctx) : Ctx(Ctx) {}
  unsigned idOf(const clang::Expr *E);
  const clang::Expr *expr(unsigned Id) const { return Exprs[Id]; }

private:
  const clang::ASTContext &Ctx;
  std::vector<llvm::FoldingSetNodeID> Ids;
  std::vector<const clang::Expr *> Exprs;
};

/// A polynomial with integer coefficients over atoms.
class Poly {
public:
  using Monomial = std::vector<unsigned>; ///< sorted atom ids; empty: the constant term
  Poly() = default;
  static Poly constant(int64_t C);
  static Poly atom(unsigned Id);

  Poly operator+(const Poly &O) const;
  Poly operator-(const Poly &O) const;
  Poly operator*(const Poly &O) const;
  bool operator==(const Poly &O) const { return Terms == O.Terms; }
  bool operator!=(const Poly &O) const { return Terms != O.Terms; }
  bool isZero() const { return Terms.empty(); }
  std::optional<int64_t> asConstant() const;
  /// R when *this == R × O for an integer R != 0.
  std::optional<int64_t> ratio(const Poly &O) const;
  /// Whether every coefficient is divisible by D (an integer multiple of D for any atoms).
  bool divisibleBy(int64_t D) const;
  /// Whether the leading coefficient is negative (the sign to normalise strides by).
  bool negative() const;
  const std::map<Monomial, int64_t> &terms() const { return Terms; }

private:
  std::map<Monomial, int64_t> Terms; ///< no zero coefficients
};

/// Σ Coeff[v] · v + Const over loop variables v.
struct Affine {
  std::map<const clang::VarDecl *, Poly> Coeff;
  Poly Const;
  Affine operator+(const Affine &O) const;
  Affine scaled(const Poly &P) const;
  bool hasVars() const { return !Coeff.empty(); }
  Poly coeff(const clang::VarDecl *V) const;
};

/// An element's address: a base (an invariant pointer, array or standard container, as an
/// atom) and an offset in elements from its first element.
struct Access {
  unsigned Base = 0;
  unsigned Rank = 0; ///< subscripts [0] from the base to its first element
  /// The base is a standard container (Containers.h): its first element is at Base.data().
  bool Container = false;
  Affine Offset;
  clang::QualType Element; ///< the element type (float, double)
  /// A factor fixed in the loops that multiplies the element where it is read (`alpha * a[i]`).
  const clang::Expr *Factor = nullptr;
};

/// What the reader may assume about the variables it meets.
struct Scope {
  /// The nest's loop variables.
  std::set<const clang::VarDecl *> Loop;
  /// Variables of other loops that stand for a loop variable (a store loop's `ibt` for the
  /// reduction's).
  std::map<const clang::VarDecl *, const clang::VarDecl *> Alias;
  /// Locals read through their initialisers (assigned once, declared inside the nest).
  std::function<bool(const clang::VarDecl *)> ReadThrough;
  /// The value such a local is read through (its initialiser, or the assignment that starts it).
  std::function<const clang::Expr *(const clang::VarDecl *)> InitOf = [](const clang::VarDecl *V) {
    return V->getInit();
  };
  /// Variables the nest does not write: they may be atoms.
  std::function<bool(const clang::VarDecl *)> Invariant;
  /// A member of a variable the nest does not write, nor that member of it (`g->w` where the
  /// nest writes only `g->b[o]`). Null: as Invariant of the variable.
  std::function<bool(const clang::VarDecl *, llvm::StringRef Member)> MemberInvariant;
  /// The loops the call replaces: a standard container read once before them (its data pointer,
  /// its size) must not move in them.
  const clang::Stmt *Region = nullptr;
};

class AffineReader {
public:
  AffineReader(clang::ASTContext &Ctx, Atoms &A, const Scope &S) : Ctx(Ctx), A(A), S(S) {}

  std::optional<Affine> integer(const clang::Expr *E);
  /// An element of a float array or pointer, as an lvalue or a read of one.
  std::optional<Access> element(const clang::Expr *E);
  /// A factor of a product: an element, a local read through its initialiser, or either of those
  /// multiplied by a value fixed in the loops (Access::Factor).
  std::optional<Access> operand(const clang::Expr *E);
  std::optional<Access> pointer(const clang::Expr *E);
  /// An invariant integer expression (a loop bound): a polynomial over atoms.
  std::optional<Poly> invariant(const clang::Expr *E);
  /// Whether E is an expression the call may evaluate once instead: no side effects, no loop
  /// variable, nothing the nest writes, no container the nest may move (Why says which).
  bool isInvariant(const clang::Expr *E);
  /// Whether E is a factor the call may take: fixed in the loops and read through no pointer,
  /// which the call would read even where the loops run no iteration (Why says which).
  bool isCallFactor(const clang::Expr *E);

  /// Why the last query failed.
  std::string Why;

private:
  /// The array lvalue X (of array type) as the address of its first element.
  std::optional<Access> row(const clang::Expr *X);
  /// Number of scalars in an object of type T (arrays of arrays), or nullopt with Why.
  std::optional<Poly> scalars(clang::QualType T);
  std::optional<Access> atomPointer(const clang::Expr *E);
  /// The standard container Object (of elements of type Element) as the base of its elements.
  std::optional<Access> container(const clang::Expr *Object, clang::QualType Element);
  template <class T> std::optional<T> fail(const std::string &Reason) {
    if (Why.empty())
      Why = Reason;
    return std::nullopt;
  }
  std::string text(const clang::Expr *E) const;

  clang::ASTContext &Ctx;
  Atoms &A;
  const Scope &S;
};

/// Whether the lvalue LV names memory other names may reach (an element, what a pointer points at,
/// a member through a pointer, a global, a static, a reference), not a local variable's own storage.
bool isMemory(const clang::Expr *LV);

/// Whether E reads memory that Region may store to: an element, what a pointer points at, a member
/// through a pointer, or a variable other names reach (a global, a static, a reference), of a type
/// that one of Region's stores through such an lvalue may alias. A loop bound that does is read
/// again by each iteration of the loop as written (`i < (int)lim[0]` with `lim[0]` stored in the
/// body), so no call may read it once before.
bool readsMemoryStoredIn(const clang::Expr *E, const clang::Stmt &Region,
                         const clang::ASTContext &Ctx);

/// Whether E (after parentheses and casts) is a floating or integer literal zero.
bool isZeroLiteral(const clang::Expr *E);

/// The factor a call uses for an atom (its text in File), or nullopt with Why.
std::optional<TextFactor> factorOf(const clang::Expr *E, const FileRanges &Ranges,
                                   clang::FileID File, std::string &Why);
/// The polynomial a call uses for P, its atoms' text in File, or nullopt with Why.
std::optional<TextPoly> textPoly(const Poly &P, const Atoms &A, const FileRanges &Ranges,
                                 clang::FileID File, std::string &Why);

} // namespace autoscale::find

#endif
