// Unit tests of find/: an AST built in memory from a string, and the operations, shapes, edges
// and step points the finder records for it.
#include "find/Finder.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

namespace autoscale {
namespace {

constexpr const char *Rules = R"(version: 1
step: {function: train_step}
)";

/// What the finder records for Code, parsed as /src/input.c (or .cpp) with Args.
FoundUnit find(llvm::StringRef Code, std::vector<std::string> Args = {"-xc", "-std=c99"},
               llvm::StringRef Name = "/src/input.c") {
  llvm::Expected<rules::RuleSet> R = rules::parseRuleSet(Rules, "t.yaml", {});
  EXPECT_TRUE(static_cast<bool>(R));
  Args.push_back("-w");
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(Code, Args, Name);
  EXPECT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  find::FindOptions Opts;
  Opts.Root = "/src";
  return find::findOperations(AST->getASTContext(), AST->getPreprocessor(), *R, Opts);
}

const Operation &at(const FoundUnit &U, unsigned Line, unsigned Column) {
  for (const Operation &Op : U.Ops)
    if (Op.Line == Line && Op.Column == Column)
      return Op;
  ADD_FAILURE() << "no operation at " << Line << ":" << Column;
  static Operation None;
  return None;
}

TEST(Find, BinaryOperationRecordsItsShapeNotText) {
  FoundUnit U = find("float f(float a, double d) { return a * d; }");
  ASSERT_EQ(U.Ops.size(), 1u);
  const Operation &Op = U.Ops[0];
  EXPECT_EQ(Op.OpName, "mul");
  EXPECT_EQ(Op.Base, BaseOp::Mul);
  EXPECT_EQ(Op.Type, "double");
  EXPECT_EQ(Op.Function, "f");
  EXPECT_EQ(Op.Key.File, "/src/input.c");
  EXPECT_EQ(Op.File, "input.c");
  ASSERT_TRUE(Op.Shape);
  const RewriteShape &S = *Op.Shape;
  EXPECT_EQ(S.Kind, Form::Binary);
  EXPECT_EQ(S.Compute, FloatKind::Double);
  EXPECT_EQ(S.Whole, (Span{36, 41}));
  EXPECT_EQ(S.Operator, (Span{38, 39}));
  ASSERT_EQ(S.Operands.size(), 2u);
  // The float operand is converted to the computation type explicitly; the double is not.
  EXPECT_TRUE(S.Operands[0].Convert);
  EXPECT_FALSE(S.Operands[1].Convert);
  EXPECT_EQ(S.Operands[1].Where, (Span{40, 41}));
}

TEST(Find, DotProductInALoopIsADotMulAndAnAccumulate) {
  FoundUnit U = find("float dot(const float *a, const float *b, int n) {\n"
                     "  float acc = 0;\n"
                     "  for (int i = 0; i < n; i++)\n"
                     "    acc += a[i] * b[i];\n"
                     "  return acc;\n"
                     "}\n");
  EXPECT_EQ(at(U, 4, 9).OpName, "accumulate");
  EXPECT_EQ(at(U, 4, 9).Shape->Kind, Form::CompoundAssign);
  EXPECT_EQ(at(U, 4, 17).OpName, "dot_mul");
  EXPECT_EQ(at(U, 4, 9).Variable, "acc");
}

TEST(Find, IntegerArithmeticIsNoOperationButIsNoted) {
  FoundUnit U = find("int f(int a, int b) { return a * b + 1; }");
  EXPECT_TRUE(U.Ops.empty());
  EXPECT_EQ(U.OtherArithmetic["/src/input.c"], (std::set<unsigned>{31, 35}));
}

TEST(Find, UnevaluatedOperandsAreSkippedWithTheReason) {
  FoundUnit U = find("unsigned long f(float a) { return sizeof(a * 2.0f); }");
  ASSERT_EQ(U.Ops.size(), 1u);
  EXPECT_EQ(U.Ops[0].SkipReason, "unevaluated operand (sizeof)");
  EXPECT_FALSE(U.Ops[0].Shape);
}

TEST(Find, AllConstantOperationsAreLeftToTheCompiler) {
  FoundUnit U = find("double cbrt(double);\n"
                     "float f(float x) { const float k = 0.5f; return x * (1.0f / 3.0f) + k * 2.0f\n"
                     "  + (float)cbrt(2.0) + -(k * 4.0f); }\n");
  const char *Constant = "constant operands (evaluated at compile time)";
  EXPECT_EQ(at(U, 2, 59).SkipReason, Constant); // 1.0f / 3.0f
  EXPECT_EQ(at(U, 2, 71).SkipReason, Constant); // k * 2.0f: k's value is known
  EXPECT_EQ(at(U, 3, 12).SkipReason, Constant); // cbrt(2.0)
  EXPECT_EQ(at(U, 3, 24).SkipReason, Constant); // -(k * 4.0f)
  EXPECT_TRUE(at(U, 2, 51).Shape);              // x * (...): x varies
  EXPECT_FALSE(at(U, 2, 59).Shape);
}

TEST(Find, ConstantsOfTemplateParametersAreConstant) {
  FoundUnit U = find("template <int N, class T> T f(T x) { return x * T(N * 2.0) + N * 0.5; }",
                     {"-xc++", "-std=c++17"}, "/src/input.cpp");
  EXPECT_TRUE(at(U, 1, 47).Shape);                                                 // x * T(...)
  EXPECT_EQ(at(U, 1, 53).SkipReason, "constant operands (evaluated at compile time)"); // N * 2.0
  EXPECT_EQ(at(U, 1, 64).SkipReason, "constant operands (evaluated at compile time)"); // N * 0.5
}

TEST(Find, MathCallsNumberTheirFloatArguments) {
  FoundUnit U = find("float powf(float, float); float ldexpf(float, int);\n"
                     "float f(float x, double y, int n) { return powf(x, y) + ldexpf(x, n); }\n");
  const Operation &Pow = at(U, 2, 44);
  EXPECT_EQ(Pow.OpName, "powf");
  EXPECT_EQ(Pow.Callee, "powf");
  ASSERT_TRUE(Pow.Shape);
  EXPECT_EQ(Pow.Shape->Kind, Form::MathCall);
  ASSERT_EQ(Pow.Shape->Operands.size(), 2u);
  EXPECT_EQ(Pow.Shape->Operands[1].Slot, 1u);
  EXPECT_TRUE(Pow.Shape->Operands[1].Convert); // the double argument becomes float explicitly
  // ldexpf is in no class of the rules: not an operation.
  EXPECT_EQ(U.Ops.size(), 2u);
}

TEST(Find, ResultsFlowThroughLocalsToTheOperationsThatReadThem) {
  FoundUnit U = find("float f(float a, float b, float c) {\n"
                     "  float t = a * b;\n"
                     "  return (double)t + c;\n"
                     "}\n");
  const Operation &Mul = at(U, 2, 15), &Add = at(U, 3, 20);
  ASSERT_EQ(U.Edges.size(), 1u);
  EXPECT_EQ(U.Edges.begin()->From, Mul.Key);
  EXPECT_EQ(U.Edges.begin()->To, Add.Key);
  EXPECT_EQ(U.Edges.begin()->Slot, 0u);
}

TEST(Find, EveryValueOfALocalReachesItsReads) {
  // Flow-insensitive: both the product and the quotient may be what t holds at the add.
  FoundUnit U = find("float f(float a, float b, int c) {\n"
                     "  float t = a * b;\n"
                     "  if (c) t = a / b;\n"
                     "  return t + b;\n"
                     "}\n");
  const Operation &Add = at(U, 4, 12);
  std::set<OpKey> Into;
  for (const DataflowEdge &E : U.Edges)
    if (E.To == Add.Key)
      Into.insert(E.From);
  EXPECT_EQ(Into, (std::set<OpKey>{at(U, 2, 15).Key, at(U, 3, 16).Key}));
}

TEST(Find, AnElementStoredInALoopReachesItsReadsInTheSameIteration) {
  FoundUnit U = find("void f(float *out, const float *a, float c, int n) {\n"
                     "  for (int i = 0; i < n; i++) {\n"
                     "    out[i] = a[i] * c;\n"
                     "    out[i] = out[i] + c;\n"
                     "  }\n"
                     "}\n");
  ASSERT_EQ(U.Edges.size(), 1u);
  EXPECT_EQ(U.Edges.begin()->From, at(U, 3, 19).Key);
  EXPECT_EQ(U.Edges.begin()->To, at(U, 4, 21).Key);
}

TEST(Find, TemplateOperationsAreGeneric) {
  FoundUnit U = find("template <class T> T sq(T x) { return x * x; }", {"-xc++", "-std=c++17"},
                     "/src/input.cpp");
  ASSERT_EQ(U.Ops.size(), 1u);
  EXPECT_EQ(U.Ops[0].Type, "dependent");
  ASSERT_TRUE(U.Ops[0].Shape);
  EXPECT_TRUE(U.Ops[0].Shape->Generic);
}

TEST(Find, DeclaredStepFunctionsEndAStepAtEveryReturnAndBeginTheStepsOnEntry) {
  std::string Code = "float train_step(float x) {\n"
                     "  if (x > 0) return x;\n"
                     "  return -x;\n"
                     "}\n"
                     "void train_step2(void) {}\n";
  FoundUnit U = find(Code);
  const std::set<StepPoint> &P = U.StepPoints["/src/input.c"];
  ASSERT_EQ(P.size(), 3u);
  unsigned Begins = 0;
  for (const StepPoint &S : P) {
    if (S.Begins) {
      ++Begins;
      EXPECT_EQ(S.Where, StepPoint::AfterBrace);
      EXPECT_EQ(Code.substr(0, S.Begin), "float train_step(float x) {");
      continue;
    }
    EXPECT_EQ(S.Where, StepPoint::ReturnValue);
    EXPECT_EQ(S.ReturnDecl, "float autoscale_ret_");
    EXPECT_EQ(Code.substr(S.Begin, S.End - S.Begin).back(), ';');
  }
  EXPECT_EQ(Begins, 1u);
}

} // namespace
} // namespace autoscale

namespace autoscale {
namespace {

/// The rules' op name of the operation at Line:Column.
std::string roleAt(const FoundUnit &U, unsigned Line, unsigned Column) {
  return at(U, Line, Column).OpName;
}

TEST(Reductions, MatrixProductInAxpyOrderReducesOverTheOuterLoop) {
  FoundUnit U = find("void mb(float *dinp, const float *w, const float *dout, int C, int OC) {\n"
                     "  for (int o = 0; o < OC; o++) {\n"
                     "    const float *wrow = w + o * C;\n"
                     "    float d = dout[o];\n"
                     "    for (int i = 0; i < C; i++)\n"
                     "      dinp[i] += wrow[i] * d;\n"
                     "  }\n"
                     "}\n");
  EXPECT_EQ(roleAt(U, 6, 15), "accumulate");
  EXPECT_EQ(roleAt(U, 6, 26), "dot_mul");
}

TEST(Reductions, OuterProductOverTheBatchLoopsAndItsBiasSum) {
  FoundUnit U = find("void dw(float *dw, float *db, const float *x, const float *dout, int BT,\n"
                     "        int C, int OC) {\n"
                     "  for (int o = 0; o < OC; o++)\n"
                     "    for (int bt = 0; bt < BT; bt++) {\n"
                     "      float d = dout[bt * OC + o];\n"
                     "      db[o] += d;\n"
                     "      for (int i = 0; i < C; i++)\n"
                     "        dw[o * C + i] += x[bt * C + i] * d;\n"
                     "    }\n"
                     "}\n");
  EXPECT_EQ(roleAt(U, 6, 13), "accumulate");
  EXPECT_EQ(roleAt(U, 8, 23), "accumulate");
  EXPECT_EQ(roleAt(U, 8, 40), "dot_mul");
}

TEST(Reductions, HandUnrolledLocalAccumulatorsReduceOverTheLoopAroundThem) {
  FoundUnit U = find("void mf(float *out, const float *in, const float *w, int C, int OC) {\n"
                     "  for (int o = 0; o < OC; o++) {\n"
                     "    float result[8];\n"
                     "    for (int u = 0; u < 8; u++) result[u] = 0.0f;\n"
                     "    for (int i = 0; i < C; i++) {\n"
                     "      float wi = w[i + o * C];\n"
                     "      for (int u = 0; u < 8; u++)\n"
                     "        result[u] += in[u * C + i] * wi;\n"
                     "    }\n"
                     "    for (int u = 0; u < 8; u++) out[u * OC + o] = result[u];\n"
                     "  }\n"
                     "}\n");
  EXPECT_EQ(roleAt(U, 8, 19), "accumulate");
  EXPECT_EQ(roleAt(U, 8, 36), "dot_mul");
}

TEST(Reductions, ScatterAddsNormsAndScaledProducts) {
  FoundUnit U = find("void f(float *dwte, float *v, float *dq, const float *k, const float *dp,\n"
                     "       const float *dout, const int *inp, float scale, int T, int C) {\n"
                     "  for (int t = 0; t < T; t++) {\n"
                     "    int ix = inp[t];\n"
                     "    for (int i = 0; i < C; i++) {\n"
                     "      dwte[ix * C + i] += dout[t * C + i];\n"
                     "      v[0] += dout[i] * dout[i];\n"
                     "      dq[i] += k[t * C + i] * dp[t] * scale;\n"
                     "    }\n"
                     "  }\n"
                     "}\n");
  EXPECT_EQ(roleAt(U, 6, 24), "accumulate");    // the target depends on data: a scatter
  EXPECT_EQ(roleAt(U, 7, 23), "square_sum");    // the same read twice: a norm
  EXPECT_EQ(roleAt(U, 8, 29), "dot_mul");       // the two varying reads, not the scale
  EXPECT_EQ(roleAt(U, 8, 37), "mul");
}

// A row of an array of arrays chosen by data (k-means' centroid sums), directly or through a
// local holding the label, scatters as a flattened index does.
TEST(Reductions, ScatterAddsIntoRowsOfArrays) {
  FoundUnit U = find("void f(float (*x)[64], const int *lab, double (*c)[64], int n, int d) {\n"
                     "  double s[4][64] = {{0}};\n"
                     "  for (int i = 0; i < n; i++)\n"
                     "    for (int k = 0; k < d; k++) {\n"
                     "      s[lab[i]][k] += x[i][k];\n"
                     "      int l = lab[i];\n"
                     "      c[l][k] += x[i][k];\n"
                     "    }\n"
                     "}\n");
  EXPECT_EQ(roleAt(U, 5, 20), "accumulate");
  EXPECT_EQ(roleAt(U, 7, 15), "accumulate");
}

TEST(Reductions, ElementwiseGradientsAndOptimizerStateAreUpdates) {
  FoundUnit U = find("void g(float *dinp, const float *dout, float *m, float *v, float *p,\n"
                     "       const float *grad, float lr, int n) {\n"
                     "  for (int i = 0; i < n; i++) {\n"
                     "    dinp[i] += 0.5f * dout[i];\n"
                     "    float vi = 0.999f * v[i] + 0.001f * grad[i] * grad[i];\n"
                     "    v[i] = vi;\n"
                     "    m[i] = 0.9f * m[i] + 0.1f * grad[i];\n"
                     "    p[i] -= lr * m[i];\n"
                     "    float local = 0.0f;\n"
                     "    local += dout[i] * grad[i];\n"
                     "  }\n"
                     "}\n");
  EXPECT_EQ(roleAt(U, 4, 13), "update");
  EXPECT_EQ(roleAt(U, 4, 21), "update");
  EXPECT_EQ(roleAt(U, 5, 49), "update"); // grad*grad in the local that reads v's old value
  EXPECT_EQ(roleAt(U, 7, 24), "update");
  EXPECT_EQ(roleAt(U, 8, 10), "update");
  // A fresh local per iteration is neither a reduction nor state.
  EXPECT_EQ(roleAt(U, 10, 11), "add");
  EXPECT_EQ(roleAt(U, 10, 22), "mul");
}

TEST(Reductions, OperandsNameTheTensorTheyRead) {
  FoundUnit U = find("void mb(float *dinp, const float *w, const float *dout, int C, int OC) {\n"
                     "  for (int o = 0; o < OC; o++) {\n"
                     "    const float *wrow = w + o * C;\n"
                     "    float d = dout[o];\n"
                     "    for (int i = 0; i < C; i++)\n"
                     "      dinp[i] += wrow[i] * d;\n"
                     "  }\n"
                     "}\n");
  const Operation &Mul = at(U, 6, 26);
  ASSERT_TRUE(Mul.Shape);
  EXPECT_EQ(Mul.Shape->Operands[0].Tensor, "w");
  EXPECT_EQ(Mul.Shape->Operands[1].Tensor, "dout");
}

} // namespace
} // namespace autoscale
