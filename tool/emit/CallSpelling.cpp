//===- CallSpelling.cpp - runtime calls spelled from shapes and decisions ----===//
#include "emit/CallSpelling.h"

#include <string>

namespace autoscale::emit {
namespace {

const char *suffix(FloatKind K) { return K == FloatKind::Float ? "f" : "d"; }
const char *typeName(FloatKind K) { return K == FloatKind::Float ? "float" : "double"; }


/// Collects the edits of one call.
class CallBuilder {
public:
  CallBuilder(llvm::StringRef Site, llvm::StringRef Text) : Site(Site.str()), Text(Text) {}

  /// Open + the expression + Close.
  void wrap(Span S, std::string Open, std::string Close, int Layer) {
    unsigned Size = S.End - S.Begin;
    Edits.push_back({S.Begin, 0, std::move(Open), Edit::Open, Size, Layer});
    Edits.push_back({S.End, 0, std::move(Close), Edit::Close, Size, Layer});
  }
  void replace(Span S, std::string With) {
    Edits.push_back({S.Begin, S.End - S.Begin, std::move(With), Edit::Replace, 0, 0});
  }
  /// The call Name(site, ...) around the whole expression.
  void call(Span Whole, const std::string &Name) { wrap(Whole, Name + "(" + Site + ", ", ")", 1); }
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
  /// The usual arithmetic conversion of a value operand, spelled out.
  void convert(const OperandShape &O) {
    if (O.Convert)
      wrap(O.Where, std::string("(") + typeName(*O.Type) + ")(", ")", 0);
  }
  std::string site() const { return Site; }

  std::vector<Edit> Edits;

private:
  std::string Site;
  llvm::StringRef Text;
};

void spellBinary(CallBuilder &B, BaseOp Base, const RewriteShape &S) {
  const OperandShape &L = S.Operands[0], &R = S.Operands[1];
  bool Compound = S.Kind == Form::CompoundAssign;
  std::string Name = rules::name(Base).str();
  if (Compound)
    Name += "_assign";
  if (S.Generic) {
    B.call(S.Whole, "::autoscale::" + Name);
  } else {
    B.call(S.Whole, "autoscale_" + Name + "_" +
                        (S.FloatLhsDoubleCompute ? "fd" : suffix(S.Compute)));
    if (Compound)
      B.wrap(L.Where, "&(", ")", 0);
    else
      B.convert(L);
    B.convert(R);
  }
  B.operatorToComma(L.Where, S.Operator, R.Where);
}

/// -x and ++x, x++, --x, x--: the operator token goes, the call wraps the whole expression.
void spellUnary(CallBuilder &B, BaseOp Base, const RewriteShape &S) {
  std::string Open, Close = ")";
  if (Base == BaseOp::Neg) {
    Open = S.Generic ? "::autoscale::neg(" : std::string("autoscale_neg_") + suffix(S.Compute) + "(";
    Open += B.site() + ", ";
  } else {
    std::string Name = std::string(S.Prefix ? "pre" : "post") + rules::name(Base).str();
    Open = S.Generic ? "::autoscale::" + Name + "(" + B.site() + ", "
                     : "autoscale_" + Name + "_" + suffix(S.Compute) + "(" + B.site() + ", &(";
    if (!S.Generic)
      Close = "))";
  }
  unsigned Size = S.Whole.End - S.Whole.Begin;
  B.Edits.push_back({S.Whole.Begin, 0, Open, Edit::Open, Size, 1});
  if (Base == BaseOp::Neg || S.Prefix) {
    B.replace(S.Operator, "");
    B.Edits.push_back({S.Whole.End, 0, Close, Edit::Close, Size, 1});
  } else {
    B.replace(S.Operator, Close);
  }
}

/// f(x, y) -> result(site, f(operand(site, 0, x), operand(site, 1, y))).
void spellMathCall(CallBuilder &B, const RewriteShape &S) {
  B.call(S.Whole, S.Generic ? std::string("::autoscale::result")
                            : std::string("autoscale_result_") + suffix(S.Compute));
  for (const OperandShape &O : S.Operands) {
    std::string Operand = O.Type ? std::string("autoscale_operand_") + suffix(*O.Type) + "("
                                 : std::string("::autoscale::operand(");
    std::string Conv = O.Convert ? std::string("(") + typeName(*O.Type) + ")(" : "";
    B.wrap(O.Where, Operand + B.site() + ", " + std::to_string(O.Slot) + ", " + Conv,
           O.Convert ? "))" : ")", 0);
  }
}

} // namespace

std::vector<Edit> callEdits(BaseOp Base, const RewriteShape &S, llvm::StringRef Site,
                            llvm::StringRef Text) {
  CallBuilder B(Site, Text);
  switch (S.Kind) {
  case Form::Binary:
  case Form::CompoundAssign:
    spellBinary(B, Base, S);
    break;
  case Form::Negate:
  case Form::IncDec:
    spellUnary(B, Base, S);
    break;
  case Form::MathCall:
    spellMathCall(B, S);
    break;
  }
  return std::move(B.Edits);
}

std::vector<Edit> stepEdits(const StepPoint &P) {
  switch (P.Where) {
  case StepPoint::ReturnValue: {
    // `return e;` -> `{ T autoscale_ret_ = (e); autoscale_step(); return autoscale_ret_; }`;
    // the braces keep `if (c) return e;` one statement.
    std::string Open = P.VoidValue ? "{ (" : "{ " + P.ReturnDecl + (P.BracedValue ? " = " : " = (");
    std::vector<Edit> E = {{P.Begin, P.Value.Begin - P.Begin, Open, Edit::Replace, Outermost, 0},
                           {P.End, 0,
                            P.VoidValue ? " autoscale_step(); return; }"
                                        : " autoscale_step(); return autoscale_ret_; }",
                            Edit::Open, Outermost, 0}};
    if (!P.BracedValue)
      E.push_back({P.Value.End, 0, ")", Edit::Close, Outermost, 0});
    return E;
  }
  case StepPoint::BeforeStatement:
    return {{P.Begin, 0, "{ autoscale_step(); ", Edit::Open, Outermost, 0},
            {P.End, 0, " }", Edit::Close, Outermost, 0}};
  case StepPoint::BeforeBrace:
    return {{P.Begin, 0, "autoscale_step(); ", Edit::Open, Outermost, 0}};
  case StepPoint::BeforeExpression:
    return {{P.Begin, 0, P.HasExpression ? "autoscale_step(), " : "autoscale_step()", Edit::Open,
             Outermost, 0}};
  }
  return {};
}

} // namespace autoscale::emit
