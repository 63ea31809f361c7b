//===- Project.h - what every translation unit found, merged -----------------===//
//
// An operation in a header is seen by every unit that includes it, and one in a macro argument
// once per expansion. The merged project holds each operation once; where two sightings
// disagree (another shape, another skip reason, another name for the rules, or integer
// arithmetic at the same place in another unit) the operation is skipped with the reason.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_DRIVER_PROJECT_H
#define AUTOSCALE_TOOL_DRIVER_PROJECT_H

#include "find/Operation.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace autoscale::driver {

struct Project {
  std::vector<Operation> Ops; ///< in key order: by file, then offset
  std::set<DataflowEdge> Edges;
  std::map<std::string, std::set<StepPoint>> StepPoints; ///< per absolute path
  std::set<std::string> StepFunctionsDefined; ///< the rules' step functions some unit defines
  std::map<std::string, std::string> DisplayPaths;      ///< absolute -> project-relative
  std::map<std::string, FunctionRecord> Functions;      ///< by key
  bool CallsStep = false; ///< some unit calls autoscale_step() itself
  std::set<std::string> OutsideRoot; ///< headers outside the project root, absolute
  std::map<std::string, KernelRecord> Kernels; ///< by function key
  std::map<std::string, std::set<std::pair<unsigned, unsigned>>> DeviceBranches; ///< FoundUnit's
};

Project merge(std::vector<FoundUnit> Units);

/// "file:line:col" of the operations feeding each operation (Ops index for index), in operand
/// slot order.
std::vector<std::vector<std::string>> fedBy(const Project &P);

} // namespace autoscale::driver

#endif
