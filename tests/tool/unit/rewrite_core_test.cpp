// Unit tests of the rewriter's text machinery: how the calls of nested operations fold into
// replacements, and the unified diff --diff prints.
#include "driver/UnifiedDiff.h"
#include "emit/Emit.h"
#include "emit/SiteTable.h"

#include "clang/Tooling/Core/Replacement.h"

#include <gtest/gtest.h>

namespace autoscale {
namespace {

/// A binary float operation: Whole = [L.Begin, R.End), its operator between the operands.
Operation binary(BaseOp Base, Span L, Span Op, Span R, FloatKind Compute = FloatKind::Float) {
  Operation O;
  O.Key = {"/p/f.c", Op.Begin, "*"};
  O.Base = Base;
  O.File = "f.c";
  O.SeenByC = true;
  O.Line = 1;
  O.Column = Op.Begin + 1;
  RewriteShape S;
  S.Kind = Form::Binary;
  S.Compute = Compute;
  S.Whole = {L.Begin, R.End};
  S.Operator = Op;
  S.Operands = {{L, Compute, false, 0}, {R, Compute, false, 1}};
  O.Shape = S;
  return O;
}

Decision castFp32() {
  Decision D;
  D.Class = rules::OpClass::Infer;
  D.Treatment.Action = rules::Action::Cast;
  D.Treatment.Rounding = rules::Rounding::Output;
  D.Rule = "class:infer";
  return D;
}

/// The rewritten text, without the prelude (everything up to and including the #line).
std::string rewrite(const emit::FileEdits &F, llvm::StringRef Text) {
  llvm::Expected<clang::tooling::Replacements> R =
      emit::buildReplacements(F, Text, substitutionKinds());
  EXPECT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  llvm::Expected<std::string> Out = clang::tooling::applyAllReplacements(Text, *R);
  EXPECT_TRUE(static_cast<bool>(Out));
  size_t Line = Out->find("#line 1\n");
  EXPECT_NE(Line, std::string::npos);
  return Out->substr(Line + 8);
}

TEST(Emit, NestedOperationsFoldOutermostFirst) {
  // "a*b+c": the + (span 5) and the * (span 3) both open at offset 0; the * closes before the +
  // operator, which becomes a comma.
  std::string Text = "a*b+c";
  Operation Mul = binary(BaseOp::Mul, {0, 1}, {1, 2}, {2, 3});
  Operation Add = binary(BaseOp::Add, {0, 3}, {3, 4}, {4, 5});
  Decision D = castFp32();
  emit::FileEdits F{"/p/f.c", "f.c", {{&Mul, &D}, {&Add, &D}}, {}};
  std::string T = emit::siteTableName("f.c");
  EXPECT_EQ(rewrite(F, Text),
            "autoscale_add_f_compact(&" + T + "[1], autoscale_mul_f_compact(&" + T + "[0], a, b), c)");
}

TEST(Emit, ConversionsWrapTheOperandOutsideItsOwnCall) {
  // "c+x*y" with c double: the product is converted to double around its own call.
  std::string Text = "c+x*y";
  Operation Add = binary(BaseOp::Add, {0, 1}, {1, 2}, {2, 5}, FloatKind::Double);
  Add.Shape->Operands[1].Convert = true;
  Operation Mul = binary(BaseOp::Mul, {2, 3}, {3, 4}, {4, 5});
  Decision D = castFp32();
  emit::FileEdits F{"/p/f.c", "f.c", {{&Add, &D}, {&Mul, &D}}, {}};
  std::string T = emit::siteTableName("f.c");
  EXPECT_EQ(rewrite(F, Text), "autoscale_add_d_compact(&" + T + "[0], c, (double)(autoscale_mul_f_compact(&" +
                                  T + "[1], x, y)))");
}

TEST(Emit, NothingToDoMeansNoReplacements) {
  emit::FileEdits F{"/p/f.c", "f.c", {}, {}};
  llvm::Expected<clang::tooling::Replacements> R =
      emit::buildReplacements(F, "int x;\n", substitutionKinds());
  ASSERT_TRUE(static_cast<bool>(R));
  EXPECT_TRUE(R->empty());
}

TEST(Emit, OverlappingEditsAreAnErrorNotAGuess) {
  // Two operations whose operator tokens overlap cannot both be replaced.
  Operation A = binary(BaseOp::Mul, {0, 1}, {1, 3}, {3, 4});
  Operation B = binary(BaseOp::Mul, {0, 2}, {2, 3}, {3, 4});
  Decision D = castFp32();
  emit::FileEdits F{"/p/f.c", "f.c", {{&A, &D}, {&B, &D}}, {}};
  llvm::Expected<clang::tooling::Replacements> R =
      emit::buildReplacements(F, "a**b", substitutionKinds());
  ASSERT_FALSE(static_cast<bool>(R));
  EXPECT_NE(llvm::toString(R.takeError()).find("overlapping edits"), std::string::npos);
}

TEST(Emit, FeatureTestMacrosStayFirst) {
  std::string Text = "/* c */\n#define _GNU_SOURCE\n#include <stdio.h>\nvoid f(void) {}\n";
  StepPoint End;
  End.Where = StepPoint::BeforeBrace;
  End.Begin = End.End = static_cast<unsigned>(Text.size() - 2);
  emit::FileEdits F{"/p/f.c", "f.c", {}, {End}};
  llvm::Expected<clang::tooling::Replacements> R =
      emit::buildReplacements(F, Text, substitutionKinds());
  ASSERT_TRUE(static_cast<bool>(R));
  std::string Out = *clang::tooling::applyAllReplacements(Text, *R);
  EXPECT_EQ(Out.rfind("/* c */\n#define _GNU_SOURCE\n/* autoscale-rewrite ", 0), 0u) << Out;
  EXPECT_NE(Out.find("#line 3\n#include <stdio.h>\nvoid f(void) {autoscale_step(); }"),
            std::string::npos)
      << Out;
}

TEST(UnifiedDiff, EqualTextsGiveNothing) {
  EXPECT_EQ(driver::unifiedDiff("a", "b", "x\ny\n", "x\ny\n"), "");
}

TEST(UnifiedDiff, HunksCarryThreeLinesOfContextAndMergeWhenClose) {
  std::string Old, New;
  for (int I = 1; I <= 20; ++I) {
    Old += "l" + std::to_string(I) + "\n";
    New += (I == 2 || I == 8 ? "L" : "l") + std::to_string(I) + "\n";
  }
  New += "l21\n";
  EXPECT_EQ(driver::unifiedDiff("a/f", "b/f", Old, New),
            "--- a/f\n+++ b/f\n"
            "@@ -1,11 +1,11 @@\n l1\n-l2\n+L2\n l3\n l4\n l5\n l6\n l7\n-l8\n+L8\n l9\n l10\n l11\n"
            "@@ -18,3 +18,4 @@\n l18\n l19\n l20\n+l21\n");
}

TEST(UnifiedDiff, InsertionAtTheTopAndAMissingFinalNewline) {
  EXPECT_EQ(driver::unifiedDiff("a/f", "b/f", "x\ny", "new\nx\ny"),
            "--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n+new\n x\n y\n\\ No newline at end of file\n");
}

} // namespace
} // namespace autoscale
