//===- Vocabulary.cpp - the rules' enums, their names and runtime constants --===//
#include "ruleset/Vocabulary.h"

#include "autoscale/autoscale.h"
#include "autoscale/entry_points.h"
#include "autoscale/format.h"
#include "autoscale/site.h"

#include "llvm/Support/ErrorHandling.h"

#include <iterator>
#include <string_view>

namespace autoscale::rules {
namespace {

#define AUTOSCALE_CONSTANT(C) RuntimeConstant{C, #C}

// Indexed by the rules' enum; each runtime constant is written once, its spelling from its token.
constexpr RuntimeConstant ClassConstants[] = {
    AUTOSCALE_CONSTANT(AUTOSCALE_CLASS_ALLOW), AUTOSCALE_CONSTANT(AUTOSCALE_CLASS_INFER),
    AUTOSCALE_CONSTANT(AUTOSCALE_CLASS_DENY), AUTOSCALE_CONSTANT(AUTOSCALE_CLASS_CLEAR)};
constexpr RuntimeConstant ActionConstants[] = {AUTOSCALE_CONSTANT(AUTOSCALE_ACTION_KEEP),
                                               AUTOSCALE_CONSTANT(AUTOSCALE_ACTION_CAST),
                                               AUTOSCALE_CONSTANT(AUTOSCALE_ACTION_SCALE)};
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
    AUTOSCALE_CONSTANT(AUTOSCALE_OP_DEC), AUTOSCALE_CONSTANT(AUTOSCALE_OP_CALL),
    AUTOSCALE_CONSTANT(AUTOSCALE_OP_MATMUL)};
constexpr RuntimeConstant StatisticsConstants[] = {AUTOSCALE_CONSTANT(AUTOSCALE_STATS_FULL),
                                                   AUTOSCALE_CONSTANT(AUTOSCALE_STATS_AMAX)};
constexpr RuntimeConstant IdiomConstants[] = {
    AUTOSCALE_CONSTANT(AUTOSCALE_IDIOM_DOT_MUL),      AUTOSCALE_CONSTANT(AUTOSCALE_IDIOM_ACCUMULATE),
    AUTOSCALE_CONSTANT(AUTOSCALE_IDIOM_SQUARE_SUM),   AUTOSCALE_CONSTANT(AUTOSCALE_IDIOM_UPDATE),
    AUTOSCALE_CONSTANT(AUTOSCALE_IDIOM_GUARD),        AUTOSCALE_CONSTANT(AUTOSCALE_IDIOM_COMPENSATION),
    AUTOSCALE_CONSTANT(AUTOSCALE_IDIOM_REPORT),       AUTOSCALE_CONSTANT(AUTOSCALE_IDIOM_OUTER_PRODUCT)};
constexpr RuntimeConstant EntryKindConstants[] = {
    AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_BINARY),      AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_BINARY_TENSORS),
    AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_ASSIGN),      AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_NEGATE),
    AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_PREFIX),      AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_POSTFIX),
    AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_OPERAND),     AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_RESULT),
    AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_DOT),         AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_AXPY),
    AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_LOOP),        AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_MATMUL),
    AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_MATMUL_NEST), AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_BEGIN_STEPS),
    AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_STEP),        AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_MATMUL_NEST_FACTORS),
    AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_MATMUL_FACTORS), AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_MATMUL_NEST_SUMS),
    AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_MATMUL_SUMS_FREE), AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_MATMUL_OUTPUT_APART)};
constexpr RuntimeConstant EntryTypeConstants[] = {
    AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_NONE), AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_FLOAT),
    AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_DOUBLE), AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_FLOAT_IN_DOUBLE),
    AUTOSCALE_CONSTANT(AUTOSCALE_ENTRY_GENERIC)};
constexpr RuntimeConstant LoopCodeConstants[] = {
    AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_LOAD),       AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_STORE),
    AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_PARAM),      AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_ADD),
    AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_SUB),        AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_MUL),
    AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_DIV),        AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_NEG),
    AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_SITE_ADD),   AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_SITE_SUB),
    AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_SITE_MUL),   AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_SITE_DIV),
    AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_SITE_NEG),   AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_OPERAND),
    AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_RESULT),     AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_CALL),
    AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_LESS),       AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_LESS_EQUAL),
    AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_EQUAL),      AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_SELECT),
    AUTOSCALE_CONSTANT(AUTOSCALE_LOOP_COUNTER)};

#undef AUTOSCALE_CONSTANT

/// Whether Table holds all Count constants of a runtime enum as 0, 1, ... in order: the rules'
/// enum indexing it and the runtime's then agree value for value.
template <size_t N> constexpr bool isRuntimeEnum(const RuntimeConstant (&Table)[N], int Count) {
  if (static_cast<int>(N) != Count)
    return false;
  for (size_t I = 0; I < N; ++I)
    if (Table[I].Value != static_cast<int>(I))
      return false;
  return true;
}

static_assert(isRuntimeEnum(ClassConstants, AUTOSCALE_CLASS_COUNT));
static_assert(isRuntimeEnum(ActionConstants, AUTOSCALE_ACTION_COUNT));
static_assert(isRuntimeEnum(FormatConstants, AUTOSCALE_FORMAT_COUNT));
static_assert(isRuntimeEnum(RoundingConstants, AUTOSCALE_ROUNDING_COUNT));
static_assert(isRuntimeEnum(StrategyConstants, AUTOSCALE_STRATEGY_COUNT));
static_assert(isRuntimeEnum(ReduceConstants, AUTOSCALE_AMAX_REDUCE_COUNT));
static_assert(isRuntimeEnum(OpConstants, AUTOSCALE_OP_COUNT));
static_assert(isRuntimeEnum(StatisticsConstants, AUTOSCALE_STATISTICS_COUNT));
static_assert(isRuntimeEnum(IdiomConstants, AUTOSCALE_IDIOM_COUNT));
static_assert(isRuntimeEnum(EntryKindConstants, AUTOSCALE_ENTRY_KIND_COUNT));
static_assert(isRuntimeEnum(EntryTypeConstants, AUTOSCALE_ENTRY_TYPE_COUNT));
static_assert(isRuntimeEnum(LoopCodeConstants, AUTOSCALE_LOOP_CODE_COUNT));
// The rules' enums end where the runtime's do.
static_assert(static_cast<int>(OpClass::Clear) + 1 == AUTOSCALE_CLASS_COUNT);
static_assert(static_cast<int>(Action::Scale) + 1 == AUTOSCALE_ACTION_COUNT);
static_assert(static_cast<int>(Format::BF16) + 1 == AUTOSCALE_FORMAT_COUNT);
static_assert(static_cast<int>(Rounding::Inputs) + 1 == AUTOSCALE_ROUNDING_COUNT);
static_assert(static_cast<int>(Strategy::Empirical) + 1 == AUTOSCALE_STRATEGY_COUNT);
static_assert(static_cast<int>(AmaxReduce::MostRecent) + 1 == AUTOSCALE_AMAX_REDUCE_COUNT);
static_assert(static_cast<int>(BaseOp::Matmul) + 1 == AUTOSCALE_OP_COUNT);
static_assert(static_cast<int>(Statistics::Amax) + 1 == AUTOSCALE_STATISTICS_COUNT);
static_assert(static_cast<int>(Idiom::OuterProduct) + 1 == AUTOSCALE_IDIOM_COUNT);
static_assert(static_cast<int>(EntryKind::MatmulOutputApart) + 1 == AUTOSCALE_ENTRY_KIND_COUNT);
static_assert(static_cast<int>(EntryType::Generic) + 1 == AUTOSCALE_ENTRY_TYPE_COUNT);
static_assert(static_cast<int>(LoopCode::Counter) + 1 == AUTOSCALE_LOOP_CODE_COUNT);

/// One row of the runtime's table of entry points.
struct EntryRow {
  int Kind, Op, Type;
  const char *Name;
};
#define AUTOSCALE_ENTRY_ROW(Name, Kind, Op, Type) EntryRow{Kind, Op, Type, #Name},
constexpr EntryRow EntryRows[] = {AUTOSCALE_ENTRY_POINTS(AUTOSCALE_ENTRY_ROW)
                                      AUTOSCALE_GENERIC_ENTRY_POINTS(AUTOSCALE_ENTRY_ROW)};
#undef AUTOSCALE_ENTRY_ROW

constexpr const EntryRow *findEntry(int Kind, int Type, int Op) {
  for (const EntryRow &R : EntryRows)
    if (R.Kind == Kind && R.Type == Type && R.Op == Op)
      return &R;
  return nullptr;
}

/// Whether the table has a row for every call the emitter may write: each kind with the
/// arithmetic and the types it is spelled for.
constexpr bool coversEveryCall() {
  struct Need {
    int Kind, FirstOp, LastOp;
    bool Float, Double, FloatInDouble, Generic, None;
  };
  constexpr Need Needs[] = {
      {AUTOSCALE_ENTRY_BINARY, AUTOSCALE_OP_ADD, AUTOSCALE_OP_DIV, true, true, false, true, false},
      {AUTOSCALE_ENTRY_BINARY_TENSORS, AUTOSCALE_OP_ADD, AUTOSCALE_OP_DIV, true, true, false, false, false},
      {AUTOSCALE_ENTRY_ASSIGN, AUTOSCALE_OP_ADD, AUTOSCALE_OP_DIV, true, true, true, true, false},
      {AUTOSCALE_ENTRY_NEGATE, AUTOSCALE_OP_NEG, AUTOSCALE_OP_NEG, true, true, false, true, false},
      {AUTOSCALE_ENTRY_PREFIX, AUTOSCALE_OP_INC, AUTOSCALE_OP_DEC, true, true, false, true, false},
      {AUTOSCALE_ENTRY_POSTFIX, AUTOSCALE_OP_INC, AUTOSCALE_OP_DEC, true, true, false, true, false},
      {AUTOSCALE_ENTRY_OPERAND, AUTOSCALE_OP_CALL, AUTOSCALE_OP_CALL, true, true, false, true, false},
      {AUTOSCALE_ENTRY_RESULT, AUTOSCALE_OP_CALL, AUTOSCALE_OP_CALL, true, true, false, true, false},
      {AUTOSCALE_ENTRY_DOT, AUTOSCALE_OP_MUL, AUTOSCALE_OP_MUL, true, true, false, false, false},
      {AUTOSCALE_ENTRY_AXPY, AUTOSCALE_OP_MUL, AUTOSCALE_OP_MUL, true, true, false, false, false},
      {AUTOSCALE_ENTRY_LOOP, AUTOSCALE_ENTRY_NO_OP, AUTOSCALE_ENTRY_NO_OP, true, false, false, false, false},
      {AUTOSCALE_ENTRY_MATMUL, AUTOSCALE_OP_MATMUL, AUTOSCALE_OP_MATMUL, true, true, false, false, false},
      {AUTOSCALE_ENTRY_MATMUL_NEST, AUTOSCALE_OP_MATMUL, AUTOSCALE_OP_MATMUL, true, true, false, true, false},
      {AUTOSCALE_ENTRY_MATMUL_NEST_FACTORS, AUTOSCALE_OP_MATMUL, AUTOSCALE_OP_MATMUL, true, true, false, true, false},
      {AUTOSCALE_ENTRY_MATMUL_NEST_SUMS, AUTOSCALE_OP_MATMUL, AUTOSCALE_OP_MATMUL, true, true, false, false, false},
      {AUTOSCALE_ENTRY_MATMUL_SUMS_FREE, AUTOSCALE_ENTRY_NO_OP, AUTOSCALE_ENTRY_NO_OP, false, false, false, false, true},
      {AUTOSCALE_ENTRY_MATMUL_OUTPUT_APART, AUTOSCALE_OP_MATMUL, AUTOSCALE_OP_MATMUL, true, true, false, false, false},
      {AUTOSCALE_ENTRY_BEGIN_STEPS, AUTOSCALE_ENTRY_NO_OP, AUTOSCALE_ENTRY_NO_OP, false, false, false, false, true},
      {AUTOSCALE_ENTRY_STEP, AUTOSCALE_ENTRY_NO_OP, AUTOSCALE_ENTRY_NO_OP, false, false, false, false, true}};
  for (const Need &N : Needs)
    for (int Op = N.FirstOp; Op <= N.LastOp; ++Op) {
      const bool Types[] = {N.None, N.Float, N.Double, N.FloatInDouble, N.Generic};
      for (int T = 0; T < AUTOSCALE_ENTRY_TYPE_COUNT; ++T)
        if (Types[T] && !findEntry(N.Kind, T, Op))
          return false;
    }
  return true;
}
static_assert(coversEveryCall(), "autoscale/entry_points.h lacks a call the emitter writes");

/// The runtime's out-of-line twins of the scalar calls.
struct CompactRow {
  const char *Function, *Twin;
};
#define AUTOSCALE_COMPACT_ROW(Function, Twin, Type, Parameters, Arguments) CompactRow{#Function, #Twin},
constexpr CompactRow CompactRows[] = {AUTOSCALE_COMPACT_ENTRY_POINTS(AUTOSCALE_COMPACT_ROW)};
#undef AUTOSCALE_COMPACT_ROW

constexpr const char *findTwin(std::string_view Function) {
  for (const CompactRow &R : CompactRows)
    if (Function == R.Function)
      return R.Twin;
  return nullptr;
}

/// Whether every scalar call of a float or double the emitter may write outside a loop has a
/// twin: the operators and the result of a math call (an operand's call is one test inline).
constexpr bool twinsCoverEveryScalarCall() {
  for (const EntryRow &R : EntryRows) {
    const bool Scalar = R.Kind <= AUTOSCALE_ENTRY_POSTFIX || R.Kind == AUTOSCALE_ENTRY_RESULT;
    if (Scalar && R.Type != AUTOSCALE_ENTRY_GENERIC && !findTwin(R.Name))
      return false;
  }
  return true;
}
static_assert(twinsCoverEveryScalarCall(), "autoscale/entry_points.h lacks a twin of a scalar call");

size_t countOf(OpClass) { return std::size(ClassConstants); }
size_t countOf(Action) { return std::size(ActionConstants); }
size_t countOf(Format) { return std::size(FormatConstants); }
size_t countOf(Rounding) { return std::size(RoundingConstants); }
size_t countOf(Strategy) { return std::size(StrategyConstants); }
size_t countOf(AmaxReduce) { return std::size(ReduceConstants); }
size_t countOf(Statistics) { return std::size(StatisticsConstants); }
size_t countOf(Idiom) { return std::size(IdiomConstants); }

template <class E, size_t N> RuntimeConstant lookup(const RuntimeConstant (&Table)[N], E V) {
  return Table[static_cast<size_t>(V)];
}

/// A runtime name function's answer for one of its own values (never NULL).
llvm::StringRef named(const char *Name) {
  if (!Name)
    llvm_unreachable("a runtime enum value without a name");
  return Name;
}

} // namespace

RuntimeConstant runtimeConstant(OpClass C) { return lookup(ClassConstants, C); }
RuntimeConstant runtimeConstant(Action A) { return lookup(ActionConstants, A); }
RuntimeConstant runtimeConstant(Format F) { return lookup(FormatConstants, F); }
RuntimeConstant runtimeConstant(Rounding R) { return lookup(RoundingConstants, R); }
RuntimeConstant runtimeConstant(Strategy S) { return lookup(StrategyConstants, S); }
RuntimeConstant runtimeConstant(AmaxReduce R) { return lookup(ReduceConstants, R); }
RuntimeConstant runtimeConstant(BaseOp B) { return lookup(OpConstants, B); }
RuntimeConstant runtimeConstant(Statistics S) { return lookup(StatisticsConstants, S); }
RuntimeConstant runtimeConstant(Idiom I) { return lookup(IdiomConstants, I); }
RuntimeConstant runtimeConstant(EntryKind K) { return lookup(EntryKindConstants, K); }
RuntimeConstant runtimeConstant(EntryType T) { return lookup(EntryTypeConstants, T); }
RuntimeConstant runtimeConstant(LoopCode C) { return lookup(LoopCodeConstants, C); }

llvm::StringRef entryPoint(EntryKind K, EntryType T, std::optional<BaseOp> Op) {
  if (const EntryRow *R = findEntry(runtimeConstant(K).Value, runtimeConstant(T).Value,
                                    Op ? runtimeConstant(*Op).Value : AUTOSCALE_ENTRY_NO_OP))
    return R->Name;
  llvm_unreachable("a runtime call without a row in autoscale/entry_points.h");
}

llvm::StringRef compactEntryPoint(llvm::StringRef Function) {
  const char *Twin = findTwin(std::string_view(Function.data(), Function.size()));
  return Twin ? llvm::StringRef(Twin) : llvm::StringRef();
}

llvm::StringRef cublasEntryPoint(llvm::StringRef Declared) {
  struct CublasRow {
    const char *Entry, *Cublas;
  };
#define AUTOSCALE_CUBLAS_ROW(Entry, Cublas) CublasRow{#Entry, #Cublas},
  static constexpr CublasRow Rows[] = {AUTOSCALE_CUBLAS_ENTRY_POINTS(AUTOSCALE_CUBLAS_ROW)};
#undef AUTOSCALE_CUBLAS_ROW
  for (const CublasRow &R : Rows)
    if (Declared == R.Cublas)
      return R.Entry;
  return {};
}

llvm::StringRef name(OpClass C) { return named(autoscale_class_name(runtimeConstant(C).Value)); }
llvm::StringRef name(Action A) { return named(autoscale_action_name(runtimeConstant(A).Value)); }
llvm::StringRef name(Format F) { return named(autoscale_format_name(runtimeConstant(F).Value)); }
llvm::StringRef name(Rounding R) {
  return named(autoscale_rounding_name(runtimeConstant(R).Value));
}
llvm::StringRef name(Strategy S) {
  return named(autoscale_strategy_name(runtimeConstant(S).Value));
}
llvm::StringRef name(AmaxReduce R) {
  return named(autoscale_amax_reduce_name(runtimeConstant(R).Value));
}
llvm::StringRef name(BaseOp B) { return named(autoscale_op_name(runtimeConstant(B).Value)); }
llvm::StringRef name(Idiom I) { return named(autoscale_idiom_name(runtimeConstant(I).Value)); }
llvm::StringRef name(Statistics S) {
  return named(autoscale_statistics_name(runtimeConstant(S).Value));
}

template <class E> llvm::SmallVector<E, 8> allValues() {
  llvm::SmallVector<E, 8> Out;
  // Every value the runtime's table of the enum maps (its size is checked above).
  for (int V = 0; runtimeConstant(static_cast<E>(V)).Value == V; ++V) {
    Out.push_back(static_cast<E>(V));
    if (static_cast<size_t>(V + 1) == countOf(static_cast<E>(V)))
      break;
  }
  return Out;
}

template llvm::SmallVector<OpClass, 8> allValues<OpClass>();
template llvm::SmallVector<Action, 8> allValues<Action>();
template llvm::SmallVector<Format, 8> allValues<Format>();
template llvm::SmallVector<Rounding, 8> allValues<Rounding>();
template llvm::SmallVector<Strategy, 8> allValues<Strategy>();
template llvm::SmallVector<AmaxReduce, 8> allValues<AmaxReduce>();
template llvm::SmallVector<Statistics, 8> allValues<Statistics>();
template llvm::SmallVector<Idiom, 8> allValues<Idiom>();

} // namespace autoscale::rules
