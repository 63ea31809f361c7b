//===- ProgramReader.h - reads one loop as a loop program ---------------------===//
//
// Internal to loop_program/. The reader behind findLoopProgram (LoopPrograms.h):
// ProgramReader.cpp reads the loop's structure (its header, statements, elements and cells, the spans of the edit),
// ProgramValues.cpp the values its statements compute (operations, values computed once before
// the loop, comparisons and selections).
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_SUBSTITUTIONS_LOOP_PROGRAM_PROGRAMREADER_H
#define AUTOSCALE_TOOL_SUBSTITUTIONS_LOOP_PROGRAM_PROGRAMREADER_H

#include "find/loops/CountedLoops.h"
#include "substitutions/loop_program/LoopPrograms.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace autoscale::find::programs {

inline bool isFloat(clang::QualType T) {
  const auto *BT = T.getCanonicalType()->getAs<clang::BuiltinType>();
  return BT && BT->getKind() == clang::BuiltinType::Float;
}

class ProgramReader {
public:
  ProgramReader(const clang::ForStmt &For, const PrivateLocals &Private, clang::ASTContext &Ctx,
                const FileRanges &Ranges, const OperationOf &OpOf, std::set<const clang::Expr *> &Members)
      : For(For), Ctx(Ctx), SM(Ctx.getSourceManager()), Ranges(Ranges), OpOf(OpOf),
        Members(Members), A(Ctx), Reader(Ctx, A, Sc), Private(Private) {}

  std::shared_ptr<LoopProgramShape> run(std::string &WhyOut) {
    bool Ok = header() && body() && spans();
    WhyOut = Why;
    return Ok ? std::make_shared<LoopProgramShape>(Shape) : nullptr;
  }

private:
  bool fail(const std::string &Reason) {
    if (Why.empty())
      Why = Reason;
    return false;
  }
  std::optional<int> none(const std::string &Reason) {
    fail(Reason);
    return std::nullopt;
  }
  std::optional<Span> spanOf(const clang::Expr *E) {
    std::optional<Span> S = pieceText(E, Ranges, File);
    if (!S)
      fail("a piece of the loop is written in a macro");
    return S;
  }
  int push(ProgramOp Op) {
    if (Op.Kind != ProgramOp::Store)
      Op.Dst = Shape.Registers++;
    Shape.Ops.push_back(std::move(Op));
    return Shape.Ops.back().Dst;
  }

  bool header();
  bool body();
  bool statement(const clang::Stmt *S);
  bool spans();
  std::optional<int> value(const clang::Expr *E);
  std::optional<int> element(const clang::Expr *E);
  /// The array of a variable declared outside the loop that the loop writes, or that a store of
  /// the loop may reach under another name: one cell, stride 0.
  std::optional<int> cell(const clang::DeclRefExpr *D);
  /// Whether other names may reach V's storage (it is no private local: a global, a reference, a
  /// local whose address escapes): where the loop stores, reading V once before it could miss a
  /// store.
  bool shared(const clang::VarDecl *V) const { return !Private.contains(V); }
  /// Whether a store may change V's value under another name (a const reference may name
  /// storage others write; a const object none may).
  bool changesElsewhere(const clang::VarDecl *V) const {
    return shared(V) && (V->getType()->isReferenceType() || !V->getType().isConstQualified());
  }
  std::optional<int> load(const clang::Expr *E);
  std::optional<int> load(int Array);
  std::optional<int> param(const clang::Expr *E);
  /// A Param op of E as written, which the call evaluates once before the loop.
  std::optional<int> pushParam(const clang::Expr *E);
  /// Whether E is a value the call may compute once before the loop; Ops gets its operations.
  bool computedOnce(const clang::Expr *E, std::vector<const clang::Expr *> *Ops);
  std::optional<int> operation(const clang::Expr *E, ProgramOp::Arithmetic Arith, int Left, int Right);
  std::optional<int> conditional(const clang::ConditionalOperator *C);
  /// The register holding 1 where Cond holds (or, Negated, where it does not), else 0.
  std::optional<int> condition(const clang::Expr *Cond, bool &Negated);
  /// An integer a condition compares, as a float: the counter, or a value the loop leaves
  /// unchanged.
  std::optional<int> integer(const clang::Expr *E, bool &IsCounter);
  std::optional<int> counterValue();
  bool assign(const clang::Expr *Target, int Value);

  const clang::ForStmt &For;
  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  const FileRanges &Ranges;
  const OperationOf &OpOf;
  std::set<const clang::Expr *> &Members;
  Atoms A;
  Scope Sc;
  AffineReader Reader;
  std::string Why;

  clang::FileID File;
  const clang::VarDecl *Counter = nullptr;
  find::CountedLoop Counted;
  std::set<const clang::VarDecl *> Written;
  std::map<const clang::VarDecl *, int> Locals;       ///< the body's float locals: their registers
  /// Per array of the shape: its access, or none for a cell (Cells).
  std::vector<std::optional<Access>> Accesses;
  /// Variables declared outside the loop that it writes (a sum, a running value), or that other
  /// names may reach: the call reads and writes each through its address, as an array of stride
  /// 0, whose value the runtime carries from one iteration to the next in order.
  std::map<const clang::VarDecl *, int> Cells;
  std::set<int> PrivateCells; ///< cells of locals no other name reaches
  const PrivateLocals &Private;
  std::vector<const clang::Expr *> ArrayExprs;        ///< per array: the first element expression
  std::map<int, int> Stored;                   ///< array -> the register last stored to it
  /// Inside an arm of a conditional expression, which C evaluates only where the condition picks
  /// it and a program evaluates always: no operation, no element the loop does not read anyway.
  int ArmDepth = 0;
  std::set<int> ReadOutsideArms; ///< arrays whose element the iteration reads unconditionally
  int CounterRegister = -1;      ///< the counter's value, once a comparison reads it
  LoopProgramShape Shape;
};

} // namespace autoscale::find::programs

#endif
