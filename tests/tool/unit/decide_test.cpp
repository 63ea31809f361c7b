// Unit tests of decide/: classes from the rules, colouring over the dataflow edges, the first
// matching override, and the default rounding point, on operations built by hand.
#include "decide/Decide.h"

#include <gtest/gtest.h>

namespace autoscale {
namespace {

using rules::Action;
using rules::OpClass;

Operation op(unsigned Offset, std::string Name, std::string Function = "f") {
  Operation Op;
  Op.Key = {"/src/a.c", Offset, "*"};
  Op.OpName = std::move(Name);
  Op.File = "a.c";
  Op.Function = std::move(Function);
  return Op;
}

rules::RuleSet rules(llvm::StringRef Extra = "") {
  std::string Text = R"(version: 1
treatment:
  allow: {action: scale, format: e4m3}
  infer: {action: cast, format: fp16}
  deny: {action: keep}
  clear: {action: cast, format: fp32}
)" + Extra.str();
  llvm::Expected<rules::RuleSet> R = rules::parseRuleSet(Text, "t.yaml", {});
  EXPECT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  return std::move(*R);
}

TEST(Decide, ClassesComeFromTheRulesOpLists) {
  std::vector<Operation> Ops = {op(0, "dot_mul"), op(1, "add"), op(2, "div"), op(3, "ldexp")};
  std::vector<Decision> D = decide(Ops, {}, rules());
  EXPECT_EQ(D[0].Class, OpClass::Allow);
  EXPECT_EQ(D[0].Treatment.Action, Action::Scale);
  EXPECT_EQ(D[0].Treatment.Rounding, rules::Rounding::Inputs); // a GEMM operand
  EXPECT_EQ(D[1].Class, OpClass::Infer);
  EXPECT_EQ(D[1].Treatment.Rounding, rules::Rounding::Output);
  EXPECT_EQ(D[1].Rule, "class:infer");
  EXPECT_EQ(D[2].Class, OpClass::Deny);
  EXPECT_FALSE(D[2].rewrites());
  EXPECT_FALSE(D[3].Class); // in no list: never rewritten
  EXPECT_EQ(D[3].Rule, "unlisted");
}

TEST(Decide, DenyFlowsForwardThroughInferOperations) {
  // div -> mul -> add: both infer operations after the division stay FP32.
  std::vector<Operation> Ops = {op(0, "div"), op(1, "mul"), op(2, "add")};
  std::set<DataflowEdge> Edges = {{Ops[0].Key, Ops[1].Key, 0}, {Ops[1].Key, Ops[2].Key, 1}};
  std::vector<Decision> D = decide(Ops, Edges, rules());
  EXPECT_EQ(D[1].Class, OpClass::Deny);
  EXPECT_EQ(D[2].Class, OpClass::Deny);
}

TEST(Decide, InferFedByALowPrecisionAllowResultBecomesAllowUnlessDenyAlsoFeedsIt) {
  rules::RuleSet R = rules("classes: {allow: {add: [tanhf]}, deny: {remove: [tanhf]}}\n");
  std::vector<Operation> Ops = {op(0, "tanhf"), op(1, "add"), op(2, "div"), op(3, "sub")};
  std::set<DataflowEdge> Edges = {{Ops[0].Key, Ops[1].Key, 0},
                                  {Ops[0].Key, Ops[3].Key, 0},
                                  {Ops[2].Key, Ops[3].Key, 1}};
  std::vector<Decision> D = decide(Ops, Edges, R);
  EXPECT_EQ(D[1].Class, OpClass::Allow);
  EXPECT_EQ(D[1].Treatment.Format, rules::Format::E4M3);
  EXPECT_EQ(D[3].Class, OpClass::Deny);
}

TEST(Decide, AGemmOperandsFP32ResultPromotesNothing) {
  // A dot_mul rounds its inputs: its product is FP32, as a tensor core's is.
  std::vector<Operation> Ops = {op(0, "dot_mul"), op(1, "add")};
  std::vector<Decision> D = decide(Ops, {{Ops[0].Key, Ops[1].Key, 0}}, rules());
  EXPECT_EQ(D[0].Class, OpClass::Allow);
  EXPECT_EQ(D[1].Class, OpClass::Infer);
}

TEST(Decide, ACycleOfEdgesEnds) {
  std::vector<Operation> Ops = {op(0, "add"), op(1, "mul")};
  std::set<DataflowEdge> Edges = {{Ops[0].Key, Ops[1].Key, 0}, {Ops[1].Key, Ops[0].Key, 0}};
  std::vector<Decision> D = decide(Ops, Edges, rules());
  EXPECT_EQ(D[0].Class, OpClass::Infer);
  EXPECT_EQ(D[1].Class, OpClass::Infer);
}

TEST(Decide, TheFirstMatchingOverrideNamesTheClassAndPatchesTheTreatment) {
  rules::RuleSet R = rules(R"(overrides:
  - name: optimizer
    match: {function: "adam*"}
    set: {class: deny}
  - name: never-reached
    match: {function: "adam*"}
    set: {action: keep}
  - name: e5m2-grads
    match: {op: dot_mul, function: "*backward"}
    set: {format: e5m2}
)");
  std::vector<Operation> Ops = {op(0, "mul", "adamw"), op(1, "dot_mul", "matmul_backward"),
                                op(2, "add", "adamw")};
  // The optimizer's deny flows into what it feeds, as any deny does.
  std::vector<Decision> D = decide(Ops, {}, R);
  EXPECT_EQ(D[0].Class, OpClass::Deny);
  EXPECT_EQ(D[0].Rule, "optimizer");
  EXPECT_FALSE(D[0].rewrites());
  EXPECT_EQ(D[1].Rule, "e5m2-grads");
  EXPECT_EQ(D[1].Treatment.Format, rules::Format::E5M2);
  EXPECT_EQ(D[1].Treatment.Action, Action::Scale);
}

} // namespace
} // namespace autoscale
