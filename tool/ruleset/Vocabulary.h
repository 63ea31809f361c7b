//===- Vocabulary.h - the rules' enums, their names and runtime constants ----===//
//
// The contract between the tool and the runtime, as code. Each enum below is one of the runtime's
// C enums (autoscale/site.h, autoscale/format.h), value for value: a table maps every value to the
// runtime's constant, with the constant's spelling taken from the same token, and is checked
// against the runtime's enums and counts at compile time. Names (the YAML spellings, what reports
// print) come from the runtime's name functions, the one source of every name. The functions
// rewritten code calls come from the runtime's table of them (autoscale/entry_points.h), and the
// opcodes of loop programs from their enum (autoscale/autoscale.h).
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_RULESET_VOCABULARY_H
#define AUTOSCALE_TOOL_RULESET_VOCABULARY_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace autoscale {

/// The arithmetic an operation performs, whatever the rules call it: the runtime's autoscale_op.
enum class BaseOp { Add, Sub, Mul, Div, Neg, Inc, Dec, Call, Matmul };

} // namespace autoscale

namespace autoscale::rules {

enum class OpClass { Allow, Infer, Deny, Clear };
enum class Action { Keep, Cast, Scale };
enum class Format { FP32, E4M3, E5M2, FP16, BF16 };
enum class Rounding { Output, Inputs };
enum class Strategy { Delayed, Current, Propagate, Static, Empirical };
enum class AmaxReduce { Max, MostRecent };
enum class Statistics { Full, Amax };

/// What an operation is for, beside its arithmetic (autoscale_idiom): the ops the finder names
/// from loops and def-use.
enum class Idiom { DotMul, Accumulate, SquareSum, Update, Guard, Compensation, Report, OuterProduct };

/// What a runtime call does (autoscale_entry_kind) and the type it computes in
/// (autoscale_entry_type).
enum class EntryKind {
  Binary,
  BinaryTensors,
  Assign,
  Negate,
  Prefix,
  Postfix,
  Operand,
  Result,
  Dot,
  Axpy,
  Loop,
  Matmul,
  MatmulNest,
  BeginSteps,
  Step,
  MatmulNestFactors,
  MatmulFactors,
  MatmulNestSums,
  MatmulSumsFree,
  MatmulOutputApart
};
enum class EntryType { None, Float, Double, FloatInDouble, Generic };

/// An op of a loop program (AUTOSCALE_LOOP_*).
enum class LoopCode {
  Load,
  Store,
  Param,
  Add,
  Sub,
  Mul,
  Div,
  Neg,
  SiteAdd,
  SiteSub,
  SiteMul,
  SiteDiv,
  SiteNeg,
  Operand,
  Result,
  Call,
  Less,
  LessEqual,
  Equal,
  Select,
  Counter
};

/// A constant of the runtime's headers: its value and how rewritten code spells it.
struct RuntimeConstant {
  int Value;
  const char *Spelling;
};

RuntimeConstant runtimeConstant(OpClass C);
RuntimeConstant runtimeConstant(Action A);
RuntimeConstant runtimeConstant(Format F);
RuntimeConstant runtimeConstant(Rounding R);
RuntimeConstant runtimeConstant(Strategy S);
RuntimeConstant runtimeConstant(AmaxReduce R);
RuntimeConstant runtimeConstant(Statistics S);
RuntimeConstant runtimeConstant(BaseOp B);
RuntimeConstant runtimeConstant(Idiom I);
RuntimeConstant runtimeConstant(EntryKind K);
RuntimeConstant runtimeConstant(EntryType T);
RuntimeConstant runtimeConstant(LoopCode C);

/// The runtime function rewritten code calls to do K in type T, computing Op where K is
/// arithmetic: its row of autoscale/entry_points.h. Every call the tool writes has one (checked at
/// compile time).
llvm::StringRef entryPoint(EntryKind K, EntryType T, std::optional<BaseOp> Op = std::nullopt);

/// The out-of-line twin of a scalar call (AUTOSCALE_COMPACT_ENTRY_POINTS), written outside loops;
/// empty for a call without one.
llvm::StringRef compactEntryPoint(llvm::StringRef Function);

/// The runtime function a rewritten call of the cuBLAS function Declared (its name as declared:
/// cublasSgemm_v2, ...) calls, its row of AUTOSCALE_CUBLAS_ENTRY_POINTS; empty for any other.
llvm::StringRef cublasEntryPoint(llvm::StringRef Declared);

/// The YAML spelling of a value, as the runtime names it ("allow", "e4m3", "most_recent"...).
llvm::StringRef name(OpClass C);
llvm::StringRef name(Action A);
llvm::StringRef name(Format F);
llvm::StringRef name(Rounding R);
llvm::StringRef name(Strategy S);
llvm::StringRef name(AmaxReduce R);
llvm::StringRef name(Statistics S);
/// The rules' name of an operator's arithmetic ("add", ..., "call").
llvm::StringRef name(BaseOp B);
/// The rules' name of an idiom ("dot_mul", "accumulate", ...).
llvm::StringRef name(Idiom I);

/// Every value of an enum, in order (the runtime's count of it).
template <class E> llvm::SmallVector<E, 8> allValues();

} // namespace autoscale::rules

#endif
