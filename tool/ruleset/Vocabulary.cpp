//===- Vocabulary.cpp - the rules' enums as the runtime's constants ----------===//
#include "ruleset/Vocabulary.h"

#include "autoscale/format.h"
#include "autoscale/site.h"

#include "llvm/Support/ErrorHandling.h"

#include <iterator>

namespace autoscale::rules {
namespace {

#define AUTOSCALE_CONSTANT(C) RuntimeConstant{C, #C}

// Indexed by the rules' enum; each runtime constant is written once, its spelling from its token.
constexpr RuntimeConstant ClassConstants[] = {
    AUTOSCALE_CONSTANT(AUTOSCALE_CLASS_ALLOW), AUTOSCALE_CONSTANT(AUTOSCALE_CLASS_INFER),
    AUTOSCALE_CONSTANT(AUTOSCALE_CLASS_DENY), AUTOSCALE_CONSTANT(AUTOSCALE_CLASS_CLEAR)};
constexpr RuntimeConstant FormatConstants[] = {
    AUTOSCALE_CONSTANT(AUTOSCALE_FP32), AUTOSCALE_CONSTANT(AUTOSCALE_E4M3),
    AUTOSCALE_CONSTANT(AUTOSCALE_E5M2), AUTOSCALE_CONSTANT(AUTOSCALE_FP16),
    AUTOSCALE_CONSTANT(AUTOSCALE_BF16)};
constexpr RuntimeConstant RoundingConstants[] = {AUTOSCALE_CONSTANT(AUTOSCALE_ROUND_OUTPUT),
                                                 AUTOSCALE_CONSTANT(AUTOSCALE_ROUND_INPUTS)};
constexpr RuntimeConstant StrategyConstants[] = {
    AUTOSCALE_CONSTANT(AUTOSCALE_STRATEGY_DELAYED), AUTOSCALE_CONSTANT(AUTOSCALE_STRATEGY_CURRENT),
    AUTOSCALE_CONSTANT(AUTOSCALE_STRATEGY_PROPAGATE), AUTOSCALE_CONSTANT(AUTOSCALE_STRATEGY_STATIC),
    AUTOSCALE_CONSTANT(AUTOSCALE_STRATEGY_EMPIRICAL)};
constexpr RuntimeConstant ReduceConstants[] = {AUTOSCALE_CONSTANT(AUTOSCALE_AMAX_MAX),
                                               AUTOSCALE_CONSTANT(AUTOSCALE_AMAX_MOST_RECENT)};

constexpr RuntimeConstant OpConstants[] = {
    AUTOSCALE_CONSTANT(AUTOSCALE_OP_ADD), AUTOSCALE_CONSTANT(AUTOSCALE_OP_SUB),
    AUTOSCALE_CONSTANT(AUTOSCALE_OP_MUL), AUTOSCALE_CONSTANT(AUTOSCALE_OP_DIV),
    AUTOSCALE_CONSTANT(AUTOSCALE_OP_NEG), AUTOSCALE_CONSTANT(AUTOSCALE_OP_INC),
    AUTOSCALE_CONSTANT(AUTOSCALE_OP_DEC), AUTOSCALE_CONSTANT(AUTOSCALE_OP_CALL)};

#undef AUTOSCALE_CONSTANT

/// Whether Table holds the runtime's constants 0, 1, ... in order: the rules' enum and the
/// runtime's then agree value for value.
template <size_t N> constexpr bool inRuntimeOrder(const RuntimeConstant (&Table)[N]) {
  for (size_t I = 0; I < N; ++I)
    if (Table[I].Value != static_cast<int>(I))
      return false;
  return true;
}

static_assert(std::size(ClassConstants) == static_cast<size_t>(OpClass::Clear) + 1 &&
              inRuntimeOrder(ClassConstants));
static_assert(std::size(FormatConstants) == AUTOSCALE_FORMAT_COUNT &&
              std::size(FormatConstants) == static_cast<size_t>(Format::BF16) + 1 &&
              inRuntimeOrder(FormatConstants));
static_assert(std::size(RoundingConstants) == static_cast<size_t>(Rounding::Inputs) + 1 &&
              inRuntimeOrder(RoundingConstants));
static_assert(std::size(StrategyConstants) == static_cast<size_t>(Strategy::Empirical) + 1 &&
              inRuntimeOrder(StrategyConstants));
static_assert(std::size(ReduceConstants) == static_cast<size_t>(AmaxReduce::MostRecent) + 1 &&
              inRuntimeOrder(ReduceConstants));

static_assert(std::size(OpConstants) == static_cast<size_t>(BaseOp::Call) + 1 &&
              inRuntimeOrder(OpConstants));

} // namespace

RuntimeConstant runtimeConstant(BaseOp B) { return OpConstants[static_cast<size_t>(B)]; }

llvm::StringRef name(BaseOp B) {
  switch (B) {
  case BaseOp::Add: return "add";
  case BaseOp::Sub: return "sub";
  case BaseOp::Mul: return "mul";
  case BaseOp::Div: return "div";
  case BaseOp::Neg: return "neg";
  case BaseOp::Inc: return "inc";
  case BaseOp::Dec: return "dec";
  case BaseOp::Call: return "call";
  }
  llvm_unreachable("bad BaseOp");
}

RuntimeConstant runtimeConstant(OpClass C) { return ClassConstants[static_cast<size_t>(C)]; }
RuntimeConstant runtimeConstant(Format F) { return FormatConstants[static_cast<size_t>(F)]; }
RuntimeConstant runtimeConstant(Rounding R) { return RoundingConstants[static_cast<size_t>(R)]; }
RuntimeConstant runtimeConstant(Strategy S) { return StrategyConstants[static_cast<size_t>(S)]; }
RuntimeConstant runtimeConstant(AmaxReduce R) { return ReduceConstants[static_cast<size_t>(R)]; }

RuntimeConstant runtimeConstant(Action A) {
  switch (A) {
  case Action::Cast: return {AUTOSCALE_ACTION_CAST, "AUTOSCALE_ACTION_CAST"};
  case Action::Scale: return {AUTOSCALE_ACTION_SCALE, "AUTOSCALE_ACTION_SCALE"};
  case Action::Keep: break;
  }
  llvm_unreachable("a kept operation has no site");
}

} // namespace autoscale::rules
