//===- FilePaths.cpp - absolute paths and the project root -------------------===//
#include "driver/FilePaths.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace autoscale::driver {

std::string realPath(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real))
    return std::string(Real);
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

bool sameFile(llvm::StringRef A, llvm::StringRef B) {
  bool Same = false;
  if (!llvm::sys::fs::equivalent(A, B, Same))
    return Same;
  return realPath(A) == realPath(B);
}

bool isUnder(llvm::StringRef Path, llvm::StringRef Dir) {
  return Path.starts_with(Dir) && (Dir.ends_with("/") || Path.substr(Dir.size()).starts_with("/"));
}

std::string projectRoot(const std::vector<std::string> &AbsSources) {
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  std::string Root = realPath(Cwd);
  if (llvm::all_of(AbsSources, [&](const std::string &S) { return isUnder(S, Root); }))
    return Root;
  Root = llvm::sys::path::parent_path(AbsSources.front()).str();
  for (const std::string &S : AbsSources)
    while (!isUnder(S, Root))
      Root = llvm::sys::path::parent_path(Root).str();
  return Root.empty() ? "/" : Root;
}

} // namespace autoscale::driver
