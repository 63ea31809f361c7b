//===- InstallPaths.h - where the tool finds the files it ships --------------===//
//
// Besides its rules, the tool needs the runtime's headers (rewritten code includes them, and the
// tool parses rewritten files again) and its stand-in headers (CUDA, OpenMP). An installed tool
// finds them relative to its executable (<prefix>/bin/../include, ../share/autoscale/cuda-standins
// and ../share/autoscale/openmp-standin), so a copy installed elsewhere never reads a source tree
// that moved or changed; an uninstalled build uses the source tree.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_DRIVER_INSTALLPATHS_H
#define AUTOSCALE_TOOL_DRIVER_INSTALLPATHS_H

#include <string>

namespace autoscale::driver {

struct InstallPaths {
  std::string RuntimeIncludeDir = AUTOSCALE_RUNTIME_INCLUDE_DIR; ///< holds autoscale/autoscale.h
  /// Holds autoscale_cuda_prelude.h and the headers CUDA 13 removed.
  std::string CudaStandinsDir = AUTOSCALE_CUDA_STANDINS_DIR;
  /// Holds the stand-in omp.h (beside the CUDA stand-ins in the source tree and once installed).
  std::string OpenMPStandinDir = AUTOSCALE_CUDA_STANDINS_DIR "/../openmp-standin";
};

/// Argv0: the tool's argv[0], used where the executable cannot be found otherwise.
InstallPaths installPaths(const char *Argv0);

} // namespace autoscale::driver

#endif
