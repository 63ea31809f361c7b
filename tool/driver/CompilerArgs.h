//===- CompilerArgs.h - the arguments the tool adds to every compile command -===//
#ifndef AUTOSCALE_TOOL_DRIVER_COMPILERARGS_H
#define AUTOSCALE_TOOL_DRIVER_COMPILERARGS_H

#include "driver/InstallPaths.h"

#include "clang/Tooling/ArgumentsAdjusters.h"

namespace autoscale::driver {

/// Without the options Clang's driver does not know (UnknownOptions.h): Clang's builtin headers
/// and the runtime's include directory (so rewritten files parse again), a stand-in <omp.h> for
/// when Clang has none, warnings off (the user's build reports them), and for CUDA files (.cu, or -x cuda) the CUDA host-side parse with the
/// stand-ins for headers CUDA 13 removed, CCCL and the nvcc-only intrinsics.
clang::tooling::ArgumentsAdjuster compilerArgsAdjuster(const InstallPaths &Paths);

} // namespace autoscale::driver

#endif
