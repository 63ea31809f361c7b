//===- InstantiationReasons.cpp - why a template's operation stays as written -===//
//
// An operation of a template is rewritten once, generically, for every instantiation: it stays
// as written where one instantiation's would (a steering value, constant or integer operands), and
// where no instantiation computes in float or double there at all (`data_.begin() + i * cols_`,
// `v.size() - 1` of a `std::vector<T>`: an iterator's, a pointer's or a size's arithmetic, which the
// generic call would pass through unrounded, and a report would count as rounded).
//
//===----------------------------------------------------------------------===//
#include "find/OperationFinder.h"

#include "find/Instantiations.h"
#include "find/operations/SkipReasons.h"

#include "llvm/Support/raw_ostream.h"

namespace autoscale::find {

std::string OperationFinder::instantiationSkipReason(const FunctionDecl &Pattern, SourceLocation OpLoc) {
  const auto NameOf = [&](const FunctionDecl &F, bool Qualified) {
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    F.getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), Qualified);
    return Name;
  };
  const std::vector<const FunctionDecl *> Instantiations = instantiationsOf(Pattern);
  bool AnyFloat = false;
  std::pair<const FunctionDecl *, const Expr *> Other{}; // the first found that is no float
  for (const FunctionDecl *F : Instantiations) {
    const Expr *E = Instantiated.at(*F, OpLoc);
    AnyFloat |= E && E->getType()->isRealFloatingType();
    if (E && !E->getType()->isRealFloatingType() && !Other.first)
      Other = {F, E};
    if (!E || !E->getType()->isRealFloatingType() || !hasTypeArgument(*F, E->getType()))
      continue;
    std::string Why = controlValuesOf(*F).reasonFor(E);
    if (const auto *B = dyn_cast<BinaryOperator>(E); Why.empty() && B && !B->isCompoundAssignmentOp())
      for (const std::string &Operands :
           {constantSkipReason({B->getLHS(), B->getRHS()}, Ctx),
            integerSkipReason({B->getLHS(), B->getRHS()}, Ctx,
                              [&](const VarDecl &V) { return givenOnce(*F, V); })})
        if (Why.empty())
          Why = Operands;
    if (!Why.empty())
      return Why + " (in the instantiation " + NameOf(*F, false) + ")";
  }
  if (AnyFloat || !Other.first)
    return {};
  return "no instantiation computes in float or double here (it is of type " +
         Other.second->getType().getAsString(Ctx.getPrintingPolicy()) + " in " + NameOf(*Other.first, true) + ")";
}

} // namespace autoscale::find
