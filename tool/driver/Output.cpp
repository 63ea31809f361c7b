//===- Output.cpp - write every file or none ---------------------------------===//
#include "driver/Output.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <pthread.h>

namespace autoscale::driver {

namespace {

/// Holds back the signals that end a run from a terminal or a job manager (Ctrl-C, kill) while
/// the files are moved into place, so that none leaves the tree half replaced; they arrive once
/// the move is done. SIGKILL cannot be held back: it may leave temporary files, never a mix.
class SignalsHeld {
public:
  SignalsHeld() {
    sigset_t Held;
    sigemptyset(&Held);
    for (int Signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT})
      sigaddset(&Held, Signal);
    pthread_sigmask(SIG_BLOCK, &Held, &Before);
  }
  ~SignalsHeld() { pthread_sigmask(SIG_SETMASK, &Before, nullptr); }
  SignalsHeld(const SignalsHeld &) = delete;
  SignalsHeld &operator=(const SignalsHeld &) = delete;

private:
  sigset_t Before;
};

} // namespace

llvm::Error writeAll(const std::vector<std::pair<std::string, std::string>> &Files) {
  std::vector<std::string> Temps, MadeDirs; // MadeDirs: outermost first
  // The old contents of each target replaced so far (a second name, a hard link), or empty where
  // the target is new: a failure puts them back, and removes the new ones.
  std::vector<std::string> Kept;
  auto Fail = [&](std::error_code EC, const char *What, const std::string &Path) {
    for (size_t I = 0; I < Kept.size(); ++I) {
      if (Kept[I].empty())
        llvm::sys::fs::remove(Files[I].first);
      else
        llvm::sys::fs::rename(Kept[I], Files[I].first);
    }
    for (const std::string &T : Temps) {
      llvm::sys::fs::remove(T);
      llvm::sys::DontRemoveFileOnSignal(T);
    }
    for (auto D = MadeDirs.rbegin(); D != MadeDirs.rend(); ++D)
      llvm::sys::fs::remove(*D);
    return llvm::createStringError(EC, "cannot %s %s: %s (no file written)", What, Path.c_str(),
                                   EC.message().c_str());
  };
  for (const auto &[Path, Text] : Files) {
    if (llvm::sys::fs::is_directory(Path))
      return Fail(std::make_error_code(std::errc::is_a_directory), "replace", Path);
    std::vector<std::string> Missing;
    for (llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
         !Dir.empty() && !llvm::sys::fs::exists(Dir); Dir = llvm::sys::path::parent_path(Dir))
      Missing.insert(Missing.begin(), Dir.str());
    for (const std::string &Dir : Missing) {
      // Readable by all where the umask allows, as the files are (LLVM's default is 0770).
      if (std::error_code EC = llvm::sys::fs::create_directory(Dir, /*IgnoreExisting=*/true,
                                                               llvm::sys::fs::all_all))
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
  SignalsHeld Held;
  for (size_t I = 0; I < Files.size(); ++I) {
    const std::string &Path = Files[I].first;
    llvm::SmallString<256> Old;
    if (llvm::sys::fs::exists(Path)) {
      llvm::sys::fs::createUniquePath(Path + ".autoscale-old-%%%%%%", Old, /*MakeAbsolute=*/false);
      if (std::error_code EC = llvm::sys::fs::create_hard_link(Path, Old))
        return Fail(EC, "keep the old contents of", Path);
    }
    if (std::error_code EC = llvm::sys::fs::rename(Temps[I], Path)) {
      if (!Old.empty())
        llvm::sys::fs::remove(Old);
      return Fail(EC, "replace", Path);
    }
    Kept.push_back(std::string(Old));
  }
  for (size_t I = 0; I < Files.size(); ++I) {
    llvm::sys::DontRemoveFileOnSignal(Temps[I]);
    if (!Kept[I].empty())
      llvm::sys::fs::remove(Kept[I]);
  }
  return llvm::Error::success();
}

} // namespace autoscale::driver
