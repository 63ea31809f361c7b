//===- Parse.h - parse each source and find its operations -------------------===//
#ifndef AUTOSCALE_TOOL_DRIVER_PARSE_H
#define AUTOSCALE_TOOL_DRIVER_PARSE_H

#include "driver/InstallPaths.h"
#include "find/Finder.h"
#include "find/Operation.h"
#include "ruleset/RuleSet.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <string>
#include <vector>

namespace autoscale::driver {

/// What parsing the sources found, one FoundUnit per source that parsed.
struct ParseResult {
  std::vector<FoundUnit> Units;
  unsigned Failed = 0; ///< sources that did not parse (Clang printed why)
};

/// Parses each source with its compile command (adjusted as CompilerArgs.h says) and finds its
/// operations; progress (the sources as Shown) goes to stderr when there are several.
ParseResult parseSources(const clang::tooling::CompilationDatabase &DB,
                         const std::vector<std::string> &Sources,
                         const std::vector<std::string> &Shown, const InstallPaths &Paths,
                         const rules::RuleSet &Rules, const find::FindOptions &Opts);

} // namespace autoscale::driver

#endif
