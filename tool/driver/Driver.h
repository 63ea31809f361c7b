//===- Driver.h - run autoscale-rewrite over a set of sources ----------------===//
//
// The whole tool behind main.cpp: loads the rules (exit 2 on a bad file, before any source is
// read), parses each source with Clang, finds and decides its operations, merges what several
// translation units found in shared headers, emits the edits and writes, diffs or reports.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_DRIVER_DRIVER_H
#define AUTOSCALE_TOOL_DRIVER_DRIVER_H

#include "driver/InstallPaths.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <string>
#include <vector>

namespace autoscale::driver {

enum class OutputMode { OutDir, InPlace, Diff };

struct Options {
  std::vector<std::string> Sources;
  std::string RulesPath;
  OutputMode Mode = OutputMode::OutDir;
  std::string OutDir = "autoscale-out";
  std::string ReportPath; ///< empty: no JSON report
  /// With OutDir: a Makefile rule naming every file the run read, the rules included (Depfile.h),
  /// for DepfileTarget, or else for the files written for the sources. Empty: none.
  std::string DepfilePath;
  std::string DepfileTarget;
  /// The project's files are those under it (rewritten, mirrored under OutDir); empty: the
  /// working directory when every source is under it, else the deepest directory holding them.
  std::string ProjectRoot;
  /// Parse every rewritten unit again before writing, leaving as written what no longer
  /// compiles (Verify.h).
  bool Verify = true;
  InstallPaths Paths;     ///< the runtime's headers and the CUDA stand-ins
  /// nvcc's options the flags after `--` dropped (translateFlagsAfterDashes), for the run's note.
  std::vector<std::string> NvccFlagsIgnored;
};

/// Exit codes: 0 done, 1 a source is missing or failed to parse, or a file could not be written
/// (nothing is written after such a failure), 2 bad rules or options (a --report or --depfile
/// naming a file the run reads or writes included).
int run(const clang::tooling::CompilationDatabase &DB, const Options &Opts);

} // namespace autoscale::driver

#endif
