//===- CompilerArgs.cpp - the arguments the tool adds to every compile command ===//
#include "driver/CompilerArgs.h"

#include "driver/UnknownOptions.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace autoscale::driver {
namespace {

/// A .cu file, or one the command says is CUDA (CMake's nvcc commands say -x cu for every source
/// of the CUDA language, a .cpp one included).
bool isCuda(const clang::tooling::CommandLineArguments &Args, llvm::StringRef File) {
  for (size_t I = 0; I + 1 < Args.size(); ++I)
    if (Args[I] == "-x" && Args[I + 1] == "cuda")
      return true;
  return llvm::sys::path::extension(File) == ".cu";
}

} // namespace

clang::tooling::ArgumentsAdjuster compilerArgsAdjuster(const InstallPaths &Paths) {
  return [Paths, DropUnknown = unknownOptionsDropper()](const clang::tooling::CommandLineArguments &Args,
                                                       llvm::StringRef File) {
    clang::tooling::CommandLineArguments Out = DropUnknown(Args, File);
    std::vector<std::string> Extra = {"-resource-dir=" AUTOSCALE_CLANG_RESOURCE_DIR, "-isystem",
                                      Paths.RuntimeIncludeDir, "-w"};
    // What GCC (12, Debian's) accepts with a warning and Clang refuses by default: the project's
    // compiler took the code, so the parse does too (-w then silences them).
    Extra.insert(Extra.end(),
                 {"-Wno-error=c++11-narrowing", "-Wno-error=implicit-function-declaration",
                  "-Wno-error=implicit-int", "-Wno-error=int-conversion",
                  "-Wno-error=incompatible-function-pointer-types"});
    // Searched last: an omp.h Clang finds itself (libomp's) wins over the stand-in.
    Extra.insert(Extra.end(), {"-idirafter", Paths.openMPStandinDir()});
    if (isCuda(Args, File)) {
      // Host-side parse: device functions are visible (and reported as not yet supported).
      std::vector<std::string> Cuda = {"-xcuda", "--cuda-host-only", "-nocudalib",
                                       "-Wno-unknown-cuda-version", "-isystem",
                                       Paths.cudaStandinsDir(), "-include",
                                       Paths.cudaStandinsDir() + "/autoscale_cuda_prelude.h"};
      if (llvm::sys::fs::is_directory(Paths.CudaPath)) {
        Cuda.push_back("--cuda-path=" + Paths.CudaPath);
        // CUDA 13 keeps CCCL (cuda/std, cub, thrust) here; nvcc adds it, Clang does not.
        std::string Cccl = Paths.CudaPath + "/include/cccl";
        if (llvm::sys::fs::is_directory(Cccl))
          Cuda.insert(Cuda.end(), {"-isystem", Cccl});
      } else {
        Cuda.push_back("-nocudainc");
      }
      Out.insert(Out.begin() + std::min<size_t>(1, Out.size()), Cuda.begin(), Cuda.end());
    }
    // Before a `--` that ends the options (a command interpolated for a file the database does
    // not list ends in `-- FILE`): after it they would be read as input files.
    Out.insert(std::find(Out.begin(), Out.end(), "--"), Extra.begin(), Extra.end());
    return Out;
  };
}

} // namespace autoscale::driver
