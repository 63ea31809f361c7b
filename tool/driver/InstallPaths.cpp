//===- InstallPaths.cpp - where the tool finds the files it ships -------------===//
#include "driver/InstallPaths.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace autoscale::driver {

InstallPaths installPaths(const char *Argv0) {
  InstallPaths P;
  // Any function of this binary locates it; the tool library is linked statically.
  std::string Exe =
      llvm::sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&installPaths));
  if (Exe.empty())
    return P;
  llvm::SmallString<256> Prefix(llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::SmallString<256> Include(Prefix), Header;
  llvm::sys::path::append(Include, "include");
  Header = Include;
  llvm::sys::path::append(Header, "autoscale", "autoscale.h");
  if (llvm::sys::fs::exists(Header))
    P.RuntimeIncludeDir = std::string(Include);
  llvm::SmallString<256> Share(Prefix);
  llvm::sys::path::append(Share, "share", "autoscale");
  for (auto [Dir, Name] : {std::pair{&P.CudaStandinsDir, "cuda-standins"},
                           std::pair{&P.OpenMPStandinDir, "openmp-standin"}}) {
    llvm::SmallString<256> Installed(Share);
    llvm::sys::path::append(Installed, Name);
    if (llvm::sys::fs::is_directory(Installed))
      *Dir = std::string(Installed);
  }
  return P;
}

} // namespace autoscale::driver
