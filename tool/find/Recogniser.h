//===- Recogniser.h - a substitution kind's part of the walk over the AST ----===//
//
// find/ is handed every substitution kind (substitutions/Substitution.h) as a Recogniser, and
// calls each where the walk meets what the kind reads: a function's body (a GEMM's loop nests), a
// call (a BLAS or cuBLAS product), a multiply just recorded (a vector loop), an innermost loop
// holding operations (a loop program). A kind records what it proves as its shape on the
// operation (RewriteShape::Substitutions, under its name), or why not
// (Operation::NotSubstituted); find/ itself names no kind.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_RECOGNISER_H
#define AUTOSCALE_TOOL_FIND_RECOGNISER_H

#include "find/Operation.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"

namespace clang {
class FunctionDecl;
}

namespace autoscale::find {

class OperationFinder;

class Recogniser {
public:
  virtual ~Recogniser() = default;
  /// The name its shapes and notes are stored under (the report's word for the kind).
  virtual llvm::StringRef name() const = 0;
  /// A function of the project's, with its body: the kind may record operations of its own.
  virtual void recogniseFunction(OperationFinder &F, const clang::FunctionDecl &FD) const {}
  /// A call that is no member call: true when the kind recorded it (the walk records nothing
  /// else of it).
  virtual bool recogniseCall(OperationFinder &F, clang::CallExpr &Call) const { return false; }
  /// A float multiply of FD just recorded with its shape.
  virtual void recogniseMultiply(OperationFinder &F, Operation &Op,
                                 const clang::BinaryOperator &Mul,
                                 const clang::FunctionDecl &FD) const {}
  /// An innermost loop of FD holding the recorded operations Ops (their indices), once the
  /// whole unit is walked.
  virtual void recogniseLoop(OperationFinder &F, const clang::Stmt &Loop,
                             const clang::FunctionDecl &FD, llvm::ArrayRef<unsigned> Ops) const {}
};

} // namespace autoscale::find

#endif
