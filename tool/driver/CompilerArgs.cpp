//===- CompilerArgs.cpp - the arguments the tool adds to every compile command ===//
#include "driver/CompilerArgs.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace autoscale::driver {

static constexpr const char *CudaPath = "/usr/local/cuda";

clang::tooling::ArgumentsAdjuster compilerArgsAdjuster() {
  return [](const clang::tooling::CommandLineArguments &Args, llvm::StringRef File) {
    clang::tooling::CommandLineArguments Out(Args);
    std::vector<std::string> Extra = {"-resource-dir=" AUTOSCALE_CLANG_RESOURCE_DIR, "-isystem",
                                      AUTOSCALE_RUNTIME_INCLUDE_DIR, "-w"};
    if (llvm::sys::path::extension(File) == ".cu") {
      // Host-side parse: device functions are visible (and reported as not yet supported).
      std::vector<std::string> Cuda = {"-xcuda", "--cuda-host-only", "-nocudalib",
                                       "-Wno-unknown-cuda-version", "-isystem",
                                       AUTOSCALE_CUDA_STANDINS_DIR, "-include",
                                       AUTOSCALE_CUDA_STANDINS_DIR "/autoscale_cuda_prelude.h"};
      if (llvm::sys::fs::is_directory(CudaPath)) {
        Cuda.push_back(std::string("--cuda-path=") + CudaPath);
        // CUDA 13 keeps CCCL (cuda/std, cub, thrust) here; nvcc adds it, Clang does not.
        std::string Cccl = std::string(CudaPath) + "/include/cccl";
        if (llvm::sys::fs::is_directory(Cccl))
          Cuda.insert(Cuda.end(), {"-isystem", Cccl});
      } else {
        Cuda.push_back("-nocudainc");
      }
      Out.insert(Out.begin() + std::min<size_t>(1, Out.size()), Cuda.begin(), Cuda.end());
    }
    Out.insert(Out.end(), Extra.begin(), Extra.end());
    return Out;
  };
}

} // namespace autoscale::driver
