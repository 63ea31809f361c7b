//===- Substitutions.cpp - the kinds of substitution, in the order they choose -===//
#include "substitutions/Substitution.h"

#include <cassert>

namespace autoscale {

const SubstitutionKind &matmulSubstitution();     // Matmul.cpp
const SubstitutionKind &vectorLoopSubstitution(); // VectorLoop.cpp
const SubstitutionKind &loopProgramSubstitution(); // LoopProgram.cpp

llvm::ArrayRef<const SubstitutionKind *> substitutionKinds() {
  static const SubstitutionKind *const Kinds[] = {
      &matmulSubstitution(), &vectorLoopSubstitution(), &loopProgramSubstitution()};
  return Kinds;
}

const SubstitutionKind &substitutionKind(Substitution S) {
  for (const SubstitutionKind *K : substitutionKinds())
    if (K->id() == S)
      return *K;
  assert(false && "every Substitution value has its kind in substitutionKinds()");
  return *substitutionKinds().front();
}

void assignSubstitutions(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions) {
  for (const SubstitutionKind *K : substitutionKinds())
    K->assign(Ops, Decisions);
}

void keepStepPoints(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions,
                    const StepPlan &Steps) {
  for (const SubstitutionKind *K : substitutionKinds())
    K->keepStepPoints(Ops, Decisions, Steps);
}

} // namespace autoscale
