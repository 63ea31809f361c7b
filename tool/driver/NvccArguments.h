//===- NvccArguments.h - nvcc's compile commands as Clang's ------------------===//
//
// A compilation database written for nvcc (CMake's CUDA language, Makefiles), or the flags after
// `--` given as nvcc's, hold nvcc's options, which Clang's driver rejects (-ccbin, -gencode, -Xcompiler) or reads otherwise (-G,
// -t). Its commands are translated into Clang's before LibTooling and the tool adjust them
// (CompilerArgs.h); an option that only matters to code generation, linking or the build is
// dropped, and the run names each one dropped once.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_DRIVER_NVCCARGUMENTS_H
#define AUTOSCALE_TOOL_DRIVER_NVCCARGUMENTS_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace autoscale::driver {

/// Whether a command runs nvcc: its compiler's file name, or the next one after a launcher
/// (ccache).
bool runsNvcc(llvm::ArrayRef<std::string> CommandLine);

struct NvccTranslation {
  std::vector<std::string> CommandLine; ///< Clang's, run as "clang"
  std::vector<std::string> Ignored;     ///< the options dropped, as written ("-ccbin g++-12")
};

/// Whether a command was written for nvcc: it runs nvcc, or it holds an option of nvcc's that
/// Clang does not know (`autoscale-rewrite k.cu -- --extended-lambda -Xcompiler -fopenmp`).
bool writtenForNvcc(llvm::ArrayRef<std::string> CommandLine);

/// Clang's command line for one written for nvcc: nvcc's -x first (it applies to every input),
/// the host compiler's options Clang accepts (nvcc passes them first, and Clang's own options of
/// a command that does not run nvcc count as such), then the rest in order.
NvccTranslation translateNvcc(llvm::ArrayRef<std::string> CommandLine);

/// Args (the tool's command line) with the flags after `--` as Clang's where they were written
/// for nvcc: LibTooling drops every argument there that is no option (`-gencode arch=...`'s
/// value). Translated flags are kept in Storage, which Args then points into; the options dropped
/// are returned.
std::vector<std::string> translateFlagsAfterDashes(std::vector<const char *> &Args,
                                                   std::vector<std::string> &Storage);

/// Base's commands, nvcc's translated; Base must outlive it.
class NvccTranslatingDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit NvccTranslatingDatabase(const clang::tooling::CompilationDatabase &Base) : Base(Base) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override;
  std::vector<std::string> getAllFiles() const override { return Base.getAllFiles(); }

private:
  const clang::tooling::CompilationDatabase &Base;
};

/// The options the nvcc commands of Sources drop, each once, in the order first met.
std::vector<std::string> nvccOptionsIgnored(const clang::tooling::CompilationDatabase &DB,
                                            const std::vector<std::string> &Sources);

} // namespace autoscale::driver

#endif
