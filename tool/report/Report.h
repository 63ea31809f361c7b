//===- Report.h - the rewrite report (JSON) and the summary line -------------===//
#ifndef AUTOSCALE_TOOL_REPORT_REPORT_H
#define AUTOSCALE_TOOL_REPORT_REPORT_H

#include "decide/Decide.h"
#include "decide/StepLoops.h"
#include "find/Operation.h"

#include "llvm/Support/JSON.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace autoscale::report {

/// One operation as the report shows it.
struct Entry {
  const Operation *Op;
  const Decision *D;
  std::optional<unsigned> Site; ///< index in its file's site table, when rewritten
  std::vector<std::string> FedBy; ///< "file:line:col" of the operations feeding it, slot order
};

/// TF AMP's account of a rewrite: of Operations, Converted compute in a low-precision format,
/// and Conversions dataflow edges join operations of different precisions (where a
/// mixed-precision program converts a value).
struct ConversionCount {
  unsigned Operations = 0, Converted = 0, Conversions = 0;
};
struct Conversions {
  std::map<std::string, ConversionCount> PerFunction; ///< by qualified name
  ConversionCount Total;
};

/// The conversions of the operations of Entries, joined by Edges.
Conversions countConversions(const std::vector<Entry> &Entries,
                             const std::set<DataflowEdge> &Edges);

struct FileResult {
  std::string Display;   ///< path relative to the project root
  std::string WrittenTo; ///< where the result went; empty with --diff
  bool Changed = false;
  unsigned Sites = 0;
  std::string Reason; ///< why a file read was not looked at (then Display is absolute)
  std::map<std::string, uint64_t> LaunchBounds; ///< kernels given __launch_bounds__, the threads
  std::map<std::string, std::string> Unbounded;   ///< kernels left unbounded that may need it, why
  /// The first and last lines of the device branches the host parse skipped (not rewritten).
  std::set<std::pair<unsigned, unsigned>> DeviceBranches;
};

/// "412 float operations in 9 files: 180 scaled e4m3, 96 cast fp16, 136 kept, 7 skipped; steps
/// end at train.c:120 (found)".
std::string summaryLine(const std::vector<Entry> &Entries, const StepPlan &Steps, unsigned Files);

llvm::json::Value toJson(const std::vector<Entry> &Entries, const StepPlan &Steps,
                         const Conversions &Conv, const std::vector<FileResult> &Files,
                         llvm::StringRef RulesPath, unsigned SourceCount);

} // namespace autoscale::report

#endif
