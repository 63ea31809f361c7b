// Unit tests of the rewriter's text machinery: how nested edits fold into replacements, and the
// unified diff --diff prints. The AST side is covered by the lit tests (tests/tool/lit).
#include "driver/UnifiedDiff.h"
#include "emit/Emit.h"
#include "emit/SiteTable.h"

#include "clang/Tooling/Core/Replacement.h"

#include <gtest/gtest.h>

namespace autoscale {
namespace {

Operation operation(unsigned Offset, std::vector<Edit> Edits) {
  Operation Op;
  Op.File = "f.c";
  Op.Offset = Offset;
  Op.Line = 1;
  Op.Column = Offset + 1;
  Op.RuntimeOp = "AUTOSCALE_OP_MUL";
  Op.Spelling = "*";
  Op.Edits = std::move(Edits);
  return Op;
}

Decision castFp32() {
  Decision D;
  D.Class = rules::OpClass::Infer;
  D.Treatment.action = rules::Action::Cast;
  D.Treatment.rounding = rules::Rounding::Output;
  D.Rule = "class:infer";
  return D;
}

/// The rewritten text, without the prelude (everything up to and including the #line).
std::string rewrite(const emit::FileEdits &F, llvm::StringRef Text) {
  llvm::Expected<clang::tooling::Replacements> R = emit::buildReplacements(F, Text);
  EXPECT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  llvm::Expected<std::string> Out = clang::tooling::applyAllReplacements(Text, *R);
  EXPECT_TRUE(static_cast<bool>(Out));
  size_t Line = Out->find("#line 1\n");
  EXPECT_NE(Line, std::string::npos);
  return Out->substr(Line + 8);
}

TEST(Emit, NestedOperationsFoldOutermostFirst) {
  // "a*b+c": the + (span 5) and the * (span 3) both open at offset 0; the * closes before the +
  // operator, which replaces the gap-free token.
  std::string Text = "a*b+c";
  Operation Mul = operation(1, {{0, 0, std::string("M(") + SiteMarker + ", ", Edit::Open, 3, 1},
                                {3, 0, ")", Edit::Close, 3, 1},
                                {1, 1, ", ", Edit::Replace, 0, 0}});
  Operation Add = operation(3, {{0, 0, std::string("A(") + SiteMarker + ", ", Edit::Open, 5, 1},
                                {5, 0, ")", Edit::Close, 5, 1},
                                {3, 1, ", ", Edit::Replace, 0, 0}});
  Decision D = castFp32();
  emit::FileEdits F{"/p/f.c", "f.c", {{&Mul, &D}, {&Add, &D}}, {}};
  std::string T = emit::siteTableName("f.c");
  EXPECT_EQ(rewrite(F, Text), "A(&" + T + "[1], M(&" + T + "[0], a, b), c)");
}

TEST(Emit, InnermostClosesFirstAndWrappersSitOutsideTheirOperation) {
  // "c+(double)x*y" reduced to its edits: + wraps everything, a conversion wraps the product
  // (same span, layer 0 outside layer 1), and all three close at the end.
  std::string Text = "c+x*y";
  Operation Mul = operation(3, {{2, 0, "M(", Edit::Open, 3, 1},
                                {5, 0, ")", Edit::Close, 3, 1},
                                {3, 1, ", ", Edit::Replace, 0, 0}});
  Operation Add = operation(1, {{0, 0, "A(", Edit::Open, 5, 1},
                                {5, 0, ")", Edit::Close, 5, 1},
                                {2, 0, "(double)(", Edit::Open, 3, 0},
                                {5, 0, ")", Edit::Close, 3, 0},
                                {1, 1, ", ", Edit::Replace, 0, 0}});
  Decision D = castFp32();
  emit::FileEdits F{"/p/f.c", "f.c", {{&Add, &D}, {&Mul, &D}}, {}};
  EXPECT_EQ(rewrite(F, Text), "A(c, (double)(M(x, y)))");
}

TEST(Emit, NothingToDoMeansNoReplacements) {
  emit::FileEdits F{"/p/f.c", "f.c", {}, {}};
  llvm::Expected<clang::tooling::Replacements> R = emit::buildReplacements(F, "int x;\n");
  ASSERT_TRUE(static_cast<bool>(R));
  EXPECT_TRUE(R->empty());
}

TEST(Emit, OverlappingEditsAreAnErrorNotAGuess) {
  Operation A = operation(0, {{0, 3, "x", Edit::Replace, 0, 0}});
  Operation B = operation(1, {{1, 1, "y", Edit::Replace, 0, 0}});
  Decision D = castFp32();
  emit::FileEdits F{"/p/f.c", "f.c", {{&A, &D}, {&B, &D}}, {}};
  llvm::Expected<clang::tooling::Replacements> R = emit::buildReplacements(F, "abcd");
  ASSERT_FALSE(static_cast<bool>(R));
  EXPECT_NE(llvm::toString(R.takeError()).find("overlapping edits at offset 1"), std::string::npos);
}

TEST(Emit, FeatureTestMacrosStayFirst) {
  std::string Text = "/* c */\n#define _GNU_SOURCE\n#include <stdio.h>\nint x;\n";
  emit::FileEdits F{"/p/f.c", "f.c", {}, {{static_cast<unsigned>(Text.size() - 1), 0, " ", Edit::Open, ~0u, 0}}};
  llvm::Expected<clang::tooling::Replacements> R = emit::buildReplacements(F, Text);
  ASSERT_TRUE(static_cast<bool>(R));
  std::string Out = *clang::tooling::applyAllReplacements(Text, *R);
  EXPECT_EQ(Out.rfind("/* c */\n#define _GNU_SOURCE\n/* autoscale-rewrite ", 0), 0u) << Out;
  EXPECT_NE(Out.find("#line 3\n#include <stdio.h>\n"), std::string::npos) << Out;
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
