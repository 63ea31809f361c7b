// Unit tests of substitutions/: which operations each kind computes, on operations and shapes
// built by hand, the list of kinds every later stage goes through, and what the walk of find/
// records through the kinds' recognisers.
#include "substitutions/Substitution.h"

#include "find/Finder.h"

#include "substitutions/loop_program/LoopProgramShape.h"
#include "substitutions/matmul/GemmShape.h"
#include "substitutions/vector_loop/VectorLoopShape.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <set>

namespace autoscale {
namespace {

Operation op(unsigned Offset, std::string Name, Form Kind = Form::Binary) {
  Operation Op;
  Op.Key = {"/src/a.c", Offset, "*"};
  Op.OpName = std::move(Name);
  Op.File = "a.c";
  Op.Line = Offset;
  Op.Column = 1;
  Op.Function = "f";
  Op.Shape.emplace();
  Op.Shape->Kind = Kind;
  return Op;
}

rules::RuleSet rules() {
  llvm::Expected<rules::RuleSet> R = rules::parseRuleSet(R"(version: 1
treatment:
  allow: {action: scale, format: e4m3}
  infer: {action: cast, format: fp16}
  deny: {action: keep}
  clear: {action: cast, format: fp32}
)",
                                                         "t.yaml", substitutionKindKeys());
  EXPECT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  return std::move(*R);
}

std::vector<Decision> decideAll(const std::vector<Operation> &Ops) {
  std::vector<Decision> D = decide(Ops, {}, rules());
  assignSubstitutions(Ops, D);
  return D;
}

TEST(Substitutions, EveryKindIsListedOnceInTheOrderTheyChoose) {
  std::vector<Substitution> Ids;
  std::set<std::string> Names;
  for (const SubstitutionKind *K : substitutionKinds()) {
    Ids.push_back(K->name());
    Names.insert(K->name().str());
    EXPECT_EQ(&substitutionKind(K->name()), K);
  }
  EXPECT_EQ(Ids, (std::vector<Substitution>{MatmulKindName, VectorLoopKindName,
                                            LoopProgramKindName}));
  EXPECT_EQ(Names.size(), Ids.size());
}

// The keys by which the rules turn kinds off, as the ruleset's tests and rules/README.md name
// them: the matmul kind has none.
TEST(Substitutions, EachKindThatTheRulesTurnOffDeclaresItsKey) {
  EXPECT_EQ(substitutionKindKeys(), (std::vector<llvm::StringRef>{"vector_loops", "loop_programs"}));
  EXPECT_EQ(substitutionKind(VectorLoopKindName).rulesKey(), "vector_loops");
  EXPECT_EQ(substitutionKind(LoopProgramKindName).rulesKey(), "loop_programs");
  EXPECT_TRUE(substitutionKind(MatmulKindName).rulesKey().empty());
}

TEST(Substitutions, AMatmulSiteComputesTheOperationsOfTheCodeItReplaces) {
  std::vector<Operation> Ops = {op(10, "matmul", Form::Matmul), op(20, "dot_mul"),
                                op(60, "dot_mul")};
  auto G = std::make_shared<GemmShape>();
  G->Covers = {{15, 50}};
  Ops[0].Base = BaseOp::Matmul;
  Ops[0].Shape->Substitutions[MatmulKindName.str()] = G;
  std::vector<Decision> D = decideAll(Ops);
  EXPECT_TRUE(D[0].runsIn(MatmulKindName));
  EXPECT_TRUE(D[0].rewrites());
  EXPECT_EQ(D[0].Treatment.Rounding, rules::Rounding::Inputs);
  EXPECT_TRUE(D[1].runsIn(MatmulKindName));
  EXPECT_EQ(D[1].ComputedAt, "a.c:10:1");
  EXPECT_FALSE(D[1].rewrites());
  EXPECT_FALSE(D[2].RunsIn); // outside the spans it replaces
  EXPECT_TRUE(D[2].rewrites());

  llvm::json::Object Entry;
  substitutionKind(MatmulKindName).describe(Ops[0], D[0], Entry);
  EXPECT_EQ(Entry.getString("gemm"), "loops");
}

TEST(Substitutions, AVectorLoopRunsOnlyWhileItsSumIsKept) {
  std::vector<Operation> Ops = {op(10, "dot_mul"), op(12, "accumulate")};
  auto L = std::make_shared<VectorLoopShape>();
  L->Accumulate = Ops[1].Key;
  Ops[0].Shape->Substitutions[VectorLoopKindName.str()] = L;
  std::vector<Decision> D = decideAll(Ops); // an accumulate is deny: kept
  EXPECT_TRUE(D[0].runsIn(VectorLoopKindName));

  // The same sum rewritten on its own (infer: cast to fp16) is a site the kernel cannot be.
  Ops[1].OpName = "add";
  D = decideAll(Ops);
  EXPECT_FALSE(D[0].RunsIn);
  EXPECT_EQ(D[0].WhyNot.at(VectorLoopKindName), "the sum is a site of its own");
  llvm::json::Object Entry;
  substitutionKind(VectorLoopKindName).describe(Ops[0], D[0], Entry);
  EXPECT_EQ(Entry.getString("loop"), "one call per product: the sum is a site of its own");
}

// Two products of one loop body: the first splits away (its call after the loops), the second's
// call guards the loops left, relying on the first's edits. The rules keeping the first keep the
// second (not the other way round), and the safety net leaves the second with the first; a
// vector loop's operations leave by the line of its call, all of them.
TEST(Substitutions, AGuardedNestGoesWhereTheProductsSplitFromItsLoopsGo) {
  std::vector<Operation> Ops = {op(10, "matmul", Form::Matmul), op(10, "outer_product", Form::Matmul),
                                op(30, "dot_mul"), op(40, "dot_mul")};
  Ops[1].Key.Spelling = "matmul#2";
  auto Split = std::make_shared<GemmShape>(), Guard = std::make_shared<GemmShape>();
  Split->Covers = {{28, 32}};
  Split->SharedNest = 5;
  Guard->Covers = {{5, 28}, {32, 50}};
  Guard->SharedNest = 5;
  Guard->GuardsLoopsLeft = true;
  for (size_t I : {0, 1}) {
    Ops[I].Base = BaseOp::Matmul;
    Ops[I].Shape->Substitutions[MatmulKindName.str()] = I == 0 ? Split : Guard;
  }
  std::vector<Decision> D = decideAll(Ops); // matmul allow, outer_product deny: kept
  EXPECT_TRUE(D[0].rewrites());
  EXPECT_FALSE(D[1].rewrites());
  EXPECT_EQ(D[2].ComputedAt, "a.c:10:1");
  EXPECT_FALSE(D[3].RunsIn); // the guard kept: its operations are decided one by one

  Ops[0].OpName = "outer_product"; // the split kept by the rules (deny), the guard allowed
  Ops[1].OpName = "matmul";
  D = decideAll(Ops);
  EXPECT_FALSE(D[0].rewrites());
  EXPECT_FALSE(D[1].rewrites()) << "the guard relies on the split's edits";

  Ops[0].OpName = "matmul";
  D = decideAll(Ops);
  ASSERT_TRUE(D[0].rewrites() && D[1].rewrites());
  std::vector<bool> Leaving = leavingWith(Ops, D, "/src/a.c", 10);
  EXPECT_TRUE(Leaving[0] && Leaving[1]);
  Ops[0].Line = 33; // the split's call is spelled after the loops
  Leaving = leavingWith(Ops, D, "/src/a.c", 33);
  EXPECT_TRUE(Leaving[0]);
  EXPECT_TRUE(Leaving[1]) << "the guard leaves with the split";
  EXPECT_FALSE(Leaving[2] || Leaving[3]);
  Ops[0].Line = 10;
  Ops[1].Line = 11;
  Leaving = leavingWith(Ops, D, "/src/a.c", 11);
  EXPECT_FALSE(Leaving[0]) << "the split does not rely on the guard";
  EXPECT_TRUE(Leaving[1]);
}

/// What the walk of find/ records for Code (C99) when handed the recognisers Kinds.
FoundUnit findWith(llvm::StringRef Code, std::vector<const find::Recogniser *> Kinds) {
  std::unique_ptr<clang::ASTUnit> AST = clang::tooling::buildASTFromCodeWithArgs(
      Code, {"-xc", "-std=c99", "-w"}, "/src/input.c");
  EXPECT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  find::FindOptions Opts;
  Opts.Root = "/src";
  Opts.Recognisers = std::move(Kinds);
  rules::RuleSet R = rules();
  return find::findOperations(AST->getASTContext(), AST->getPreprocessor(), R, Opts);
}

// find/ names no kind: a GEMM record, a vector loop or a loop program is there because the kind
// that proves it was handed to the walk, under that kind's name, and none is there without it.
TEST(Substitutions, TheWalkRecordsWhatTheKindsItIsHandedProve) {
  const char *Code = R"(void mm(float (*a)[8], float (*b)[8], float (*c)[8]) {
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      for (int p = 0; p < 8; p++)
        c[i][j] += a[i][p] * b[p][j];
}
float dot(int n, const float *x, const float *y) {
  float s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}
void affine(int n, float *x, float k) {
  for (int i = 0; i < n; i++)
    x[i] = x[i] * k + 1.0f;
}
)";
  auto Count = [](const FoundUnit &U, auto ShapeOf, llvm::StringRef Function) {
    return llvm::count_if(U.Ops, [&](const Operation &Op) {
      return Op.Function == Function && ShapeOf(Op);
    });
  };
  FoundUnit All = findWith(Code, recognisers());
  EXPECT_EQ(Count(All, gemmShapeOf, "mm"), 1);
  EXPECT_EQ(Count(All, vectorLoopOf, "dot"), 1);
  EXPECT_EQ(Count(All, loopProgramOf, "affine"), 2);

  FoundUnit None = findWith(Code, {});
  EXPECT_EQ(llvm::count_if(None.Ops, [](const Operation &Op) { return Op.Base == BaseOp::Matmul; }),
            0);
  for (const Operation &Op : None.Ops) {
    ASSERT_TRUE(Op.Shape) << Op.Function;
    EXPECT_TRUE(Op.Shape->Substitutions.empty()) << Op.Function;
    EXPECT_TRUE(Op.NotSubstituted.empty()) << Op.Function;
  }
  EXPECT_EQ(None.Ops.size() + 1, All.Ops.size()) << "the GEMM is the one record more";
}

} // namespace
} // namespace autoscale
