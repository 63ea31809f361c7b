//===- KernelsParser.cpp - the `kernels:` section of a rules file ------------===//
#include "ruleset/Kernels.h"

#include "ruleset/YamlReader.h"

#include <map>

namespace autoscale::rules {
namespace {

constexpr llvm::StringLiteral KernelKeys[] = {"function", "gemms", "m", "n", "k", "a", "b", "c",
                                              "d", "bias", "output", "a_row_sums"};
constexpr llvm::StringLiteral GemmKeys[] = {"m", "n", "k", "a", "b", "c",
                                            "d", "bias", "output", "a_row_sums"};
constexpr llvm::StringLiteral MatrixKeys[] = {"ptr", "row_stride", "col_stride", "ld",
                                              "transposed"};

/// Whether Text is a C expression of names, numbers, members, subscripts and calls, with no
/// assignment, increment or comma: it is pasted into the function, once or more (`m > 0 ? m :
/// 0`), so it must read the same each time. A recursive descent; C's precedence levels do not
/// change which token sequences are well formed, so one level serves every binary operator.
class ExpressionCheck {
public:
  explicit ExpressionCheck(llvm::StringRef Text) : Text(Text) {}

  bool valid() {
    next();
    return conditional() && Token.empty();
  }

private:
  /// Reads the next token into Token (empty at the end). `=`, `++`, `--` and `,` are tokens no
  /// rule of the grammar takes, so any of them ends the check.
  void next() {
    Text = Text.ltrim();
    if (Text.empty()) {
      Token = {};
      return;
    }
    size_t N = 1;
    if (llvm::isAlpha(Text[0]) || Text[0] == '_') {
      while (N < Text.size() && (llvm::isAlnum(Text[N]) || Text[N] == '_'))
        ++N;
    } else if (llvm::isDigit(Text[0]) || (Text[0] == '.' && Text.size() > 1 && llvm::isDigit(Text[1]))) {
      // A number with its fraction, exponent and suffixes (1.5e-3f, 0x1p4, 10u).
      while (N < Text.size() && (llvm::isAlnum(Text[N]) || Text[N] == '.' ||
                                 ((Text[N] == '-' || Text[N] == '+') && llvm::StringRef("eEpP").contains(Text[N - 1]))))
        ++N;
    } else {
      for (llvm::StringRef Two : {"->", "<=", ">=", "==", "!=", "&&", "||", "<<", ">>", "++", "--"})
        if (Text.starts_with(Two))
          N = 2;
    }
    Token = Text.take_front(N);
    Text = Text.drop_front(N);
  }
  bool accept(llvm::StringRef T) {
    if (Token != T)
      return false;
    next();
    return true;
  }

  bool conditional() {
    if (!binary())
      return false;
    if (!accept("?"))
      return true;
    return conditional() && accept(":") && conditional();
  }
  bool binary() {
    static constexpr llvm::StringLiteral Operators[] = {"||", "&&", "|",  "^",  "&",  "==", "!=", "<", ">",
                                                        "<=", ">=", "<<", ">>", "+",  "-",  "*",  "/", "%"};
    if (!unary())
      return false;
    while (llvm::is_contained(Operators, Token)) {
      next();
      if (!unary())
        return false;
    }
    return true;
  }
  bool unary() {
    while (Token == "-" || Token == "+" || Token == "!" || Token == "~" || Token == "&" || Token == "*")
      next();
    return postfix();
  }
  bool postfix() {
    if (accept("(")) {
      if (!conditional() || !accept(")"))
        return false;
    } else if (!Token.empty() && (llvm::isAlnum(Token[0]) || Token[0] == '_' || Token[0] == '.')) {
      next();
    } else {
      return false;
    }
    for (;;) {
      if (accept("[")) {
        if (!conditional() || !accept("]"))
          return false;
      } else if (Token == "." || Token == "->") {
        next();
        if (Token.empty() || !(llvm::isAlpha(Token[0]) || Token[0] == '_'))
          return false;
        next();
      } else if (accept("(")) {
        if (!accept(")") && !(conditional() && accept(")")))
          return false;
      } else {
        return true;
      }
    }
  }

  llvm::StringRef Text, Token;
};

bool expressionLike(llvm::StringRef Text) { return ExpressionCheck(Text).valid(); }

class KernelsReader {
public:
  KernelsReader(YamlReader &R) : R(R) {}

  void read(const Field &F, std::vector<Kernel> &Out) {
    if (!R.expectKind(F.Value, YAML::NodeType::Sequence, "kernels", "a list"))
      return;
    std::map<std::string, unsigned> Seen;
    unsigned Index = 0;
    for (const YAML::Node &Item : F.Value) {
      std::string What = "kernels[" + std::to_string(Index++) + "]";
      std::optional<Fields> Map = R.readMap(Item, What, KernelKeys);
      if (!Map)
        continue;
      Kernel K;
      Position At = positionOf(Item.Mark());
      K.Line = At.Line;
      K.Column = At.Column;
      const Field *Function = Map->get("function");
      if (!Function) {
        R.error(Item, What + " needs a 'function' (the name of the kernel)");
        continue;
      }
      std::optional<std::string> Name = R.readScalar(*Function);
      if (!Name)
        continue;
      if (auto [Prev, Fresh] = Seen.emplace(*Name, positionOf(Function->Value.Mark()).Line); !Fresh)
        R.error(Function->Value, "kernel '" + *Name + "' is declared twice (first at line " +
                                     llvm::Twine(Prev->second) + ")");
      K.Function = *Name;
      if (const Field *List = Map->get("gemms")) {
        bool Direct = llvm::any_of(Map->List, [](const Field &X) {
          return X.Key != "function" && X.Key != "gemms";
        });
        if (Direct)
          R.error(List->KeyNode, What + ": give the product's keys in 'gemms' or beside "
                                        "'function', not both");
        else if (R.expectKind(List->Value, YAML::NodeType::Sequence, What + ".gemms", "a list")) {
          unsigned G = 0;
          for (const YAML::Node &Entry : List->Value) {
            std::string GWhat = What + ".gemms[" + std::to_string(G++) + "]";
            if (std::optional<Fields> GMap = R.readMap(Entry, GWhat, GemmKeys))
              if (std::optional<KernelGemm> One = gemm(*GMap, Entry, GWhat))
                K.Gemms.push_back(*One);
          }
          if (List->Value.size() == 0)
            R.error(List->Value, What + ".gemms is empty");
        }
      } else if (std::optional<KernelGemm> One = gemm(*Map, Item, What)) {
        K.Gemms.push_back(*One);
      }
      if (!K.Gemms.empty())
        Out.push_back(std::move(K));
    }
  }

private:
  std::optional<std::string> expression(const Field &F, llvm::StringRef What) {
    std::optional<std::string> Text = R.readScalar(F);
    if (Text && !expressionLike(*Text)) {
      R.error(F.Value, "'" + *Text + "' for '" + What + "." + F.Key +
                           "' is not an expression of names and numbers (no assignment, ++, -- or "
                           "comma: it is pasted into the function, where it is read more than once)");
      return std::nullopt;
    }
    return Text;
  }

  std::optional<KernelMatrix> matrix(const Field &F, llvm::StringRef What) {
    std::string Where = (What + "." + F.Key).str();
    std::optional<Fields> Map = R.readMap(F.Value, Where, MatrixKeys);
    if (!Map)
      return std::nullopt;
    KernelMatrix M;
    const Field *Ptr = Map->get("ptr");
    if (!Ptr) {
      R.error(F.Value, "'" + Where + "' needs a 'ptr'");
      return std::nullopt;
    }
    std::optional<std::string> P = expression(*Ptr, Where);
    const Field *Rs = Map->get("row_stride"), *Cs = Map->get("col_stride"), *Ld = Map->get("ld");
    const Field *Transposed = Map->get("transposed");
    if (Ld ? (Rs || Cs) : (!Rs || !Cs || Transposed)) {
      R.error(F.Value, "'" + Where + "' needs 'row_stride' and 'col_stride', or 'ld' (and "
                                     "'transposed'), not a mix");
      return std::nullopt;
    }
    if (!P)
      return std::nullopt;
    M.Ptr = *P;
    if (Ld) {
      std::optional<std::string> L = expression(*Ld, Where);
      std::optional<bool> T = Transposed ? R.readBool(*Transposed) : std::optional<bool>(false);
      if (!L || !T)
        return std::nullopt;
      M.RowStride = *T ? "1" : *L;
      M.ColStride = *T ? *L : "1";
      return M;
    }
    std::optional<std::string> RsText = expression(*Rs, Where), CsText = expression(*Cs, Where);
    if (!RsText || !CsText)
      return std::nullopt;
    M.RowStride = *RsText;
    M.ColStride = *CsText;
    return M;
  }

  std::optional<KernelGemm> gemm(const Fields &Map, const YAML::Node &At, llvm::StringRef What) {
    KernelGemm G;
    bool Ok = true;
    for (llvm::StringRef Key : {"m", "n", "k", "a", "b", "c"})
      if (!Map.get(Key)) {
        R.error(At, What + " needs '" + Key + "'");
        Ok = false;
      }
    if (!Ok)
      return std::nullopt;
    std::optional<std::string> M = expression(*Map.get("m"), What),
                               N = expression(*Map.get("n"), What),
                               K = expression(*Map.get("k"), What);
    std::optional<KernelMatrix> A = matrix(*Map.get("a"), What), B = matrix(*Map.get("b"), What),
                                C = matrix(*Map.get("c"), What);
    if (!M || !N || !K || !A || !B || !C)
      return std::nullopt;
    G.M = *M;
    G.N = *N;
    G.K = *K;
    G.A = *A;
    G.B = *B;
    G.C = *C;
    const Field *D = Map.get("d"), *Bias = Map.get("bias"), *Output = Map.get("output");
    if (D && Bias) {
      R.error(Bias->KeyNode, What + ": give 'd' or 'bias', not both");
      return std::nullopt;
    }
    if (Output) {
      std::optional<std::string> Text = R.readScalar(*Output);
      if (!Text)
        return std::nullopt;
      if (*Text != "overwrite" && *Text != "accumulate") {
        R.error(Output->Value, "invalid value '" + *Text +
                                   "' for 'output'; expected one of: overwrite, accumulate");
        return std::nullopt;
      }
      G.Accumulate = *Text == "accumulate";
      if (G.Accumulate && (D || Bias)) {
        R.error(Output->Value, What + ": 'output: accumulate' adds C itself; it takes no '" +
                                   (D ? "d" : "bias") + "'");
        return std::nullopt;
      }
    }
    if (D) {
      if (!(G.D = matrix(*D, What)))
        return std::nullopt;
    } else if (Bias) {
      std::optional<std::string> P = expression(*Bias, What);
      if (!P)
        return std::nullopt;
      G.D = KernelMatrix{*P, "0", "1"}; // a row of n added to every row
    }
    if (const Field *Sums = Map.get("a_row_sums")) {
      std::optional<std::string> P = expression(*Sums, What);
      if (!P)
        return std::nullopt;
      G.ARowSums = *P;
    }
    return G;
  }

  YamlReader &R;
};

} // namespace

void readKernels(YamlReader &R, const Field &F, std::vector<Kernel> &Out) {
  KernelsReader(R).read(F, Out);
}

} // namespace autoscale::rules
