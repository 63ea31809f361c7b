//===- Polynomials.cpp - the arithmetic of Affine.h's forms -----------------===//
//
// Atoms (the distinct expressions a form is made of), polynomials over them with integer
// coefficients, and affine forms in the loop variables with polynomial coefficients: what
// Affine.cpp's reader builds and the kinds compare.
//
//===----------------------------------------------------------------------===//
#include "find/loops/Affine.h"

#include <algorithm>

using namespace clang;

namespace autoscale::find {

unsigned Atoms::idOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  llvm::FoldingSetNodeID Id;
  E->Profile(Id, Ctx, /*Canonical=*/true);
  for (unsigned I = 0; I < Ids.size(); ++I)
    if (Ids[I] == Id)
      return I;
  Ids.push_back(Id);
  Exprs.push_back(E);
  return static_cast<unsigned>(Ids.size() - 1);
}

//===--- polynomials --------------------------------------------------------===//

Poly Poly::constant(int64_t C) {
  Poly P;
  if (C)
    P.Terms[{}] = C;
  return P;
}

Poly Poly::atom(unsigned Id) {
  Poly P;
  P.Terms[{Id}] = 1;
  return P;
}

Poly Poly::operator+(const Poly &O) const {
  Poly R = *this;
  for (auto &[M, C] : O.Terms)
    if ((R.Terms[M] += C) == 0)
      R.Terms.erase(M);
  return R;
}

Poly Poly::operator-(const Poly &O) const { return *this + O * constant(-1); }

Poly Poly::operator*(const Poly &O) const {
  Poly R;
  for (auto &[MA, CA] : Terms)
    for (auto &[MB, CB] : O.Terms) {
      Monomial M = MA;
      M.insert(M.end(), MB.begin(), MB.end());
      std::sort(M.begin(), M.end());
      if ((R.Terms[M] += CA * CB) == 0)
        R.Terms.erase(M);
    }
  return R;
}

std::optional<int64_t> Poly::asConstant() const {
  if (Terms.empty())
    return 0;
  if (Terms.size() == 1 && Terms.begin()->first.empty())
    return Terms.begin()->second;
  return std::nullopt;
}

std::optional<int64_t> Poly::ratio(const Poly &O) const {
  if (O.isZero() || isZero() || Terms.size() != O.Terms.size())
    return std::nullopt;
  auto [M, C] = *Terms.begin();
  auto It = O.Terms.find(M);
  if (It == O.Terms.end() || C % It->second)
    return std::nullopt;
  int64_t R = C / It->second;
  if (*this != O * constant(R))
    return std::nullopt;
  return R;
}

bool Poly::divisibleBy(int64_t D) const {
  return D != 0 && std::all_of(Terms.begin(), Terms.end(),
                               [D](const auto &T) { return T.second % D == 0; });
}

bool Poly::negative() const { return !Terms.empty() && Terms.rbegin()->second < 0; }

Affine Affine::operator+(const Affine &O) const {
  Affine R = *this;
  R.Const = R.Const + O.Const;
  for (auto &[V, C] : O.Coeff) {
    Poly Sum = R.coeff(V) + C;
    if (Sum.isZero())
      R.Coeff.erase(V);
    else
      R.Coeff[V] = Sum;
  }
  return R;
}

Affine Affine::scaled(const Poly &P) const {
  Affine R;
  R.Const = Const * P;
  for (auto &[V, C] : Coeff)
    if (Poly Product = C * P; !Product.isZero())
      R.Coeff[V] = Product;
  return R;
}

Poly Affine::coeff(const VarDecl *V) const {
  auto It = Coeff.find(V);
  return It == Coeff.end() ? Poly() : It->second;
}

} // namespace autoscale::find
