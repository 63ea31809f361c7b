//===- CallSpelling.cpp - runtime calls spelled from shapes and decisions ----===//
#include "emit/CallSpelling.h"

#include "ruleset/Vocabulary.h"

#include "llvm/Support/ErrorHandling.h"

#include <string>

namespace autoscale::emit {
namespace {

using rules::EntryKind;
using rules::EntryType;

/// The runtime call of K computing Op for shape S: the generic template where the operation's
/// type depends on a template parameter, else the call of the type S computes in.
std::string entry(EntryKind K, const RewriteShape &S, std::optional<BaseOp> Op) {
  return rules::entryPoint(K, S.Generic ? EntryType::Generic : entryType(S.Compute), Op).str();
}
std::string stepCall() { return rules::entryPoint(EntryKind::Step, EntryType::None).str() + "()"; }
const char *typeName(FloatKind K) { return K == FloatKind::Float ? "float" : "double"; }

/// Collects the edits of one call.
class CallBuilder {
public:
  CallBuilder(llvm::StringRef Site, llvm::StringRef Text, bool CCasts, CallForm Form)
      : Site(Site.str()), Text(Text), CCasts(CCasts), Form(Form) {}

  /// The scalar call Inline in the builder's form: itself, or its twin.
  std::string spelled(llvm::StringRef Inline) const {
    llvm::StringRef Twin = Form == CallForm::Compact ? rules::compactEntryPoint(Inline) : "";
    return (Twin.empty() ? Inline : Twin).str();
  }

  /// Open + the expression + Close.
  void wrap(Span S, std::string Open, std::string Close, int Layer) {
    unsigned Size = S.End - S.Begin;
    Edits.push_back({S.Begin, 0, std::move(Open), Edit::Open, Size, Layer});
    Edits.push_back({S.End, 0, std::move(Close), Edit::Close, Size, Layer});
  }
  void replace(Span S, std::string With) {
    Edits.push_back({S.Begin, S.End - S.Begin, std::move(With), Edit::Replace, 0, 0});
  }
  /// The call Name(site, ..., Tail) around the whole expression.
  void call(Span Whole, const std::string &Name, const std::string &Tail = "") {
    wrap(Whole, Name + "(" + Site + ", ", Tail + ")", 1);
  }
  /// "a * b" becomes "a, b": the spaces around the operator go too, unless a line break or a
  /// comment would be lost.
  void operatorToComma(Span L, Span Op, Span R) {
    llvm::StringRef Gap = Text.slice(L.End, R.Begin);
    llvm::StringRef Tok = Text.slice(Op.Begin, Op.End);
    if (!Gap.contains('\n') && Gap.trim(" \t") == Tok)
      replace({L.End, R.Begin}, ", ");
    else
      replace(Op, ",");
  }
  /// The opening text of a conversion to K: a C cast where a C unit reads the file, else a
  /// static_cast (warning-free under -Wold-style-cast).
  std::string castTo(FloatKind K) const {
    return CCasts ? std::string("(") + typeName(K) + ")("
                  : std::string("static_cast<") + typeName(K) + ">(";
  }
  /// The usual arithmetic conversion of a value operand, spelled out.
  void convert(const OperandShape &O) {
    if (O.Convert)
      wrap(O.Where, castTo(*O.Type), ")", 0);
  }
  std::string site() const { return Site; }

  std::vector<Edit> Edits;

private:
  std::string Site;
  llvm::StringRef Text;
  bool CCasts;
  CallForm Form;
};

/// ", tensor_a, tensor_b" for a scaled binary operation whose operands name their tensors.
std::string tensorArguments(const RewriteShape &S, const Decision &D) {
  std::string Out;
  for (const std::string &Key : tensorKeys(S, D))
    Out += ", " + Key;
  return Out;
}

void spellBinary(CallBuilder &B, const Operation &Op, const Decision &D) {
  const RewriteShape &S = *Op.Shape;
  const OperandShape &L = S.Operands[0], &R = S.Operands[1];
  bool Compound = S.Kind == Form::CompoundAssign;
  if (S.Generic) {
    B.call(S.Whole, entry(Compound ? EntryKind::Assign : EntryKind::Binary, S, Op.Base));
  } else {
    std::string Tensors = tensorArguments(S, D);
    EntryKind Kind = Compound           ? EntryKind::Assign
                     : Tensors.empty() ? EntryKind::Binary
                                       : EntryKind::BinaryTensors;
    EntryType Type = S.FloatLhsDoubleCompute ? EntryType::FloatInDouble : entryType(S.Compute);
    B.call(S.Whole, B.spelled(rules::entryPoint(Kind, Type, Op.Base)), Tensors);
    if (Compound)
      B.wrap(L.Where, "&(", ")", 0);
    else
      B.convert(L);
    B.convert(R);
  }
  B.operatorToComma(L.Where, S.Operator, R.Where);
}

/// -x and ++x, x++, --x, x--: the operator token goes, the call wraps the whole expression.
void spellUnary(CallBuilder &B, const Operation &Op) {
  const RewriteShape &S = *Op.Shape;
  std::string Open, Close = ")";
  if (Op.Base == BaseOp::Neg) {
    Open = B.spelled(entry(EntryKind::Negate, S, Op.Base)) + "(" + B.site() + ", ";
  } else {
    Open = B.spelled(entry(S.Prefix ? EntryKind::Prefix : EntryKind::Postfix, S, Op.Base)) + "(" +
           B.site() + (S.Generic ? ", " : ", &(");
    if (!S.Generic)
      Close = "))";
  }
  unsigned Size = S.Whole.End - S.Whole.Begin;
  B.Edits.push_back({S.Whole.Begin, 0, Open, Edit::Open, Size, 1});
  if (Op.Base == BaseOp::Neg || S.Prefix) {
    B.replace(S.Operator, "");
    B.Edits.push_back({S.Whole.End, 0, Close, Edit::Close, Size, 1});
  } else {
    B.replace(S.Operator, Close);
  }
}

/// f(x, y) -> result(site, f(operand(site, 0, x), operand(site, 1, y))).
void spellMathCall(CallBuilder &B, const RewriteShape &S) {
  B.call(S.Whole, B.spelled(entry(EntryKind::Result, S, BaseOp::Call)));
  for (const OperandShape &O : S.Operands) {
    std::string Operand =
        rules::entryPoint(EntryKind::Operand, O.Type ? entryType(*O.Type) : EntryType::Generic,
                          BaseOp::Call)
            .str() +
        "(";
    std::string Conv = O.Convert ? B.castTo(*O.Type) : "";
    B.wrap(O.Where, Operand + B.site() + ", " + std::to_string(O.Slot) + ", " + Conv,
           O.Convert ? "))" : ")", 0);
  }
}

} // namespace

rules::EntryType entryType(FloatKind K) {
  return K == FloatKind::Float ? rules::EntryType::Float : rules::EntryType::Double;
}

std::vector<std::string> tensorKeys(const RewriteShape &S, const Decision &D) {
  if (D.Treatment.Action != rules::Action::Scale || S.Generic || S.Kind != Form::Binary)
    return {};
  if (S.Operands[0].Tensor.empty() && S.Operands[1].Tensor.empty())
    return {};
  std::vector<std::string> Out;
  for (const OperandShape &O : S.Operands)
    Out.push_back(O.Tensor.empty() ? std::string("AUTOSCALE_NULL") : O.Tensor);
  return Out;
}

CallForm callForm(const Operation &Op, unsigned OperationsInItsLoop) {
  if (Op.Cuda || (Op.Loop && OperationsInItsLoop <= MaxInlineLoopOperations))
    return CallForm::Inline;
  return CallForm::Compact;
}

std::vector<Edit> callEdits(const Operation &Op, const Decision &D, CallForm Form,
                            llvm::StringRef Site, llvm::StringRef Text) {
  CallBuilder B(Site, Text, Op.SeenByC, Form);
  switch (Op.Shape->Kind) {
  case Form::Binary:
  case Form::CompoundAssign:
    spellBinary(B, Op, D);
    break;
  case Form::Negate:
  case Form::IncDec:
    spellUnary(B, Op);
    break;
  case Form::MathCall:
    spellMathCall(B, *Op.Shape);
    break;
  case Form::Matmul:
    llvm_unreachable("a matmul site is spelled by its substitution");
  }
  return std::move(B.Edits);
}

std::vector<Edit> stepEdits(const StepPoint &P) {
  if (P.Begins) {
    const std::string Begin = rules::entryPoint(EntryKind::BeginSteps, EntryType::None).str() + "()";
    // Before the step loop (in braces: it may be an if's body) or its function's first
    // statement; before any autoscale_step() at the same place (an empty step function's).
    if (P.Where == StepPoint::AfterBrace)
      return {{P.Begin, 0, " " + Begin + ";", Edit::Open, Outermost, -1}};
    return {{P.Begin, 0, P.AfterCodeLine ? " { " + Begin + ";" : "{ " + Begin + "; ",
             Edit::Open, Outermost, -1},
            {P.End, 0, " }", Edit::Close, Outermost, -1}};
  }
  switch (P.Where) {
  case StepPoint::ReturnValue: {
    // `return e;` -> `{ T autoscale_ret_ = (e); autoscale_step(); return autoscale_ret_; }`;
    // the braces keep `if (c) return e;` one statement.
    std::string Open = P.VoidValue ? "{ (" : "{ " + P.ReturnDecl + (P.BracedValue ? " = " : " = (");
    std::vector<Edit> E = {{P.Begin, P.Value.Begin - P.Begin, Open, Edit::Replace, Outermost, 0},
                           {P.End, 0,
                            " " + stepCall() +
                                (P.VoidValue ? "; return; }" : "; return autoscale_ret_; }"),
                            Edit::Open, Outermost, 0}};
    if (!P.BracedValue)
      E.push_back({P.Value.End, 0, ")", Edit::Close, Outermost, 0});
    return E;
  }
  case StepPoint::BeforeStatement:
    return {{P.Begin, 0, "{ " + stepCall() + "; ", Edit::Open, Outermost, 0},
            {P.End, 0, " }", Edit::Close, Outermost, 0}};
  case StepPoint::BeforeBrace:
    return {{P.Begin, 0, stepCall() + "; ", Edit::Open, Outermost, 0}};
  case StepPoint::BeforeExpression:
    return {{P.Begin, 0, P.HasExpression ? stepCall() + ", " : stepCall(), Edit::Open,
             Outermost, 0}};
  case StepPoint::AfterBrace:
    break; // only where steps begin
  }
  return {};
}

} // namespace autoscale::emit
