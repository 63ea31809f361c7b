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

/// Whether Text can be a C expression of names and numbers (it is pasted into the function).
bool expressionLike(llvm::StringRef Text) {
  if (Text.trim().empty())
    return false;
  int Depth = 0;
  for (char C : Text) {
    Depth += C == '(' ? 1 : C == ')' ? -1 : 0;
    if (Depth < 0 || !(llvm::isAlnum(C) || llvm::StringRef("_ +-*/%()[].>&!=<?:").contains(C)))
      return false;
  }
  return Depth == 0;
}

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
                           "' is not an expression of names and numbers");
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
