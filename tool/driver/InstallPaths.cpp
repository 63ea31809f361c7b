//===- InstallPaths.cpp - where the tool finds the files it ships -------------===//
#include "driver/InstallPaths.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

namespace autoscale::driver {

/// The toolkit of the nvcc on PATH (<toolkit>/bin/nvcc), else CUDA's default prefix.
static std::string defaultCudaPath() {
  if (llvm::ErrorOr<std::string> Nvcc = llvm::sys::findProgramByName("nvcc")) {
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(*Nvcc, Real))
      return llvm::sys::path::parent_path(llvm::sys::path::parent_path(Real)).str();
  }
  return "/usr/local/cuda";
}

InstallPaths installPaths(const char *Argv0) {
  InstallPaths P;
  P.CudaPath = defaultCudaPath();
  // Any function of this binary locates it; the tool library is linked statically.
  std::string Exe =
      llvm::sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&installPaths));
  if (Exe.empty())
    return P;
  llvm::SmallString<256> Prefix(llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::SmallString<256> Include(Prefix), Header, Data(Prefix);
  llvm::sys::path::append(Include, "include");
  Header = Include;
  llvm::sys::path::append(Header, "autoscale", "autoscale.h");
  if (llvm::sys::fs::exists(Header))
    P.RuntimeIncludeDir = std::string(Include);
  llvm::sys::path::append(Data, "share", "autoscale", "data");
  if (llvm::sys::fs::is_directory(Data))
    P.DataDir = std::string(Data);
  return P;
}

} // namespace autoscale::driver
