//===- GemmProduct.cpp - loops and accesses -> the product C = A·B + D -------===//
//
// Each loop variable either indexes C and one factor (a row of A or a column of B), both
// factors and not C (the reduction), or all three (a batch). Loops of one role whose strides
// nest in every operand (b and t indexing rows b*T+t) become one; a tile loop and the loop
// inside it become one when the tile size divides the count. What remains must be at most one
// loop for each of M, N and K, and the elements of C must be distinct.
//
//===----------------------------------------------------------------------===//
#include "substitutions/matmul/GemmNests.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace clang;

namespace autoscale::find::gemm {
namespace {

enum Operand { OpX, OpY, OpC, OpD, NumOperands };

/// Loops folded into one dimension of the call.
struct Dim {
  std::vector<size_t> Loops;                  ///< indices into the nest, outermost first
  std::vector<GemmExtent::Factor> TripFactors; ///< filled at the end
  std::vector<std::pair<Poly, bool>> Trips;   ///< count and clamp, outermost first
  Poly Stride[NumOperands];                   ///< per unit of the innermost loop's variable
  unsigned Mask = 0;                          ///< operands among X, Y, C it indexes
  Poly trip() const {
    Poly P = Poly::constant(1);
    for (auto &[T, Clamp] : Trips)
      P = P * T;
    return P;
  }
};

/// Whether every operand's stride of Outer is its stride of Inner times Inner's count.
bool nests(const Dim &Outer, const Dim &Inner) {
  Poly Span = Inner.trip();
  for (int O = 0; O < NumOperands; ++O)
    if (Outer.Stride[O] != Inner.Stride[O] * Span)
      return false;
  return true;
}

/// Folds dims of one role pairwise while their strides nest.
void foldNested(std::vector<Dim> &Dims) {
  for (bool Folded = true; Folded;) {
    Folded = false;
    for (size_t I = 0; I < Dims.size() && !Folded; ++I)
      for (size_t J = 0; J < Dims.size() && !Folded; ++J) {
        if (I == J || Dims[I].Mask != Dims[J].Mask || !nests(Dims[I], Dims[J]))
          continue;
        Dim Outer = Dims[I], Inner = Dims[J];
        Outer.Loops.insert(Outer.Loops.end(), Inner.Loops.begin(), Inner.Loops.end());
        Outer.Trips.insert(Outer.Trips.end(), Inner.Trips.begin(), Inner.Trips.end());
        std::copy(std::begin(Inner.Stride), std::end(Inner.Stride), std::begin(Outer.Stride));
        Dims.erase(Dims.begin() + std::max(I, J));
        Dims.erase(Dims.begin() + std::min(I, J));
        Dims.push_back(Outer);
        Folded = true;
      }
  }
}

/// Whether the elements C(i, j, batch) are distinct: some order of C's dims in which each stride
/// is a whole multiple of the previous one times its count.
bool distinctElements(std::vector<std::pair<Poly, Poly>> StrideTrip) {
  for (auto &[S, T] : StrideTrip)
    if (S.negative())
      S = S * Poly::constant(-1);
  std::sort(StrideTrip.begin(), StrideTrip.end(), [](const auto &A, const auto &B) {
    return A.first.terms() < B.first.terms();
  });
  do {
    bool Ok = !StrideTrip.empty() && !StrideTrip[0].first.isZero();
    for (size_t I = 1; I < StrideTrip.size() && Ok; ++I) {
      std::optional<int64_t> R =
          StrideTrip[I].first.ratio(StrideTrip[I - 1].first * StrideTrip[I - 1].second);
      Ok = R && *R >= 1;
    }
    if (Ok)
      return true;
  } while (std::next_permutation(StrideTrip.begin(), StrideTrip.end(),
                                 [](const auto &A, const auto &B) {
                                   return A.first.terms() < B.first.terms();
                                 }));
  return false;
}

class Builder {
public:
  Builder(const Atoms &A, const FileRanges &Ranges, FileID File, std::string &Why)
      : A(A), Ranges(Ranges), File(File), Why(Why) {}

  std::optional<TextPoly> poly(const Poly &P) { return textPoly(P, A, Ranges, File, Why); }

  std::optional<GemmExtent> extent(const Dim *D) {
    GemmExtent E;
    if (!D)
      return E;
    for (auto &[Count, Clamp] : D->Trips) {
      std::optional<TextPoly> P = poly(Count);
      if (!P)
        return std::nullopt;
      std::optional<int64_t> C = Count.asConstant();
      if (C && *C == 1)
        continue;
      E.Factors.push_back({*P, Clamp && !(C && *C > 0)});
    }
    return E;
  }

  bool matrix(const Access &X, int Which, const Dim *Row, const Dim *Col,
              const std::vector<const Dim *> &Batch, GemmMatrix &Out) {
    std::optional<TextFactor> Base = factorOf(A.expr(X.Base), Ranges, File, Why);
    std::optional<TextPoly> Offset = poly(X.Offset.Const);
    std::optional<TextPoly> Rows = poly(Row ? Row->Stride[Which] : Poly());
    std::optional<TextPoly> Cols = poly(Col ? Col->Stride[Which] : Poly());
    if (!Base || !Offset || !Rows || !Cols)
      return false;
    Out = GemmMatrix{*Base, X.Rank, X.Container, *Offset, *Rows, *Cols, {}, std::nullopt};
    if (X.Factor) {
      std::optional<TextFactor> Factor = factorOf(X.Factor, Ranges, File, Why);
      if (!Factor)
        return false;
      Out.Factor = *Factor;
    }
    for (const Dim *B : Batch) {
      std::optional<TextPoly> S = poly(B->Stride[Which]);
      if (!S)
        return false;
      Out.Batch.push_back(*S);
    }
    return true;
  }

private:
  const Atoms &A;
  const FileRanges &Ranges;
  FileID File;
  std::string &Why;
};

} // namespace

std::optional<GemmShape> buildProduct(const std::vector<NestLoop> &Loops,
                                      const ProductAccesses &P, const Atoms &Atoms,
                                      const FileRanges &Ranges, FileID File,
                                      const DividesFn &Divides, std::string &Why) {
  const Access *Of[NumOperands] = {&P.X, &P.Y, &P.C, P.D ? &*P.D : nullptr};
  if (P.X.Element != P.Y.Element || P.X.Element != P.C.Element ||
      (P.D && P.D->Element != P.C.Element)) {
    Why = "the operands and the result are not all of one type";
    return std::nullopt;
  }
  std::vector<Dim> Dims;
  for (size_t I = 0; I < Loops.size(); ++I) {
    Dim D;
    D.Loops = {I};
    D.Trips = {{Loops[I].Trip, Loops[I].Signed}};
    for (int O = 0; O < NumOperands; ++O)
      if (Of[O])
        D.Stride[O] = Of[O]->Offset.coeff(Loops[I].Var);
    for (int O = OpX; O <= OpC; ++O)
      if (!D.Stride[O].isZero())
        D.Mask |= 1u << O;
    if (!D.Mask) {
      Why = loopAtLine(Loops[I].Line) + " indexes no operand: it would repeat the product";
      return std::nullopt;
    }
    if (!D.Stride[OpD].isZero() && !(D.Mask & (1u << OpC))) {
      Why = "the addend changes along the reduction (" + loopAtLine(Loops[I].Line) + ")";
      return std::nullopt;
    }
    Dims.push_back(D);
  }
  // A loop stepping by U walks tiles of the loop inside it that counts to U: together they count
  // to the outer bound, one element at a time, when U divides it.
  for (size_t I = 0; I < Dims.size(); ++I) {
    const NestLoop &Tile = Loops[Dims[I].Loops[0]];
    if (!Tile.Step || Dims[I].Loops.size() > 1)
      continue;
    auto Inner = llvm::find_if(Dims, [&](const Dim &D) {
      const NestLoop &L = Loops[D.Loops[0]];
      return D.Loops.size() == 1 && !L.Step && L.Trip == *Tile.Step && D.Mask == Dims[I].Mask &&
             std::equal(std::begin(D.Stride), std::end(D.Stride), std::begin(Dims[I].Stride));
    });
    if (Inner == Dims.end()) {
      Why = loopAtLine(Tile.Line) + " steps by a tile that no loop inside it covers";
      return std::nullopt;
    }
    if (!Divides(*Tile.Step, Tile.Trip)) {
      Why = loopAtLine(Tile.Line) +
            " walks tiles: cannot prove that the tile size divides its count "
            "(no guard like `if (n % tile != 0) return;` before it)";
      return std::nullopt;
    }
    Dims[I].Loops.push_back(Inner->Loops[0]);
    Dims.erase(Inner);
    I = -1; // restart: indices moved
  }
  foldNested(Dims);

  // Roles: X carries the rows (M), Y the columns (N).
  const unsigned X = 1u << OpX, Y = 1u << OpY, C = 1u << OpC;
  std::vector<const Dim *> M, N, K, Batch;
  for (const Dim &D : Dims) {
    const NestLoop &L = Loops[D.Loops[0]];
    switch (D.Mask) {
    case X | C: M.push_back(&D); break;
    case Y | C: N.push_back(&D); break;
    case X | Y: K.push_back(&D); break;
    case X | Y | C: Batch.push_back(&D); break;
    case C:
      Why = loopAtLine(L.Line) + " indexes only the result";
      return std::nullopt;
    default:
      Why = loopAtLine(L.Line) +
            " indexes one factor and not the result: it sums that factor alone";
      return std::nullopt;
    }
  }
  for (auto *Role : {&M, &N, &K})
    if (Role->size() > 1) {
      Why = loopAtLine(Loops[(*Role)[1]->Loops[0]].Line) + " and " +
            loopAtLine(Loops[(*Role)[0]->Loops[0]].Line) +
            " index one operand with strides that do not nest";
      return std::nullopt;
    }
  // A rank-1 update has no reduction and runs along both rows and columns; a product sums. A sum
  // whose loops all index its element is an update too (`dv[i] += a[t2] * d[i]`, dv a row pointer
  // declared in the t2 loop: the statement reads as a sum over t2 until the alias is resolved).
  const bool RankOne =
      P.RankOne || (K.empty() && !M.empty() && !N.empty() && P.AddC && !P.SumThenAdd);
  if (RankOne ? !K.empty() || M.empty() || N.empty() : K.empty()) {
    Why = RankOne ? "an update that is no outer product (its loops do not run along both rows "
                      "and columns)"
                    : "no loop sums the products";
    return std::nullopt;
  }
  if (M.empty() && N.empty()) {
    Why = "a dot product per element (no loop runs along a row or a column of the result)";
    return std::nullopt;
  }
  const Dim *Md = M.empty() ? nullptr : M[0], *Nd = N.empty() ? nullptr : N[0];
  const Dim *Kd = K.empty() ? nullptr : K[0]; // none: a rank-1 update, K = 1
  // X·Y or, for a result stored by columns, (Y^T·X^T)^T: the call writes C by rows.
  const Access *AOp = &P.X, *BOp = &P.Y;
  int AIdx = OpX, BIdx = OpY;
  if (Md && Nd && Md->Stride[OpC] == Poly::constant(1) && Nd->Stride[OpC] != Poly::constant(1)) {
    std::swap(Md, Nd);
    std::swap(AOp, BOp);
    std::swap(AIdx, BIdx);
  }
  std::vector<std::pair<Poly, Poly>> CDims;
  for (const Dim *D : {Md, Nd})
    if (D)
      CDims.push_back({D->Stride[OpC], D->trip()});
  for (const Dim *D : Batch)
    CDims.push_back({D->Stride[OpC], D->trip()});
  // Without batch loops a guarded call can check C's two strides at run time (NestAttempt).
  const bool Distinct = distinctElements(CDims);
  if (!Distinct && !Batch.empty()) {
    Why = kNotDistinct;
    return std::nullopt;
  }

  Builder B(Atoms, Ranges, File, Why);
  GemmShape S;
  S.CheckDistinct = !Distinct;
  S.Type = P.C.Element->isSpecificBuiltinType(BuiltinType::Double) ? FloatKind::Double
                                                                     : FloatKind::Float;
  std::optional<GemmExtent> Me = B.extent(Md), Ne = B.extent(Nd), Ke = B.extent(Kd);
  if (!Me || !Ne || !Ke)
    return std::nullopt;
  S.M = *Me;
  S.N = *Ne;
  S.K = *Ke;
  S.RankOne = RankOne;
  for (const Dim *D : Batch) {
    std::optional<GemmExtent> E = B.extent(D);
    if (!E)
      return std::nullopt;
    S.Batch.push_back(*E);
  }
  if (!B.matrix(*AOp, AIdx, Md, Kd, Batch, S.A) || !B.matrix(*BOp, BIdx, Kd, Nd, Batch, S.B) ||
      !B.matrix(P.C, OpC, Md, Nd, Batch, S.C))
    return std::nullopt;
  for (const Access &Out : P.Outputs) {
    S.Outputs.emplace_back();
    if (!B.matrix(Out, OpC, Md, Nd, Batch, S.Outputs.back()))
      return std::nullopt;
  }
  if (P.ProductFactor) {
    S.ProductFactor = factorOf(P.ProductFactor, Ranges, File, Why);
    if (!S.ProductFactor)
      return std::nullopt;
  }
  S.NegatedProducts = P.Negated;
  if (P.AddC) {
    S.Addend = GemmShape::AddC;
    S.SumThenAdd = P.SumThenAdd;
  } else if (P.D) {
    S.Addend = GemmShape::AddMatrix;
    if (!B.matrix(*P.D, OpD, Md, Nd, Batch, S.D))
      return std::nullopt;
    if (P.DIf) {
      std::optional<TextFactor> If = factorOf(P.DIf, Ranges, File, Why);
      if (!If)
        return std::nullopt;
      S.DIf = *If;
    }
  }
  return S;
}

} // namespace autoscale::find::gemm
