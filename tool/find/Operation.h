//===- Operation.h - a floating-point operation found in the source ----------===//
//
// The record find/ hands to decide/ and emit/: what the operation is, where it is written, the
// text edits that would route it through the runtime, or why it cannot be rewritten.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_OPERATION_H
#define AUTOSCALE_TOOL_FIND_OPERATION_H

#include <map>
#include <string>
#include <vector>

namespace autoscale {

/// One text edit of a file. Rewrites of nested operations meet at the same offsets, so an edit
/// also says where it sits among the edits at its offset: closing text first (innermost
/// expression first), then opening text (outermost first), then the replacement of the token
/// that starts there.
struct Edit {
  enum Phase { Close = 0, Open = 1, Replace = 2 };
  unsigned Offset = 0;
  unsigned Length = 0; ///< bytes replaced; 0 for an insertion
  std::string Text;    ///< may contain SiteMarker
  Phase Where = Open;
  unsigned Span = 0;   ///< length of the expression an Open/Close edit wraps
  int Layer = 0;       ///< among equal spans: 0 wraps an operand, 1 is the operation's call

  bool operator==(const Edit &O) const {
    return Offset == O.Offset && Length == O.Length && Text == O.Text && Where == O.Where &&
           Span == O.Span && Layer == O.Layer;
  }
};

/// Stands for the address of the operation's site until emit/ numbers the sites of a file.
inline constexpr const char *SiteMarker = "\x01site\x01";

struct Operation {
  std::string Op;        ///< op name for the rules: add, sub, ..., dot_mul, accumulate, callee
  std::string Spelling;  ///< as written: "*", "+=", "++", "expf", "std::exp"
  std::string RuntimeOp; ///< AUTOSCALE_OP_* constant of the site
  std::string File;      ///< path relative to the project root (what reports and sites show)
  std::string AbsFile;   ///< absolute path, for reading and writing
  unsigned Offset = 0;   ///< of the operator (or callee) in File: the operation's identity
  unsigned Line = 0, Column = 0;
  std::string Type;      ///< computation type as Clang spells it
  std::string Function;  ///< qualified name of the enclosing function
  std::string Variable;  ///< variable assigned or initialised by the expression, if any
  std::string Callee;    ///< math calls: the resolved callee's unqualified name
  std::string SkipReason; ///< non-empty: the operation cannot be rewritten faithfully, and why
  bool Cuda = false;     ///< found in a CUDA unit: its file's sites must also exist on the device
  std::vector<unsigned> Inputs; ///< operations (indices in the same list) feeding the operands
  std::vector<std::string> FedBy; ///< the same, as "file:line:col" (stable across units)
  std::vector<Edit> Edits;      ///< the rewrite; empty when skipped
};

/// Everything found in one translation unit.
struct FoundOperations {
  std::vector<Operation> Ops;
  /// Insertions of autoscale_step() in step functions, per absolute file path.
  std::map<std::string, std::vector<Edit>> StepEdits;
  /// Absolute path -> path relative to the project root, for every project file the unit reads
  /// (sources and their headers outside system directories).
  std::map<std::string, std::string> DisplayPaths;
};

} // namespace autoscale

#endif
