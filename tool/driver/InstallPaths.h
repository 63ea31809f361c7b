//===- InstallPaths.h - where the tool finds the files it ships --------------===//
//
// Besides its rules, the tool needs the runtime's headers (rewritten code includes them, and the
// tool parses rewritten files again) and its data folder of stand-in headers (CUDA, OpenMP). An
// installed tool finds them relative to its executable (<prefix>/bin/../include and
// ../share/autoscale/data), so a copy installed elsewhere never reads a source tree that moved or
// changed; an uninstalled build uses the source tree.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_DRIVER_INSTALLPATHS_H
#define AUTOSCALE_TOOL_DRIVER_INSTALLPATHS_H

#include <string>

namespace autoscale::driver {

struct InstallPaths {
  std::string RuntimeIncludeDir = AUTOSCALE_RUNTIME_INCLUDE_DIR; ///< holds autoscale/autoscale.h
  /// Holds cuda-standins/ (autoscale_cuda_prelude.h and the headers CUDA 13 removed) and
  /// openmp-standin/ (omp.h for a Clang without one).
  std::string DataDir = AUTOSCALE_DATA_DIR;
  /// The CUDA toolkit .cu files are parsed against (--cuda-path).
  std::string CudaPath;

  std::string cudaStandinsDir() const { return DataDir + "/cuda-standins"; }
  std::string openMPStandinDir() const { return DataDir + "/openmp-standin"; }
};

/// Argv0: the tool's argv[0], used where the executable cannot be found otherwise. CudaPath is
/// the toolkit of the nvcc found on PATH, else /usr/local/cuda.
InstallPaths installPaths(const char *Argv0);

} // namespace autoscale::driver

#endif
