//===- Substitution.h - one kind of substitution, as one class ---------------===//
//
// A substitution is a runtime call that replaces code around the operations it computes: a
// matrix product (matmul/), a loop of one multiply site (vector_loop/), a loop program
// (loop_program/). Each kind is one folder and one class, as a clang-tidy check is one class: it
// recognises and proves its candidates during find/'s walk (find/Recogniser.h: a shape on the
// operation, or the note why there is none), decides which rewritten operations it computes,
// spells its calls, and says in the report what it did. find/, decide/'s caller, emit/ and
// report/ ask the kinds in substitutionKinds(), never one by name.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_SUBSTITUTIONS_SUBSTITUTION_H
#define AUTOSCALE_TOOL_SUBSTITUTIONS_SUBSTITUTION_H

#include "decide/Decide.h"
#include "emit/Edit.h"
#include "find/Operation.h"
#include "find/Recogniser.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace autoscale {

struct StepPlan;

/// A site of a file once numbered: the expression naming it in the file's site table
/// ("&autoscale_sites_1a2b3c4d[7]"), its operation and its decision.
struct NumberedSite {
  std::string Ref;
  const Operation *Op;
  const Decision *D;
};

/// recognise (find::Recogniser): its name() is the report's word for it ("matmul"): an operation a
/// site of this kind computes with the code around it is `in_<name>`, and its entry names that
/// site under <name>.
class SubstitutionKind : public find::Recogniser {
public:
  /// rules: the key by which a treatment turns the kind off for its operations
  /// (`vector_loops: false`), or none where the rules cannot.
  virtual llvm::StringRef rulesKey() const { return {}; }

  /// decide: after classes and rules, Decision::RunsIn of the operations it computes, and
  /// Decision::WhyNot of the rewritten ones it could compute and does not. The kinds run in
  /// substitutionKinds()'s order, each seeing what the earlier ones took.
  virtual void assign(const std::vector<Operation> &Ops,
                      std::vector<Decision> &Decisions) const = 0;
  /// decide, once the steps are planned: where the code it would replace holds a point where a
  /// step ends, the operations keep their own calls.
  virtual void keepStepPoints(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions,
                              const StepPlan &Steps) const {}

  /// spell: the edits that replace the call of a site it computes, or none when the site keeps
  /// its scalar call (a loop program's sites keep theirs for short runs).
  virtual std::optional<std::vector<emit::Edit>>
  siteEdits(const Operation &Op, const Decision &D, llvm::StringRef Site,
            llvm::StringRef Text) const = 0;
  /// spell: the edits around the code it replaces, once per file, given the file's sites that
  /// it computes in offset order.
  virtual std::vector<emit::Edit> fileEdits(llvm::ArrayRef<NumberedSite> Sites,
                                            llvm::StringRef Text) const {
    return {};
  }

  /// spell: the runtime header, besides autoscale.h, that the file of a site for Op includes (a
  /// cuBLAS product's), or none.
  virtual llvm::StringRef headerFor(const Operation &Op) const { return {}; }

  /// report: what an operation's entry says of it (the operation found, D decided).
  virtual void describe(const Operation &Op, const Decision &D,
                        llvm::json::Object &Entry) const = 0;

  /// The safety net leaves the operations in Leaving as written: those of File written on Line
  /// (every line for 0), where the rewritten text did not compile. A kind whose calls are not
  /// spelled on their operations' lines says which of its operations leave, and adds those that
  /// go with one leaving.
  virtual void leaveWith(const std::vector<Operation> &Ops, const std::vector<Decision> &Decisions,
                         const std::string &File, unsigned Line,
                         std::vector<bool> &Leaving) const {}
};

/// Every kind, in the order they choose: a matmul takes the operations of the code it replaces
/// first, then vector loops their multiplies, then loop programs the loops left.
llvm::ArrayRef<const SubstitutionKind *> substitutionKinds();
const SubstitutionKind &substitutionKind(Substitution S);
/// rules: every kind's rulesKey(), for the rules parser.
std::vector<llvm::StringRef> substitutionKindKeys();
/// find: every kind's recogniser, in that order.
std::vector<const find::Recogniser *> recognisers();

/// decide: every kind's assign, in order.
void assignSubstitutions(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions);
/// decide: every kind's keepStepPoints.
void keepStepPoints(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions,
                    const StepPlan &Steps);
/// The safety net: the operations left as written with those of File on Line (every kind's
/// leaveWith, in order).
std::vector<bool> leavingWith(const std::vector<Operation> &Ops,
                              const std::vector<Decision> &Decisions, const std::string &File,
                              unsigned Line);

} // namespace autoscale

#endif
