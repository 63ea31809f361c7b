//===- CompileDatabase.cpp - a compilation database the command line names ---===//
#include "driver/CompileDatabase.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <optional>

namespace autoscale::driver {

namespace {

/// The directory -p names (`-p DIR`, `-p=DIR`, `--p ...`), up to the `--` that ends the options.
std::optional<std::string> buildPath(llvm::ArrayRef<const char *> Args) {
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "--")
      break;
    if ((A == "-p" || A == "--p") && I + 1 < Args.size())
      return std::string(Args[I + 1]);
    for (llvm::StringRef Prefix : {"-p=", "--p="})
      if (A.starts_with(Prefix))
        return A.drop_front(Prefix.size()).str();
  }
  return std::nullopt;
}

/// The JSON error of File as `File:LINE:COLUMN: message`, or empty where it parses.
std::string jsonError(const std::string &File) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text = llvm::MemoryBuffer::getFile(File);
  if (!Text)
    return File + ": " + Text.getError().message();
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse((*Text)->getBuffer());
  if (Parsed)
    return {};
  // llvm::json reports "[LINE:COLUMN, byte=OFFSET]: message", its column counted from 0.
  std::string Message = llvm::toString(Parsed.takeError());
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  unsigned Column = 0;
  if (llvm::Regex("^\\[([0-9]+):([0-9]+), byte=[0-9]+\\]: (.*)$").match(Message, &Parts) &&
      !Parts[2].getAsInteger(10, Column))
    return File + ":" + Parts[1].str() + ":" + std::to_string(Column + 1) + ": " + Parts[3].str();
  return File + ": " + Message;
}

} // namespace

std::string compileDatabaseError(llvm::ArrayRef<const char *> Args) {
  std::optional<std::string> Dir = buildPath(Args);
  if (!Dir)
    return {};
  if (!llvm::sys::fs::is_directory(*Dir)) // else LibTooling would look in the directories above it
    return "-p " + *Dir + ": no such directory (it names the build directory holding compile_commands.json)";
  // LibTooling's reader takes a truncated file as a database of the entries before the break.
  llvm::SmallString<256> Json(*Dir);
  llvm::sys::path::append(Json, "compile_commands.json");
  if (llvm::sys::fs::exists(Json))
    if (std::string Error = jsonError(std::string(Json)); !Error.empty())
      return Error;
  std::string Why;
  if (clang::tooling::CompilationDatabase::autoDetectFromDirectory(*Dir, Why))
    return {};
  return "-p " + *Dir + ": " + llvm::StringRef(Why).rtrim().str();
}

} // namespace autoscale::driver
