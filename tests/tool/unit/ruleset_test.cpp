//===- ruleset_test.cpp - rules YAML parsing, validation and decisions -------===//
#include "ruleset/RuleSet.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace autoscale::rules;

namespace {

constexpr size_t classIndex(OpClass C) { return static_cast<size_t>(C); }

/// The keys the tool's substitution kinds declare (substitutions_test checks the tool's list).
const llvm::StringRef KindKeys[] = {"vector_loops", "loop_programs"};

RuleSet parseOk(llvm::StringRef Text) {
  llvm::Expected<RuleSet> R = parseRuleSet(Text, "t.yaml", KindKeys);
  if (!R) {
    ADD_FAILURE() << "unexpected errors:\n" << llvm::toString(R.takeError());
    return RuleSet();
  }
  return std::move(*R);
}

/// The full error text of a file that must not parse.
std::string errorsOf(llvm::StringRef Text) {
  llvm::Expected<RuleSet> R = parseRuleSet(Text, "t.yaml", KindKeys);
  if (R) {
    ADD_FAILURE() << "parsed, but errors were expected:\n" << Text.str();
    return "";
  }
  return llvm::toString(R.takeError());
}

void expectTreatment(const Treatment &T, Action A, Format F) {
  EXPECT_EQ(T.Action, A) << name(T.Action).str();
  EXPECT_EQ(T.Format, F) << name(T.Format).str();
}

//===--- good files ---------------------------------------------------------===//

TEST(RuleSetParse, MinimalFileHasBuiltinClassesAndKeepsEverything) {
  RuleSet R = parseOk("version: 1\n");
  EXPECT_EQ(R.Version, 1u);
  EXPECT_EQ(R.Path, "t.yaml");
  EXPECT_EQ(R.classFor("dot_mul"), OpClass::Allow);
  for (const char *Op :
       {"add", "sub", "mul", "neg", "inc", "dec", "fmaxf", "fmin", "fabs", "fmaf", "fma"})
    EXPECT_EQ(R.classFor(Op), OpClass::Infer) << Op;
  for (const char *Op : {"div", "accumulate", "exp", "expf", "logf", "pow", "sqrtf", "tanhf",
                         "erff", "sin", "cosf", "__expf"})
    EXPECT_EQ(R.classFor(Op), OpClass::Deny) << Op;
  for (const auto &[Op, Class] : R.ClassOf)
    EXPECT_NE(Class, OpClass::Clear) << Op;
  EXPECT_EQ(R.classFor("floor"), std::nullopt);
  EXPECT_EQ(R.classFor("std::exp"), std::nullopt);
  for (const Treatment &T : R.ClassTreatment)
    EXPECT_EQ(T.Action, Action::Keep);
  EXPECT_TRUE(R.Overrides.empty());
  EXPECT_TRUE(R.StepFunctions.empty());
}

TEST(RuleSetParse, MathFunctionsAreTheListedCallees) {
  RuleSet R = parseOk("version: 1\nclasses: {clear: {add: [floorf]}}\n");
  EXPECT_TRUE(R.isMathFunction("expf"));
  EXPECT_TRUE(R.isMathFunction("fmaxf"));
  EXPECT_TRUE(R.isMathFunction("floorf"));
  EXPECT_FALSE(R.isMathFunction("floor"));
  EXPECT_FALSE(R.isMathFunction("add"));
  EXPECT_FALSE(R.isMathFunction("dot_mul"));
  EXPECT_FALSE(R.isMathFunction("printf"));
}

TEST(RuleSetParse, FullFile) {
  RuleSet R = parseOk(R"(version: 1
step: {function: [train_step, "ns::sweep"]}
classes:
  allow: {add: [matmul_tile]}
  deny: {remove: [div, expf]}
  infer: {add: [div]}
  clear: [floor, ceilf]
treatment:
  allow:
    action: scale
    format: e4m3
    rounding: inputs
    strategy: delayed
    history: 32
    amax_reduce: most_recent
    margin: -2
    saturate: false
  infer: {action: cast, format: bf16, rounding: output, vector_loops: false, loop_programs: false}
  deny: {action: keep}
  clear: {action: scale, format: e5m2, strategy: empirical, analysis_steps: 5, recheck_every: 100}
overrides:
  - name: grads-e5m2
    match: {function: "*backward*", file: "*.cu", op: [dot_mul, mul]}
    set: {format: e5m2, margin: 1}
  - match: {variable: "m_*", callee: "exp*"}
    set: {class: deny, strategy: static, static_scale: 0.0625}
)");
  EXPECT_EQ(R.StepFunctions, (std::vector<std::string>{"train_step", "ns::sweep"}));
  EXPECT_EQ(R.classFor("matmul_tile"), OpClass::Allow);
  EXPECT_EQ(R.classFor("div"), OpClass::Infer);
  EXPECT_EQ(R.classFor("expf"), std::nullopt);
  EXPECT_EQ(R.classFor("exp"), OpClass::Deny);
  EXPECT_EQ(R.classFor("floor"), OpClass::Clear);
  EXPECT_EQ(R.classFor("ceilf"), OpClass::Clear);

  const Treatment &A = R.ClassTreatment[classIndex(OpClass::Allow)];
  expectTreatment(A, Action::Scale, Format::E4M3);
  EXPECT_EQ(A.Rounding, Rounding::Inputs);
  EXPECT_EQ(A.Strategy, Strategy::Delayed);
  EXPECT_EQ(A.Params.HistoryLen, 32);
  EXPECT_EQ(A.Params.Reduce, AmaxReduce::MostRecent);
  EXPECT_EQ(A.Params.Margin, -2);
  EXPECT_FALSE(A.Params.Saturate);
  EXPECT_TRUE(A.allows("vector_loops"));
  EXPECT_TRUE(A.allows("loop_programs"));
  const Treatment &I = R.ClassTreatment[classIndex(OpClass::Infer)];
  expectTreatment(I, Action::Cast, Format::BF16);
  EXPECT_EQ(I.Rounding, Rounding::Output);
  EXPECT_TRUE(I.Params.Saturate);
  EXPECT_FALSE(I.allows("vector_loops"));
  EXPECT_FALSE(I.allows("loop_programs"));
  const Treatment &D = R.ClassTreatment[classIndex(OpClass::Deny)];
  expectTreatment(D, Action::Keep, Format::FP32);
  EXPECT_EQ(D.Rounding, std::nullopt);
  const Treatment &C = R.ClassTreatment[classIndex(OpClass::Clear)];
  expectTreatment(C, Action::Scale, Format::E5M2);
  EXPECT_EQ(C.Strategy, Strategy::Empirical);
  EXPECT_EQ(C.Params.AnalysisSteps, 5);
  EXPECT_EQ(C.Params.RecheckEvery, 100);

  ASSERT_EQ(R.Overrides.size(), 2u);
  const Override &O0 = R.Overrides[0];
  EXPECT_EQ(O0.Name, "grads-e5m2");
  EXPECT_EQ(O0.Where.File, "t.yaml");
  EXPECT_EQ(O0.Where.Line, 22u);
  EXPECT_EQ(O0.Where.Column, 5u);
  EXPECT_EQ(O0.Match.Ops, (std::vector<std::string>{"dot_mul", "mul"}));
  EXPECT_EQ(O0.Match.Function, "*backward*");
  EXPECT_EQ(O0.Match.File, "*.cu");
  EXPECT_EQ(O0.Match.Variable, std::nullopt);
  EXPECT_EQ(O0.Set.Format, Format::E5M2);
  EXPECT_EQ(O0.Set.Margin, 1);
  EXPECT_EQ(O0.Set.Action, std::nullopt);
  EXPECT_EQ(O0.Class, std::nullopt);
  const Override &O1 = R.Overrides[1];
  EXPECT_EQ(O1.Name, "overrides[1]");
  EXPECT_EQ(O1.Where.Line, 25u);
  EXPECT_TRUE(O1.Match.Ops.empty());
  EXPECT_EQ(O1.Match.Variable, "m_*");
  EXPECT_EQ(O1.Match.Callee, "exp*");
  EXPECT_EQ(O1.Class, OpClass::Deny);
  EXPECT_EQ(O1.Set.Strategy, Strategy::Static);
  EXPECT_EQ(O1.Set.StaticScale, 0.0625f);
}

TEST(RuleSetParse, StepAcceptsAListOfMaps) {
  RuleSet R = parseOk("version: 1\nstep: [{function: a}, {function: [b, c]}]\n");
  EXPECT_EQ(R.StepFunctions, (std::vector<std::string>{"a", "b", "c"}));
}

TEST(RuleSetParse, StepWithAnEmptyFunctionListIsAnError) {
  // An empty list would declare no step and find none either, silently.
  EXPECT_EQ(errorsOf("version: 1\nstep: {function: []}\n"),
            "t.yaml:2:18: error: 'step.function' lists no function; name one, or write 'step: none'");
  EXPECT_EQ(errorsOf("version: 1\nstep: []\n"),
            "t.yaml:2:7: error: 'step' lists no function; name one, or write 'step: none'");
}

TEST(RuleSetParse, NamesAddedToAClassThatNoListHoldsAreRememberedWithTheirPlace) {
  // cbrtf is built in, floor and rintf are math functions a program may just not call.
  RuleSet R = parseOk("version: 1\nclasses:\n  deny: {add: [expff, cbrtf]}\n  clear: [floor, rintf, my_norm]\n");
  ASSERT_EQ(R.WrittenFunctionAt.size(), 2u);
  EXPECT_EQ(R.WrittenFunctionAt.at("expff").Line, 3u);
  EXPECT_EQ(R.WrittenFunctionAt.at("expff").Column, 16u);
  EXPECT_EQ(R.WrittenFunctionAt.at("my_norm").Line, 4u);
  EXPECT_EQ(R.classFor("floor"), OpClass::Clear);
}

TEST(RuleSetParse, ListReplacesAClassAndEmptyListEmptiesIt) {
  RuleSet R = parseOk("version: 1\nclasses: {infer: [add], deny: []}\n");
  EXPECT_EQ(R.classFor("add"), OpClass::Infer);
  EXPECT_EQ(R.classFor("sub"), std::nullopt);
  EXPECT_EQ(R.classFor("div"), std::nullopt);
  EXPECT_EQ(R.classFor("expf"), std::nullopt);
  EXPECT_EQ(R.classFor("dot_mul"), OpClass::Allow);
}

TEST(RuleSetParse, AddAndRemoveInEitherOrder) {
  // The duplicate check runs after every edit, so the add may come before the remove.
  RuleSet R = parseOk("version: 1\nclasses:\n  infer: {add: [div]}\n  deny: {remove: [div]}\n");
  EXPECT_EQ(R.classFor("div"), OpClass::Infer);
}

//===--- errors: exact text ---------------------------------------------------===//

TEST(RuleSetErrors, UnknownKeySuggestsTheClosest) {
  EXPECT_EQ(errorsOf("version: 1\nclases: {}\n"),
            "t.yaml:2:1: error: unknown key 'clases' in 'rules file'; did you mean 'classes'?");
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: keep, histroy: 3}\n"),
            "t.yaml:3:25: error: unknown key 'histroy' in 'treatment.allow'; did you mean "
            "'history'?");
  EXPECT_EQ(errorsOf("version: 1\ntreatment: {alow: {action: keep}}\n"),
            "t.yaml:2:13: error: unknown key 'alow' in 'treatment'; did you mean 'allow'?");
}

TEST(RuleSetErrors, UnknownKeyWithNothingCloseListsTheKeys) {
  EXPECT_EQ(errorsOf("version: 1\nzzz: 1\n"),
            "t.yaml:2:1: error: unknown key 'zzz' in 'rules file'; expected one of: version, "
            "step, classes, treatment, overrides, kernels");
}

TEST(RuleSetErrors, BadValueNamesTheAcceptedValues) {
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: scale, format: e4m4}\n"),
            "t.yaml:3:34: error: invalid value 'e4m4' for 'format'; expected one of: fp32, "
            "e4m3, e5m2, fp16, bf16");
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: scale, format: e4m3, "
                     "strategy: delay}\n"),
            "t.yaml:3:50: error: invalid value 'delay' for 'strategy'; expected one of: "
            "delayed, current, propagate, static, empirical");
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: drop}\n"),
            "t.yaml:3:19: error: invalid value 'drop' for 'action'; expected one of: keep, "
            "cast, scale");
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: cast, format: fp16, "
                     "saturate: yes}\n"),
            "t.yaml:3:49: error: 'saturate' must be true or false, not 'yes'");
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: scale, format: e4m3, "
                     "strategy: static, static_scale: 0}\n"),
            "t.yaml:3:72: error: 'static_scale' must be a positive, finite float32, not 0");
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: scale, format: e4m3, "
                     "strategy: static, static_scale: 1e39}\n"),
            "t.yaml:3:72: error: 'static_scale' must be a positive, finite float32, not 1e39");
}

TEST(RuleSetErrors, BadGlob) {
  EXPECT_EQ(errorsOf("version: 1\noverrides:\n  - match: {function: '[a-'}\n"
                     "    set: {action: keep}\n"),
            "t.yaml:3:23: error: invalid glob '[a-' for 'function': invalid glob pattern, "
            "unmatched '['");
  EXPECT_EQ(errorsOf("version: 1\noverrides:\n  - match: {file: '{a,b'}\n"
                     "    set: {action: keep}\n"),
            "t.yaml:3:19: error: invalid glob '{a,b' for 'file': incomplete brace expansion");
}

TEST(RuleSetErrors, BadLine) {
  EXPECT_EQ(errorsOf("version: 1\noverrides:\n  - match: {line: [3, x, 0]}\n    set: {action: keep}\n"),
            "t.yaml:3:23: error: 'line' must be a line number (from 1) or a list of them, not 'x'\n"
            "t.yaml:3:26: error: 'line' must be a line number (from 1) or a list of them, not '0'");
}

TEST(RuleSetErrors, WrongNodeKind) {
  EXPECT_EQ(errorsOf("version: 1\nclasses: [add]\n"),
            "t.yaml:2:10: error: 'classes' must be a map, not a list");
  EXPECT_EQ(errorsOf("version: 1\noverrides: {name: x}\n"),
            "t.yaml:2:12: error: 'overrides' must be a list, not a map");
  EXPECT_EQ(errorsOf("version: 1\ntreatment: {allow: keep}\n"),
            "t.yaml:2:20: error: 'treatment.allow' must be a map, not a scalar");
  EXPECT_EQ(errorsOf("version: 1\nclasses: {deny: div}\n"),
            "t.yaml:2:17: error: 'classes.deny' must be a list (replacing the class) or a map "
            "with 'add'/'remove', not a scalar");
  EXPECT_EQ(errorsOf("version: 1\nstep: train_step\n"),
            "t.yaml:2:7: error: 'step' must be none, a map ({function: NAME}) or a list of them, "
            "not a scalar");
  EXPECT_TRUE(parseOk("version: 1\nstep: none\n").NoStep);
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow:\n    action:\n"),
            "t.yaml:4:5: error: 'action' needs a value");
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: [keep]}\n"),
            "t.yaml:3:19: error: 'action' must be a scalar, not a list");
}

TEST(RuleSetErrors, IntegerRanges) {
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: scale, format: e4m3, "
                     "history: -3}\n"),
            "t.yaml:3:49: error: 'history' must be between 1 and 1024, not -3");
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: scale, format: e4m3, "
                     "history: 1.5}\n"),
            "t.yaml:3:49: error: 'history' must be an integer, not '1.5'");
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: scale, format: e4m3, "
                     "strategy: empirical, recheck_every: -1}\n"),
            "t.yaml:3:76: error: 'recheck_every' must be between 0 and 2147483647, not -1");
}

TEST(RuleSetErrors, DuplicateOpAfterEdits) {
  EXPECT_EQ(errorsOf("version: 1\nclasses:\n  infer: {add: [div]}\n"),
            "t.yaml:3:17: error: op 'div' is in class 'infer' and in class 'deny' (built in); "
            "remove it there with 'classes: {deny: {remove: [div]}}'");
  EXPECT_EQ(errorsOf("version: 1\nclasses:\n  allow: [foo]\n  clear: {add: [foo]}\n"),
            "t.yaml:4:17: error: op 'foo' is in class 'clear' and in class 'allow' (line 3); "
            "an op belongs to one class");
}

TEST(RuleSetErrors, ClassEdits) {
  EXPECT_EQ(errorsOf("version: 1\nclasses: {deny: {remove: [expq]}}\n"),
            "t.yaml:2:27: error: cannot remove 'expq' from 'deny': it is not in that class; did "
            "you mean 'exp'?");
  EXPECT_EQ(errorsOf("version: 1\nclasses: {allow: {remove: [add]}}\n"),
            "t.yaml:2:28: error: cannot remove 'add' from 'allow': it is not in that class");
  EXPECT_EQ(errorsOf("version: 1\nclasses: {deny: {add: [std::exp]}}\n"),
            "t.yaml:2:24: error: write 'exp', not 'std::exp': callees are matched without std::");
  EXPECT_EQ(errorsOf("version: 1\nclasses: {deny: {add: [a+b]}}\n"),
            "t.yaml:2:24: error: invalid op name 'a+b'; ops are operator names (add, sub, mul, "
            "div, neg, inc, dec, dot_mul, accumulate, square_sum, update, guard, compensation, report, matmul, "
            "outer_product) or math function names");
  EXPECT_EQ(errorsOf("version: 1\nclasses: {deny: {drop: [div]}}\n"),
            "t.yaml:2:18: error: unknown key 'drop' in 'classes.deny'; expected one of: add, "
            "remove");
}

TEST(RuleSetErrors, Version) {
  EXPECT_EQ(errorsOf("version: 2\n"),
            "t.yaml:1:10: error: unsupported version '2'; this tool reads version 1");
  EXPECT_EQ(errorsOf("classes: {}\n"), "t.yaml:1:1: error: missing 'version: 1'");
  // Without a version the rest is read as version 1's, so its errors show in the same round.
  EXPECT_EQ(errorsOf("treatment:\n  allow: {action: keep}\n  infer: {action: cast, format: fp17}\n"),
            "t.yaml:1:1: error: missing 'version: 1'\n"
            "t.yaml:3:33: error: invalid value 'fp17' for 'format'; expected one of: fp32, e4m3, e5m2, "
            "fp16, bf16");
  EXPECT_EQ(errorsOf(""), "t.yaml:1:1: error: empty rules file; it needs at least 'version: 1'");
  EXPECT_EQ(errorsOf("- version: 1\n"),
            "t.yaml:1:1: error: 'rules file' must be a map, not a list");
}

TEST(RuleSetErrors, YamlSyntaxAndDuplicateKeys) {
  EXPECT_EQ(errorsOf("version: 1\ntreatment: {allow: {action: scale\n"),
            "t.yaml:3:1: error: end of map flow not found");
  EXPECT_EQ(errorsOf("version: 1\nversion: 1\n"),
            "t.yaml:2:1: error: duplicate key 'version' (first given at line 1)");
}

TEST(RuleSetErrors, SettingsWithoutEffect) {
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: keep, format: fp16}\n"),
            "t.yaml:3:25: error: 'format' has no effect with action 'keep'");
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: keep, vector_loops: false}\n"),
            "t.yaml:3:25: error: 'vector_loops' has no effect with action 'keep'");
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: keep, loop_programs: true}\n"),
            "t.yaml:3:25: error: 'loop_programs' has no effect with action 'keep'");
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: cast, format: fp16, history: 4}\n"),
            "t.yaml:3:39: error: 'history' has no effect with action 'cast' (only 'scale' uses "
            "a strategy)");
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {action: scale, format: e4m3, "
                     "strategy: current, history: 4}\n"),
            "t.yaml:3:59: error: 'history' has no effect with strategy 'current' (it applies "
            "to: delayed)");
  EXPECT_EQ(errorsOf("version: 1\noverrides:\n  - set: {strategy: static, margin: 2}\n"),
            "t.yaml:3:29: error: 'margin' has no effect with strategy 'static' (it applies to: "
            "delayed, current, empirical)");
}

TEST(RuleSetErrors, IncompleteClassTreatment) {
  EXPECT_EQ(errorsOf("version: 1\ntreatment:\n  allow: {format: fp16}\n  infer: {action: cast}\n"),
            "t.yaml:3:3: error: 'treatment.allow' needs an 'action' (keep, cast or scale)\n"
            "t.yaml:4:3: error: 'treatment.infer' needs a 'format' for action 'cast'");
}

TEST(RuleSetErrors, Overrides) {
  EXPECT_EQ(errorsOf("version: 1\noverrides:\n  - name: a\n    match: {op: add}\n"),
            "t.yaml:3:5: error: override 'a' needs a 'set' (what to change)");
  EXPECT_EQ(errorsOf("version: 1\noverrides:\n  - {name: a, set: {action: keep}}\n"
                     "  - {name: a, set: {action: keep}}\n"),
            "t.yaml:4:12: error: duplicate override name 'a' (first used at line 3)");
  EXPECT_EQ(errorsOf("version: 1\noverrides:\n  - match: {op: mull}\n    set: {action: keep}\n"),
            "t.yaml:3:17: error: op 'mull' is in no class, so this override never applies (add "
            "it to a class, or give 'class' in 'set'); did you mean 'mul'?");
  EXPECT_EQ(errorsOf("version: 1\noverrides:\n  - match: {ops: add}\n    set: {action: keep}\n"),
            "t.yaml:3:13: error: unknown key 'ops' in 'match'; did you mean 'op'?");
  EXPECT_EQ(errorsOf("version: 1\noverrides:\n  - {name: x, set: {}}\n"),
            "t.yaml:3:20: error: override 'x' sets nothing");
  EXPECT_EQ(errorsOf("version: 1\noverrides:\n  - set: {class: denny}\n"),
            "t.yaml:3:18: error: invalid value 'denny' for 'class'; expected one of: allow, "
            "infer, deny, clear");
}

TEST(RuleSetErrors, OddShapesAreAllPositionedErrors) {
  // Every malformed shape ends as positioned errors, never as an exception or a crash.
  const char *Files[] = {
      "{",
      "[",
      "version: 1\n? [a]\n: b\n",
      "version: 1\nclasses: {allow: {add: [[x]]}}\n",
      "version: 1\nclasses: {allow: {add: {x: 1}}}\n",
      "version: 1\noverrides: [[]]\n",
      "version: 1\noverrides: [{match: [op], set: {action: keep}}]\n",
      "version: 1\ntreatment: {allow: ~}\n",
      "version: 1\nstep: [[f]]\n",
      "version: 1\nstep: {function: {a: b}}\n",
      "version: [1]\n",
      "version: 1\nversion: 2\n\tx",
      "version: 1\ntreatment: {allow: {action: scale, format: e4m3, history: "
      "99999999999999999999}}\n",
      "\"version\": 1\n'classes': &a {allow: *a}\n",
  };
  for (const char *File : Files) {
    std::string Errors = errorsOf(File);
    EXPECT_FALSE(Errors.empty()) << File;
    for (llvm::StringRef Line : llvm::split(Errors, '\n')) {
      llvm::StringRef Rest = Line;
      unsigned LineNo = 0, Column = 0;
      EXPECT_TRUE(Rest.consume_front("t.yaml:") && !Rest.consumeInteger(10, LineNo) &&
                  Rest.consume_front(":") && !Rest.consumeInteger(10, Column) &&
                  Rest.consume_front(": error: ") && LineNo >= 1 && Column >= 1 && !Rest.empty())
          << "not a positioned error: " << Line.str() << "\nin:\n"
          << File;
    }
  }
}

TEST(RuleSetParse, KernelsGiveTheirProductsInTheParameters) {
  RuleSet R = parseOk(R"(version: 1
kernels:
  - {function: fwd, m: B * T, n: OC, k: C, a: {ptr: inp, ld: C},
     b: {ptr: w, ld: C, transposed: true}, c: {ptr: out, ld: OC}, bias: bias}
  - function: bwd
    gemms:
      - {m: M, n: N, k: K, a: {ptr: x, row_stride: K, col_stride: 1},
         b: {ptr: y, row_stride: 1, col_stride: K}, c: {ptr: z, ld: N}, output: accumulate,
         a_row_sums: db}
)");
  ASSERT_EQ(R.Kernels.size(), 2u);
  const KernelGemm &F = R.Kernels[0].Gemms.at(0);
  EXPECT_EQ(F.M, "B * T");
  EXPECT_EQ(F.B.Ptr, "w");
  EXPECT_EQ(F.B.RowStride, "1"); // transposed: the leading dimension strides the columns
  EXPECT_EQ(F.B.ColStride, "C");
  ASSERT_TRUE(F.D.has_value());
  EXPECT_EQ(F.D->RowStride, "0"); // a bias is one row added to every row
  EXPECT_FALSE(F.Accumulate);
  const KernelGemm &G = R.Kernels[1].Gemms.at(0);
  EXPECT_TRUE(G.Accumulate);
  EXPECT_EQ(G.ARowSums, "db");
  EXPECT_EQ(R.kernelFor("ns::fwd", "fwd"), &R.Kernels[0]);
  EXPECT_EQ(R.kernelFor("other", "other"), nullptr);
}

TEST(RuleSetErrors, Kernels) {
  const char *Matrices = "a: {ptr: a, ld: K}, b: {ptr: b, ld: N}, c: {ptr: c, ld: N}";
  auto Kernel = [&](const std::string &Keys) {
    return errorsOf("version: 1\nkernels:\n  - {" + Keys + "}\n");
  };
  EXPECT_EQ(Kernel(std::string("m: M, n: N, k: K, ") + Matrices),
            "t.yaml:3:5: error: kernels[0] needs a 'function' (the name of the kernel)");
  EXPECT_EQ(Kernel(std::string("function: f, n: N, k: K, ") + Matrices),
            "t.yaml:3:5: error: kernels[0] needs 'm'");
  EXPECT_EQ(Kernel(std::string("function: f, m: M; rm -rf, n: N, k: K, ") + Matrices),
            "t.yaml:3:22: error: 'M; rm -rf' for 'kernels[0].m' is not an expression of names "
            "and numbers (no assignment, ++, -- or comma: it is pasted into the function, where it is "
            "read more than once)");
  // Pasted twice into a call (`n ++ > 0 ? n ++ : 0`), side effects ran twice and unsequenced;
  // malformed text failed only as the rewritten code's compile error, blamed on the tool.
  for (const char *Bad : {"n ++", "n = 0", "n += 1", "n *", "n n", "f(n), m", "a[n", "(n))", "s.", "n--"})
    EXPECT_NE(Kernel(std::string("function: f, m: \"") + Bad + "\", n: N, k: K, " + Matrices).find("is not an expression"),
              std::string::npos)
        << Bad;
  for (const char *Good : {"B * T", "l.w.data()", "p->rows - 1", "n > 0 ? n : 1", "dims[2] * 4", "sizeof(x) / 4",
                           "-n + 1.5e-3f", "(a + b) % c", "x == y && z != 0", "0x1p4"})
    EXPECT_EQ(parseOk("version: 1\nkernels:\n  - {function: f, m: \"" + std::string(Good) + "\", n: N, k: K, " +
                      Matrices + "}\n")
                  .Kernels.at(0)
                  .Gemms.at(0)
                  .M,
              Good);
  EXPECT_EQ(Kernel("function: f, m: M, n: N, k: K, a: {ptr: a, ld: K, row_stride: K}, "
                   "b: {ptr: b, ld: N}, c: {ptr: c, ld: N}"),
            "t.yaml:3:40: error: 'kernels[0].a' needs 'row_stride' and 'col_stride', or 'ld' (and "
            "'transposed'), not a mix");
  EXPECT_EQ(Kernel(std::string("function: f, m: M, n: N, k: K, output: add, ") + Matrices),
            "t.yaml:3:45: error: invalid value 'add' for 'output'; expected one of: overwrite, "
            "accumulate");
  EXPECT_EQ(Kernel(std::string("function: f, m: M, n: N, k: K, bias: v, output: accumulate, ") +
                   Matrices),
            "t.yaml:3:54: error: kernels[0]: 'output: accumulate' adds C itself; it takes no "
            "'bias'");
}

TEST(RuleSetErrors, OpOutsideEveryClassIsFineWhenTheOverrideGivesAClass) {
  RuleSet R = parseOk("version: 1\noverrides:\n  - match: {op: my_kernel}\n"
                      "    set: {class: allow}\n");
  ASSERT_EQ(R.Overrides.size(), 1u);
  EXPECT_EQ(R.Overrides[0].Class, OpClass::Allow);
}

TEST(RuleSetErrors, AllErrorsAreReportedInFileOrder) {
  EXPECT_EQ(errorsOf(R"(version: 1
overrides:
  - match: {function: "[x"}
    set: {format: e4m4}
classes: {infer: {add: [std::fmaf]}}
treatment:
  allow: {action: scale, format: e4m3, history: 0}
  deny: {acton: keep}
)"),
            "t.yaml:3:23: error: invalid glob '[x' for 'function': invalid glob pattern, "
            "unmatched '['\n"
            "t.yaml:4:19: error: invalid value 'e4m4' for 'format'; expected one of: fp32, e4m3, "
            "e5m2, fp16, bf16\n"
            "t.yaml:5:25: error: write 'fmaf', not 'std::fmaf': callees are matched without "
            "std::\n"
            "t.yaml:7:49: error: 'history' must be between 1 and 1024, not 0\n"
            "t.yaml:8:10: error: unknown key 'acton' in 'treatment.deny'; did you mean 'action'?");
}

TEST(RuleSetLoad, MissingFileIsAnErrorNamingIt) {
  llvm::Expected<RuleSet> R = loadRuleSet("/nonexistent/rules.yaml", KindKeys);
  ASSERT_FALSE(R);
  EXPECT_EQ(llvm::toString(R.takeError()),
            "error: cannot read rules file '/nonexistent/rules.yaml': No such file or directory");
}

TEST(RuleSetLoad, ErrorsNameTheFilePath) {
  llvm::SmallString<128> Path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("ruleset_test", "yaml", Path));
  {
    std::ofstream Out(Path.c_str());
    Out << "version: 1\nstep: {functon: f}\n";
  }
  llvm::Expected<RuleSet> R = loadRuleSet(Path, KindKeys);
  llvm::sys::fs::remove(Path);
  ASSERT_FALSE(R);
  EXPECT_EQ(llvm::toString(R.takeError()),
            Path.str().str() + ":2:8: error: unknown key 'functon' in 'step'; did you mean "
                               "'function'?");
}

//===--- decisions ------------------------------------------------------------===//

class RuleSetDecide : public ::testing::Test {
protected:
  RuleSet R = parseOk(R"(version: 1
treatment:
  allow: {action: scale, format: e4m3}
  infer: {action: cast, format: fp16}
  deny: {action: keep}
overrides:
  - name: one-site
    match: {file: "src/model.cpp", line: [79, 82]}
    set: {action: keep}
  - name: loss-fp32
    match: {file: "src/loss.cpp"}
    set: {action: keep}
  - name: backward-e5m2
    match: {function: "Model::backward", op: dot_mul}
    set: {format: e5m2, history: 4}
  - name: grads
    match: {variable: "grad_*"}
    set: {action: cast, format: bf16}
  - name: exp-cast
    match: {callee: "exp{,f}"}
    set: {class: infer}
  - name: all-dot
    match: {op: dot_mul}
    set: {margin: 3}
)");

  static OperationKey key(std::string Op, std::string Function, std::string File,
                          std::string Variable = "", std::string Callee = "", unsigned Line = 1) {
    return {std::move(Op), std::move(Function), std::move(File), std::move(Variable),
            std::move(Callee), Line};
  }

  std::string ruleFor(const OperationKey &K) {
    const Override *O = R.firstMatch(K);
    return O ? O->Name : "";
  }
  Treatment decide(const OperationKey &K, OpClass Class, std::string &Rule) {
    return R.treatment(Class, R.firstMatch(K), Rule);
  }
};

TEST_F(RuleSetDecide, NoOverrideGivesTheClassTreatment) {
  std::string Rule;
  Treatment T = decide(key("add", "f", "/p/src/a.cpp"), OpClass::Infer, Rule);
  EXPECT_EQ(Rule, "class:infer");
  expectTreatment(T, Action::Cast, Format::FP16);
  T = decide(key("add", "f", "/p/src/a.cpp"), OpClass::Allow, Rule);
  EXPECT_EQ(Rule, "class:allow");
  expectTreatment(T, Action::Scale, Format::E4M3);
}

TEST_F(RuleSetDecide, FirstMatchWins) {
  // backward-e5m2 and all-dot both match; the first one decides and the second is not applied.
  OperationKey K = key("dot_mul", "ns::Model::backward", "/p/src/model.cpp", "grad_w");
  EXPECT_EQ(ruleFor(K), "backward-e5m2");
  std::string Rule;
  Treatment T = decide(K, OpClass::Allow, Rule);
  EXPECT_EQ(Rule, "backward-e5m2");
  expectTreatment(T, Action::Scale, Format::E5M2);
  EXPECT_EQ(T.Params.HistoryLen, 4);
  EXPECT_EQ(T.Params.Margin, 0);
  // In loss.cpp the earlier rule wins over everything else.
  K.File = "/p/src/loss.cpp";
  T = decide(K, OpClass::Allow, Rule);
  EXPECT_EQ(Rule, "loss-fp32");
  EXPECT_EQ(T.Action, Action::Keep);
  // Elsewhere the dot multiply falls through to the variable rule, then to all-dot.
  K = key("dot_mul", "Model::forward", "/p/src/model.cpp", "grad_x");
  EXPECT_EQ(ruleFor(K), "grads");
  K.Variable = "y";
  EXPECT_EQ(ruleFor(K), "all-dot");
  T = decide(K, OpClass::Allow, Rule);
  EXPECT_EQ(T.Params.Margin, 3);
  expectTreatment(T, Action::Scale, Format::E4M3);
}

TEST_F(RuleSetDecide, QualifiedNamesMatchAtScopeBoundaries) {
  EXPECT_EQ(ruleFor(key("dot_mul", "Model::backward", "m.cpp")), "backward-e5m2");
  EXPECT_EQ(ruleFor(key("dot_mul", "a::b::Model::backward", "m.cpp")), "backward-e5m2");
  EXPECT_EQ(ruleFor(key("dot_mul", "BigModel::backward", "m.cpp")), "all-dot");
  EXPECT_EQ(ruleFor(key("dot_mul", "Model::backward2", "m.cpp")), "all-dot");
}

TEST_F(RuleSetDecide, PathsMatchAtDirectoryBoundaries) {
  EXPECT_EQ(ruleFor(key("add", "f", "src/loss.cpp")), "loss-fp32");
  EXPECT_EQ(ruleFor(key("add", "f", "/home/u/p/src/loss.cpp")), "loss-fp32");
  EXPECT_EQ(ruleFor(key("add", "f", "/home/u/p/mysrc/loss.cpp")), "");
  EXPECT_EQ(ruleFor(key("add", "f", "/home/u/p/src/loss.cpp.orig")), "");
}

TEST_F(RuleSetDecide, EmptyVariableAndCalleeNeverMatch) {
  EXPECT_EQ(ruleFor(key("add", "f", "a.cpp", "grad_w")), "grads");
  EXPECT_EQ(ruleFor(key("add", "f", "a.cpp", "")), "");
  EXPECT_EQ(ruleFor(key("expf", "f", "a.cpp", "", "expf")), "exp-cast");
  EXPECT_EQ(ruleFor(key("exp", "f", "a.cpp", "", "exp")), "exp-cast");
  EXPECT_EQ(ruleFor(key("exp2f", "f", "a.cpp", "", "exp2f")), "");
}

// A line the summary names, in one file: only the operations written on it.
TEST_F(RuleSetDecide, LinesMatchInTheirFile) {
  EXPECT_EQ(ruleFor(key("dot_mul", "Model::forward", "/p/src/model.cpp", "y", "", 79)), "one-site");
  EXPECT_EQ(ruleFor(key("dot_mul", "Model::forward", "/p/src/model.cpp", "y", "", 82)), "one-site");
  EXPECT_EQ(ruleFor(key("dot_mul", "Model::forward", "/p/src/model.cpp", "y", "", 80)), "all-dot");
  EXPECT_EQ(ruleFor(key("dot_mul", "Model::forward", "/p/src/other.cpp", "y", "", 79)), "all-dot");
}

TEST_F(RuleSetDecide, OverrideClassSelectsTheBaseTreatment) {
  std::string Rule;
  Treatment T = decide(key("expf", "f", "a.cpp", "", "expf"), OpClass::Deny, Rule);
  EXPECT_EQ(Rule, "exp-cast");
  expectTreatment(T, Action::Cast, Format::FP16);
}

TEST(RuleSetPatch, AppliesOnlyTheFieldsItSets) {
  Treatment T;
  T.Action = Action::Scale;
  T.Format = Format::E4M3;
  T.Params.HistoryLen = 8;
  TreatmentPatch P;
  P.Format = Format::E5M2;
  P.Saturate = false;
  P.Rounding = Rounding::Inputs;
  P.Kinds = {{"vector_loops", false}, {"loop_programs", false}};
  P.applyTo(T);
  EXPECT_EQ(T.Action, Action::Scale);
  EXPECT_EQ(T.Format, Format::E5M2);
  EXPECT_EQ(T.Rounding, Rounding::Inputs);
  EXPECT_EQ(T.Params.HistoryLen, 8);
  EXPECT_FALSE(T.Params.Saturate);
  EXPECT_FALSE(T.allows("vector_loops"));
  EXPECT_FALSE(T.allows("loop_programs"));
  TreatmentPatch On;
  On.Kinds = {{"vector_loops", true}};
  On.applyTo(T);
  EXPECT_TRUE(T.allows("vector_loops"));
  EXPECT_FALSE(T.allows("loop_programs"));
}

//===--- shipped files -------------------------------------------------------===//

llvm::Expected<RuleSet> loadShipped(llvm::StringRef File) {
  return loadRuleSet((AUTOSCALE_SOURCE_RULES_DIR "/" + File).str(), KindKeys);
}

TEST(ShippedRules, EveryFileParses) {
  std::error_code EC;
  unsigned Count = 0;
  for (llvm::sys::fs::directory_iterator It(AUTOSCALE_SOURCE_RULES_DIR, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (llvm::sys::path::extension(It->path()) != ".yaml")
      continue;
    ++Count;
    llvm::Expected<RuleSet> R = loadRuleSet(It->path(), KindKeys);
    EXPECT_TRUE(bool(R)) << (R ? "" : llvm::toString(R.takeError()));
  }
  EXPECT_FALSE(EC) << EC.message();
  EXPECT_GE(Count, 4u);
}

TEST(ShippedRules, Default) {
  llvm::Expected<RuleSet> R = loadShipped("default.yaml");
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  const Treatment &A = R->ClassTreatment[classIndex(OpClass::Allow)];
  expectTreatment(A, Action::Scale, Format::E4M3);
  EXPECT_EQ(A.Strategy, Strategy::Delayed);
  EXPECT_EQ(A.Params.HistoryLen, 16);
  expectTreatment(R->ClassTreatment[classIndex(OpClass::Infer)], Action::Cast, Format::FP16);
  EXPECT_EQ(R->ClassTreatment[classIndex(OpClass::Deny)].Action, Action::Keep);
  // A substituted GEMM sees its whole operands: current scaling, without a margin.
  OperationKey Matmul;
  Matmul.Op = "matmul";
  const Override *O = R->firstMatch(Matmul);
  ASSERT_NE(O, nullptr);
  std::string Rule;
  const Treatment T = R->treatment(OpClass::Allow, O, Rule);
  EXPECT_EQ(T.Strategy, Strategy::Current);
  EXPECT_EQ(T.Params.Margin, 0);
  EXPECT_EQ(Rule, "gemm-current-scaling");
}

TEST(ShippedRules, HalfPrecisionFiles) {
  for (auto [File, F] :
       {std::pair{"fp16.yaml", Format::FP16}, std::pair{"bf16.yaml", Format::BF16}}) {
    llvm::Expected<RuleSet> R = loadShipped(File);
    ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
    expectTreatment(R->ClassTreatment[classIndex(OpClass::Allow)], Action::Cast, F);
    expectTreatment(R->ClassTreatment[classIndex(OpClass::Infer)], Action::Cast, F);
    EXPECT_EQ(R->ClassTreatment[classIndex(OpClass::Deny)].Action, Action::Keep) << File;
  }
}

TEST(ShippedRules, PassthroughRewritesEverythingAtFP32) {
  llvm::Expected<RuleSet> R = loadShipped("passthrough.yaml");
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  for (const Treatment &T : R->ClassTreatment)
    expectTreatment(T, Action::Cast, Format::FP32);
  llvm::Expected<RuleSet> Builtin = parseRuleSet("version: 1\n", "builtin", KindKeys);
  ASSERT_TRUE(bool(Builtin));
  for (const auto &[Op, Class] : Builtin->ClassOf)
    EXPECT_TRUE(R->classFor(Op).has_value()) << Op;
  for (const char *Exact : {"floor", "floorf", "ceilf", "truncf", "roundf", "copysignf"})
    EXPECT_EQ(R->classFor(Exact), OpClass::Clear) << Exact;
  for (const Override &O : R->Overrides) // an override must not bring a format back in
    EXPECT_TRUE(!O.Set.Format || *O.Set.Format == Format::FP32) << O.Name;
}

TEST(ShippedRules, ReadmeExampleParses) {
  // The schema document's complete example must stay a valid file.
  auto Readme = llvm::MemoryBuffer::getFile(AUTOSCALE_SOURCE_RULES_DIR "/README.md");
  ASSERT_TRUE(bool(Readme)) << Readme.getError().message();
  llvm::StringRef Text = (*Readme)->getBuffer();
  size_t Section = Text.find("## A complete example");
  ASSERT_NE(Section, llvm::StringRef::npos);
  size_t Begin = Text.find("```yaml\n", Section);
  ASSERT_NE(Begin, llvm::StringRef::npos);
  Begin += 8;
  size_t End = Text.find("```", Begin);
  ASSERT_NE(End, llvm::StringRef::npos);
  llvm::Expected<RuleSet> R = parseRuleSet(Text.slice(Begin, End), "README.md", KindKeys);
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  EXPECT_EQ(R->StepFunctions, std::vector<std::string>{"train_step"});
  EXPECT_EQ(R->Overrides.size(), 4u);
  EXPECT_EQ(R->classFor("div"), OpClass::Infer);
}

// One test, not two: both states use the same directory beside the binary, and ctest may run
// separate tests at the same time.
TEST(DefaultRulesPath, PrefersTheInstalledCopyElseTheSourceTree) {
  std::string Exe =
      llvm::sys::fs::getMainExecutable(nullptr, reinterpret_cast<void *>(&classIndex));
  llvm::SmallString<256> Share(llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Share, "share");
  ASSERT_FALSE(llvm::sys::fs::exists(Share))
      << "an install tree beside the test binary: " << Share.str().str();
  EXPECT_EQ(defaultRulesPath("ruleset_test"), AUTOSCALE_SOURCE_RULES_DIR "/default.yaml");

  // Lay out <exe dir>/../share/autoscale/rules/default.yaml for the duration of the test.
  llvm::SmallString<256> File(Share);
  llvm::sys::path::append(File, "autoscale", "rules");
  ASSERT_FALSE(llvm::sys::fs::create_directories(File));
  llvm::sys::path::append(File, "default.yaml");
  { std::ofstream(File.c_str()) << "version: 1\n"; }
  std::string Found = defaultRulesPath("ruleset_test");
  llvm::sys::fs::remove_directories(Share);
  EXPECT_EQ(Found, File.str().str());
}

} // namespace
