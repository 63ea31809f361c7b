//===- Operation.h - what find/ records of a translation unit ----------------===//
//
// The records find/ hands to decide/ and emit/: each floating-point operation (what it is, where
// it is written, and the shape of its rewrite or why it cannot be rewritten), the dataflow edges
// between operations, and the places where a step may end. Nothing here is text to insert: emit/
// spells every call from a shape and a decision.
//
// Records are keyed by where they are written (file and byte offset), never by an index into one
// unit's list, so what several translation units found merges without renumbering.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_OPERATION_H
#define AUTOSCALE_TOOL_FIND_OPERATION_H

#include "ruleset/Vocabulary.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace autoscale {

/// Identity of an operation: the file (absolute path) and offset of its operator or callee, and
/// the operator's spelling (an operation written in a macro argument is seen once per expansion,
/// and two expansions of one spelling must agree).
struct OpKey {
  std::string File;
  unsigned Offset = 0;
  std::string Spelling;

  bool operator<(const OpKey &O) const {
    return std::tie(File, Offset, Spelling) < std::tie(O.File, O.Offset, O.Spelling);
  }
  bool operator==(const OpKey &O) const {
    return File == O.File && Offset == O.Offset && Spelling == O.Spelling;
  }
};

/// A byte range [Begin, End) of the operation's file.
struct Span {
  unsigned Begin = 0, End = 0;
  bool operator==(const Span &O) const { return Begin == O.Begin && End == O.End; }
};

/// The floating types the runtime computes in.
enum class FloatKind { Float, Double };

/// How an operation becomes a runtime call.
enum class Form {
  Binary,         ///< L op R
  CompoundAssign, ///< L op= R: the runtime call writes L through its address
  Negate,         ///< -X
  IncDec,         ///< ++X, X++, --X, X--
  MathCall,       ///< f(args): the float arguments and the result pass through the site
  Matmul,         ///< a matrix product: one call of the runtime's scaled GEMM (GemmShape.h)
};

/// What a substitution kind proved it can compute of an operation with the code around it
/// (substitutions/Substitution.h): each kind's shape derives from this one (GemmShape,
/// VectorLoopShape, LoopProgramShape) and is stored under the kind's name.
struct SubstitutionShape {
  virtual ~SubstitutionShape() = default;
  /// Whether O, a shape stored under the same kind's name (so of the same type), is this one.
  virtual bool same(const SubstitutionShape &O) const = 0;
};

/// The base of a kind's shape T, compared with T's own ==: shapes stored under one kind's name are
/// of that kind's type.
template <class T> struct SubstitutionShapeOf : SubstitutionShape {
  bool same(const SubstitutionShape &O) const override {
    return static_cast<const T &>(*this) == static_cast<const T &>(O);
  }
};

/// The shapes of an operation, per kind name; a kind absent found none.
using SubstitutionShapes =
    std::map<std::string, std::shared_ptr<const SubstitutionShape>, std::less<>>;

/// The shape stored under Kind, as its type T (the kind's own), or null.
template <class T> const T *substitutionShape(const SubstitutionShapes &Shapes, llvm::StringRef Kind) {
  auto It = Shapes.find(Kind);
  return It == Shapes.end() ? nullptr : static_cast<const T *>(It->second.get());
}

/// One operand the rewrite wraps.
struct OperandShape {
  Span Where;
  /// The operand's type at the call: float or double, or unset when only an instantiation
  /// knows it (a generic call's operands).
  std::optional<FloatKind> Type;
  /// The operand as written is not of that type: the rewrite converts it explicitly (the usual
  /// arithmetic conversions, spelled out).
  bool Convert = false;
  /// The operand's slot at its site: 0 and 1 for binary operations, the float arguments of a math
  /// call numbered in order.
  unsigned Slot = 0;
  /// The variable whose storage the operand reads (an array or the pointer it indexes, through
  /// locals): its address names the operand's tensor at the site. A standard container's
  /// elements name its data pointer (`l.w.data()`). Empty when none.
  std::string Tensor;
  bool operator==(const OperandShape &O) const {
    return Where == O.Where && Type == O.Type && Convert == O.Convert && Slot == O.Slot &&
           Tensor == O.Tensor;
  }
};

/// The shape of an operation's rewrite: where its pieces are and what the call needs to know.
struct RewriteShape {
  Form Kind = Form::Binary;
  /// A C++ generic call (::autoscale::mul(site, a, b)) that takes its type at instantiation:
  /// operations of templates whose type depends on a template parameter, and compound
  /// assignments or prefix steps whose lvalue result is used.
  bool Generic = false;
  FloatKind Compute = FloatKind::Float; ///< the computation type (non-generic)
  /// Compound assignment to a float whose computation is double (f += 0.5).
  bool FloatLhsDoubleCompute = false;
  bool Prefix = false; ///< IncDec: ++x rather than x++
  Span Whole;          ///< the whole expression
  Span Operator;       ///< the operator token, or the callee of a math call
  /// Binary and CompoundAssign: left then right; Negate and IncDec: the one operand; MathCall:
  /// the float arguments in order.
  std::vector<OperandShape> Operands;
  /// What each substitution kind proved it can compute of the operation with the code around it
  /// (a Matmul operation's product and edits; a multiply's loop; the loop program the operation
  /// is in, one shape shared by every operation of the loop).
  SubstitutionShapes Substitutions;

  bool operator==(const RewriteShape &O) const {
    return Kind == O.Kind && Generic == O.Generic && Compute == O.Compute &&
           FloatLhsDoubleCompute == O.FloatLhsDoubleCompute && Prefix == O.Prefix &&
           Whole == O.Whole && Operator == O.Operator && Operands == O.Operands &&
           std::equal(Substitutions.begin(), Substitutions.end(), O.Substitutions.begin(),
                      O.Substitutions.end(), [](const auto &A, const auto &B) {
                        return A.first == B.first && A.second->same(*B.second);
                      });
  }
};

/// The skip reasons of an operation whose operands are constants, or come from integers.
inline constexpr llvm::StringLiteral kConstantOperands = "constant operands (evaluated at compile time)";
inline constexpr llvm::StringLiteral kIntegerOperands =
    "operands computed from integers (indices, counts, random integers): no tensor data";

struct Operation {
  OpKey Key;
  std::string OpName;    ///< the rules' op name: add, ..., dot_mul, accumulate, or the callee
  BaseOp Base = BaseOp::Add;
  std::string File;      ///< path relative to the project root (what reports and sites show)
  unsigned Line = 0, Column = 0;
  std::string Type;      ///< computation type: "float", "double", "dependent", or why not
  std::string Function;  ///< qualified name of the enclosing function
  std::string FunctionKey; ///< the enclosing function as FunctionRecord names it
  std::optional<unsigned> Loop; ///< offset of the innermost loop around it (FunctionRecord)
  std::string Variable;  ///< variable assigned or initialised by the expression, if any
  std::string Callee;    ///< math calls: the resolved callee's unqualified name
  std::string SkipReason; ///< non-empty: the operation cannot be rewritten faithfully, and why
  /// Whether it is skipped because its operands are constants or come from integers (in it or in a
  /// template's instantiation): its value, exact as written, is no tensor's data, and makes
  /// nothing it feeds precision sensitive (decide's colouring).
  bool computesNoTensorData() const {
    return llvm::StringRef(SkipReason).starts_with(kConstantOperands) ||
           llvm::StringRef(SkipReason).starts_with(kIntegerOperands);
  }
  std::string Note;       ///< what else the report says of how it runs (a cuBLASLt epilogue)
  std::string Suggestion; ///< a matmul not proved: the rules (YAML) that would declare it
  /// Per substitution kind that looked at the operation and found no shape: why not (a
  /// multiply accumulated alone in a loop's body that is no vector loop, an operation of an
  /// innermost loop that is no loop program).
  std::map<std::string, std::string, std::less<>> NotSubstituted;
  /// Why the kind named Kind found no shape; empty when it found one or did not look.
  std::string notSubstitutedBy(llvm::StringRef Kind) const {
    auto It = NotSubstituted.find(Kind);
    return It == NotSubstituted.end() ? std::string() : It->second;
  }
  bool Cuda = false;     ///< found in a CUDA unit: its file's sites must also exist on the device
  /// Device code: the loops around it that nvcc must unroll to keep a thread's arrays in registers
  /// once it is rewritten, by the offsets of their `for` (find/loops/DeviceUnrolls.h).
  std::vector<unsigned> DeviceUnrolls;
  bool SeenByC = false;  ///< found in a C unit: conversions are spelled as C casts
  std::optional<RewriteShape> Shape; ///< set exactly when SkipReason is empty
};

/// Operand Slot of To is computed by From (through the expression, a cast, or a local variable
/// that holds From's result).
struct DataflowEdge {
  OpKey From, To;
  unsigned Slot = 0;
  bool operator<(const DataflowEdge &O) const {
    return std::tie(From, To, Slot) < std::tie(O.From, O.To, O.Slot);
  }
};

/// A place where autoscale_step() goes when a function ends a step, or autoscale_begin_steps()
/// where the program's steps begin (Begins): emit/ spells both.
struct StepPoint {
  enum Kind {
    /// `return e;` -> `{ <ReturnDecl> = (e); autoscale_step(); return autoscale_ret_; }`, where
    /// ReturnDecl declares the local autoscale_ret_ of the function's return type.
    ReturnValue,
    /// A statement the step ends just before: `return;` (or a return whose value cannot be
    /// held), the `continue;` of a step loop. `{ autoscale_step(); <statement> }`.
    BeforeStatement,
    /// A closing brace: of a void function that does not end in a return, of a step loop's body.
    BeforeBrace,
    /// An expression evaluated once per iteration at its end (a for loop's increment, a do
    /// loop's condition): `autoscale_step(), ` before it, or `autoscale_step()` in an empty slot.
    BeforeExpression,
    /// An opening brace: of a step function's body, where its steps begin.
    AfterBrace,
  } Where = BeforeBrace;
  /// autoscale_begin_steps() (BeforeStatement: the whole step loop; AfterBrace), not
  /// autoscale_step().
  bool Begins = false;
  /// Begins before a loop with #pragma lines: Begin is the end of the code line above them, so
  /// that the pragmas keep their lines and every line its number.
  bool AfterCodeLine = false;
  unsigned Begin = 0, End = 0; ///< where it goes; a statement up to and including its ;
  Span Value;                  ///< ReturnValue: the returned expression
  bool BracedValue = false;    ///< ReturnValue: `return {a, b};`
  bool VoidValue = false;      ///< ReturnValue: `return f();` in a void function
  bool HasExpression = false;  ///< BeforeExpression: an expression is there (else an empty slot)
  std::string ReturnDecl;      ///< ReturnValue of a non-void function, e.g. "float autoscale_ret_"

  bool operator<(const StepPoint &O) const {
    return std::tie(Begin, End, Where, Begins) < std::tie(O.Begin, O.End, O.Where, O.Begins);
  }
};

/// A loop of a function, for finding the loop that drives the program's steps.
struct LoopRecord {
  unsigned Offset = 0, Line = 0;   ///< of its keyword, in the function's file
  std::optional<unsigned> Parent;  ///< the loop around it in the same function
  /// Where a step ends at the end of each iteration: a for loop's increment, a do loop's
  /// condition, or the closing brace of a while loop's body and each `continue;` of it. Empty
  /// when they are not written in the file (a macro's loop, a body without braces).
  std::vector<StepPoint> Steps;
  /// Where the steps begin when the loop ends them: the whole loop, in braces after the call
  /// (it may be the body of an if without braces). None when the loop is not written in the
  /// file or has #pragma lines (a call before them would take the pragma off its line).
  std::optional<StepPoint> Begin;
  /// A for loop whose counter indexes memory in its body (`a[i]`, `p + i`) or is a pointer: it
  /// walks over data, where a step loop repeats work on the same data.
  bool IndexesData = false;
};

/// A function with a body: its loops and the calls it makes, for the step inference.
/// FunctionRecord::Calls: a call of every function of the name that follows.
inline constexpr const char *kCallByName = "?";

struct FunctionRecord {
  std::string Key;     ///< unique: its name, in C++ its type too (functionKey)
  std::string Name;    ///< qualified name; a function of internal linkage adds "@<its file>"
  std::string File;    ///< absolute path of its body
  std::string Display; ///< project-relative path of its body
  std::map<unsigned, LoopRecord> Loops; ///< by offset
  /// Each call: the callee's key (for a member of a dependent object in a template, kCallByName
  /// and the member's name) and the innermost loop around the call, if any.
  std::set<std::pair<std::string, std::optional<unsigned>>> Calls;
  /// For a method, the keys of the virtual methods it overrides (at any depth): a call to one of
  /// them may run this one.
  std::set<std::string> Overrides;
};

/// A kernel of the project that a unit defines or launches (find/KernelLaunches.h): what may
/// give it `__launch_bounds__`.
struct KernelRecord {
  std::string Name;
  std::string File;        ///< absolute path of its definition; empty where the unit has none
  unsigned NameOffset = 0; ///< where the definition's name starts
  bool Bounded = false;    ///< it has __launch_bounds__ already
  bool Internal = false;   ///< no other unit can launch it
  bool Launched = false;
  bool Escapes = false;        ///< named other than as a launch's callee
  uint64_t MaxThreads = 0;     ///< the most threads of a block among its launches of constant size
  bool UnknownThreads = false; ///< some launch's block size is not a constant
  /// Its body's braces ([BodyBegin, BodyEnd), BodyBegin just after `{`), where the definition is
  /// written in the file and holds no lambda or local class: then its calls may index a copy of
  /// the site table (autoscale/device_sites.h), which the body of a lambda or a member function
  /// of a local class could not name. 0 otherwise.
  unsigned BodyBegin = 0, BodyEnd = 0;

  /// What another unit's record adds: its definition, its launches.
  void merge(const KernelRecord &O);
  /// The block size `__launch_bounds__` may promise: the largest launched, where every launch is
  /// seen and constant, or 1024, the most any block has; 0 for none.
  uint64_t boundsThreads() const;
  /// Why a kernel defined here gets no bound although some of its launches may take blocks its
  /// rewritten registers do not fit (more than 256 threads): launches not seen, or not constant.
  /// Empty where it is bounded, or where every launch seen is small and no other unit launches it.
  std::string unboundedReason() const;
};

/// Everything found in one translation unit.
struct FoundUnit {
  std::vector<Operation> Ops;
  std::set<DataflowEdge> Edges;
  /// Step points of the step functions the rules declare, per absolute file path.
  std::map<std::string, std::set<StepPoint>> StepPoints;
  /// The rules' step function names a definition of the project matched.
  std::set<std::string> StepFunctionsDefined;
  /// Absolute path -> path relative to the project root, for every project file the unit reads
  /// (sources and their headers outside system directories).
  std::map<std::string, std::string> DisplayPaths;
  /// Per absolute path, the offsets of the arithmetic operators the unit parsed there that are
  /// not floating-point operations (integer arithmetic, say): a header whose text is a float
  /// operation in one unit and an integer one in another must not be rewritten.
  std::map<std::string, std::set<unsigned>> OtherArithmetic;
  /// The headers outside the project root (and outside system directories) the unit read.
  std::set<std::string> OutsideRoot;
  /// Every function of the project's files with a body, by key.
  std::map<std::string, FunctionRecord> Functions;
  /// The program calls autoscale_step() itself: it says where its steps end.
  bool CallsStep = false;
  /// The kernels it defines or launches, by function key.
  std::map<std::string, KernelRecord> Kernels;
  /// Per absolute path, the first and last lines of the device branches (`#ifdef __CUDA_ARCH__`)
  /// its host parse skipped: operations there stay as written (driver/DeviceBranches.h).
  std::map<std::string, std::set<std::pair<unsigned, unsigned>>> DeviceBranches;
};

} // namespace autoscale

#endif
