//===- ProgramReader.cpp - a loop program's structure: header, statements, elements -===//
#include "substitutions/loop_program/ProgramReader.h"

#include "find/OperationFinder.h"

using namespace clang;

namespace autoscale::find::programs {
namespace {

bool sameAffine(const Affine &X, const Affine &Y) {
  return X.Coeff == Y.Coeff && X.Const == Y.Const;
}

} // namespace

bool ProgramReader::header() {
  std::string W;
  std::optional<FileID> F = loopFile(For, Ctx, W);
  std::optional<CountedLoop> L = F ? countedLoop(For, Ctx, W) : std::nullopt;
  if (!L)
    return fail(W);
  File = *F;
  Counted = *L;
  Counter = L->Counter;
  Written = VarUses::of(For.getBody()).Written;
  if (Written.count(Counter))
    return fail("the loop's body writes its counter");
  // Elements are read at addresses of the counter and of what the loop leaves unchanged; the
  // body's locals are values, never part of an address (the call computes addresses before it).
  Sc.Loop = {Counter};
  Sc.ReadThrough = [](const VarDecl *) { return false; };
  // An array's address does not change when its elements are written.
  Sc.Invariant = [this](const VarDecl *V) {
    return V != Counter && (!Written.count(V) || V->getType()->isArrayType());
  };
  Sc.Region = &For; // a container read through data() before it must stay where it is
  for (const Expr *Bound : {Counted.Lower, Counted.Upper})
    if (!Bound->IgnoreParenImpCasts()->getType()->isIntegerType() || !Reader.isInvariant(Bound))
      return fail("a bound of the loop is not an integer fixed while it runs");
  return true;
}

bool ProgramReader::body() {
  const Stmt *B = For.getBody();
  if (const auto *CS = dyn_cast<CompoundStmt>(B)) {
    for (const Stmt *S : CS->body())
      if (!statement(S))
        return false;
    return true;
  }
  return statement(B);
}

bool ProgramReader::statement(const Stmt *S) {
  if (isa<NullStmt>(S))
    return true;
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !isFloat(V->getType()) || !V->hasLocalStorage() || !V->getInit() ||
          V->getType().isVolatileQualified())
        return fail("the loop declares something other than float locals with a value");
      std::optional<int> R = value(V->getInit());
      if (!R)
        return false;
      Locals[V] = *R;
    }
    return true;
  }
  const auto *E = dyn_cast<Expr>(S);
  const auto *B = E ? dyn_cast<BinaryOperator>(E->IgnoreParens()) : nullptr;
  if (!B || !B->isAssignmentOp() || !isFloat(B->getLHS()->getType()))
    return fail("a statement of the loop is not an assignment of a float");
  if (B->getOpcode() == BO_Assign) {
    std::optional<int> R = value(B->getRHS());
    return R && assign(B->getLHS(), *R);
  }
  static const std::map<BinaryOperatorKind, ProgramOp::Arithmetic> Compound = {
      {BO_AddAssign, ProgramOp::Add},
      {BO_SubAssign, ProgramOp::Sub},
      {BO_MulAssign, ProgramOp::Mul},
      {BO_DivAssign, ProgramOp::Div}};
  auto It = Compound.find(B->getOpcode());
  const auto *CA = dyn_cast<CompoundAssignOperator>(B);
  if (It == Compound.end() || !CA || !isFloat(CA->getComputationResultType()) ||
      !isFloat(CA->getComputationLHSType()))
    return fail("a compound assignment of the loop does not compute in float");
  std::optional<int> Old = value(B->getLHS());
  std::optional<int> R = Old ? value(B->getRHS()) : std::nullopt;
  std::optional<int> New = R ? operation(B, It->second, *Old, *R) : std::nullopt;
  return New && assign(B->getLHS(), *New);
}

bool ProgramReader::assign(const Expr *Target, int Value) {
  const Expr *T = Target->IgnoreParens();
  std::optional<int> Array;
  if (const auto *D = dyn_cast<DeclRefExpr>(T)) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (V && Locals.count(V)) {
      Locals[V] = Value;
      return true;
    }
    Array = cell(D);
  } else if (T->getType().isVolatileQualified()) {
    return fail("the loop stores to a volatile element");
  } else {
    Array = element(T);
  }
  if (!Array)
    return false;
  ProgramOp Op;
  Op.Kind = ProgramOp::Store;
  Op.A = *Array;
  Op.B = Value;
  push(Op);
  // A value stored before is read from its register only while no store since may have reached
  // its storage under another name (y[i] then z[i] with z == y, a reference and its variable).
  for (auto It = Stored.begin(); It != Stored.end();)
    It = It->first == *Array || PrivateCells.count(It->first) || PrivateCells.count(*Array)
             ? std::next(It)
             : Stored.erase(It);
  Stored[*Array] = Value;
  return true;
}

std::optional<int> ProgramReader::element(const Expr *E) {
  if (hasSideEffects(E, Ctx)) // reading a container's element is none
    return none("an element's address has side effects");
  std::optional<Access> Acc = Reader.element(E);
  if (!Acc || !isFloat(Acc->Element))
    return none("an element is not a float at an address affine in the counter" +
                (Reader.Why.empty() ? std::string() : ": " + Reader.Why));
  for (size_t K = 0; K < Accesses.size(); ++K)
    if (Accesses[K] && Accesses[K]->Base == Acc->Base && sameAffine(Accesses[K]->Offset, Acc->Offset))
      return static_cast<int>(K);
  LoopElement L;
  std::string W;
  if (!loopElement(E, *Acc, Counter, A, Ranges, File, L, W))
    return none(W);
  Accesses.push_back(*Acc);
  Shape.Arrays.push_back(L);
  return static_cast<int>(Shape.Arrays.size() - 1);
}

std::optional<int> ProgramReader::cell(const DeclRefExpr *D) {
  const auto *V = dyn_cast<VarDecl>(D->getDecl());
  if (!V)
    return none("the loop writes something other than a variable or an element");
  if (auto It = Cells.find(V); It != Cells.end())
    return It->second;
  const QualType T = V->getType().getNonReferenceType();
  if (!isFloat(T) || T.isVolatileQualified() || V->getStorageClass() == SC_Register)
    return none("a variable declared outside the loop that the call reads through its address "
                "(the loop writes it, or other names may reach it) is not a float, or volatile "
                "or register");
  std::optional<Span> S = spanOf(D);
  if (!S)
    return std::nullopt;
  LoopElement L;
  L.Where = *S; // the address is &V; the stride, no term, is 0
  Accesses.push_back(std::nullopt);
  Shape.Arrays.push_back(L);
  const int Array = static_cast<int>(Shape.Arrays.size() - 1);
  if (!shared(V))
    PrivateCells.insert(Array);
  return Cells[V] = Array;
}

std::optional<int> ProgramReader::load(const Expr *E) {
  if (E->getType().isVolatileQualified())
    return none("the loop reads a volatile element");
  std::optional<int> Array = element(E);
  return Array ? load(*Array) : std::nullopt;
}
std::optional<int> ProgramReader::load(int Array) {
  if (auto It = Stored.find(Array); It != Stored.end())
    return It->second; // read after the store of the same iteration: the stored value
  // Reading a variable (a cell: no access) cannot fault, whatever the condition.
  if (Accesses[Array] && ArmDepth > 0 && !ReadOutsideArms.count(Array))
    return none("an arm of a conditional expression reads an element the loop does not read "
                "otherwise (a program reads it whatever the condition)");
  if (ArmDepth == 0)
    ReadOutsideArms.insert(Array);
  ProgramOp Op;
  Op.Kind = ProgramOp::Load;
  Op.A = Array;
  return push(Op);
}

bool ProgramReader::spans() {
  std::string W;
  std::optional<LoopSpans> S = loopSpans(For, Counted, Ctx, Ranges, File, W);
  if (!S)
    return fail(W);
  Shape.Spans = *S;
  Shape.CallLine = SM.getLineNumber(File, S->Loop.Begin);
  if (Ranges.containsDirective(FileSpan{File, S->Loop.Begin, S->Loop.End}))
    return fail("a preprocessor directive is inside the loop");
  if (Members.empty())
    return fail("the loop has no float operation");
  return true;
}

} // namespace autoscale::find::programs
