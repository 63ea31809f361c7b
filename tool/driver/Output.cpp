//===- Output.cpp - write every file or none ---------------------------------===//
#include "driver/Output.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

namespace autoscale::driver {

llvm::Error writeAll(const std::vector<std::pair<std::string, std::string>> &Files) {
  std::vector<std::string> Temps, MadeDirs; // MadeDirs: outermost first
  auto Fail = [&](std::error_code EC, const char *What, const std::string &Path) {
    for (const std::string &T : Temps) {
      llvm::sys::fs::remove(T);
      llvm::sys::DontRemoveFileOnSignal(T);
    }
    for (auto D = MadeDirs.rbegin(); D != MadeDirs.rend(); ++D)
      llvm::sys::fs::remove(*D);
    return llvm::createStringError(EC, "cannot %s %s: %s", What, Path.c_str(),
                                   EC.message().c_str());
  };
  for (const auto &[Path, Text] : Files) {
    std::vector<std::string> Missing;
    for (llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
         !Dir.empty() && !llvm::sys::fs::exists(Dir); Dir = llvm::sys::path::parent_path(Dir))
      Missing.insert(Missing.begin(), Dir.str());
    for (const std::string &Dir : Missing) {
      if (std::error_code EC = llvm::sys::fs::create_directory(Dir))
        return Fail(EC, "create the directory of", Path);
      MadeDirs.push_back(Dir);
    }
    int FD;
    llvm::SmallString<256> Temp;
    if (std::error_code EC = llvm::sys::fs::createUniqueFile(Path + ".autoscale-%%%%%%", FD, Temp))
      return Fail(EC, "write", Path);
    Temps.push_back(std::string(Temp));
    llvm::sys::RemoveFileOnSignal(Temp);
    if (llvm::ErrorOr<llvm::sys::fs::perms> Mode = llvm::sys::fs::getPermissions(Path))
      llvm::sys::fs::setPermissions(Temp, *Mode); // a rewritten file keeps its mode
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      return Fail(EC, "write", Path);
    }
  }
  for (size_t I = 0; I < Files.size(); ++I) {
    if (std::error_code EC = llvm::sys::fs::rename(Temps[I], Files[I].first)) {
      MadeDirs.clear(); // they hold the files already renamed
      Temps.erase(Temps.begin(), Temps.begin() + I);
      return Fail(EC, "replace", Files[I].first);
    }
    llvm::sys::DontRemoveFileOnSignal(Temps[I]);
  }
  return llvm::Error::success();
}

} // namespace autoscale::driver
