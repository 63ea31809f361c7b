//===- Substitutions.cpp - the kinds of substitution, in the order they choose -===//
#include "substitutions/Substitution.h"

#include <cassert>

namespace autoscale {

const SubstitutionKind &matmulSubstitution();      // matmul/Matmul.cpp
const SubstitutionKind &vectorLoopSubstitution();  // vector_loop/VectorLoop.cpp
const SubstitutionKind &loopProgramSubstitution(); // loop_program/LoopProgram.cpp

llvm::ArrayRef<const SubstitutionKind *> substitutionKinds() {
  static const SubstitutionKind *const Kinds[] = {
      &matmulSubstitution(), &vectorLoopSubstitution(), &loopProgramSubstitution()};
  return Kinds;
}

std::vector<llvm::StringRef> substitutionKindKeys() {
  std::vector<llvm::StringRef> Keys;
  for (const SubstitutionKind *K : substitutionKinds())
    if (!K->rulesKey().empty())
      Keys.push_back(K->rulesKey());
  return Keys;
}

std::vector<const find::Recogniser *> recognisers() {
  return {substitutionKinds().begin(), substitutionKinds().end()};
}

const SubstitutionKind &substitutionKind(Substitution S) {
  for (const SubstitutionKind *K : substitutionKinds())
    if (K->name() == S)
      return *K;
  assert(false && "every Substitution names a kind in substitutionKinds()");
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

std::vector<bool> leavingWith(const std::vector<Operation> &Ops,
                              const std::vector<Decision> &Decisions, const std::string &File,
                              unsigned Line) {
  std::vector<bool> Leaving(Ops.size());
  for (size_t I = 0; I < Ops.size(); ++I)
    Leaving[I] = Ops[I].Key.File == File && (!Line || Ops[I].Line == Line);
  for (const SubstitutionKind *K : substitutionKinds())
    K->leaveWith(Ops, Decisions, File, Line, Leaving);
  return Leaving;
}

} // namespace autoscale
