//===- NvccArguments.cpp - nvcc's compile commands as Clang's ----------------===//
#include "driver/NvccArguments.h"

#include "clang/Basic/Cuda.h"
#include "clang/Driver/Options.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/Path.h"

#include <optional>

namespace autoscale::driver {
namespace {

enum class Takes { Flag, Value, List };

/// What an nvcc option becomes in Clang's command line.
enum class Does {
  Clang,         ///< Clang's option Spelling, each value joined to it (a flag: Spelling alone)
  ClangSeparate, ///< Clang's option Spelling, each value the next argument
  Language,      ///< -x: nvcc's cu is Clang's cuda
  Arch,          ///< -arch: its virtual architecture, which the device code is compiled for
  GenerateCode,  ///< -gencode: the virtual architecture of its arch=
  Rdc,           ///< -rdc=true: -fgpu-rdc; -dc: -c -fgpu-rdc
  DefaultStream, ///< -default-stream per-thread: the macro nvcc defines for it
  Host,          ///< -Xcompiler: options of the host compiler
  Nothing,       ///< what Clang does anyway, or this translation does (forwarding)
  Drop,          ///< only code generation, linking or the build are affected: reported
};

struct NvccOption {
  llvm::StringLiteral Long, Short; ///< without dashes; "" where nvcc has none
  Takes Arg;
  Does Action;
  llvm::StringLiteral Spelling = ""; ///< Clang's option, for Does::Clang and Does::ClangSeparate
};

// Every option of nvcc 13's --help (and the hidden -Xcudafe, -Xfatbin), so that no value is
// taken for an input file and no nvcc option for a host compiler's.
constexpr NvccOption NvccOptions[] = {
    // Clang's own options, or what Clang spells differently.
    {"define-macro", "D", Takes::List, Does::Clang, "-D"},
    {"undefine-macro", "U", Takes::List, Does::Clang, "-U"},
    {"include-path", "I", Takes::List, Does::Clang, "-I"},
    {"system-include", "isystem", Takes::List, Does::ClangSeparate, "-isystem"},
    {"pre-include", "include", Takes::List, Does::ClangSeparate, "-include"},
    {"std", "std", Takes::Value, Does::Clang, "-std="},
    {"optimize", "O", Takes::Value, Does::Clang, "-O"}, // __OPTIMIZE__
    {"machine", "m", Takes::Value, Does::Clang, "-m"},
    {"m64", "m64", Takes::Flag, Does::Clang, "-m64"},
    {"no-exceptions", "noeh", Takes::Flag, Does::Clang, "-fno-exceptions"},
    {"ftemplate-depth", "ftemplate-depth", Takes::Value, Does::Clang, "-ftemplate-depth="},
    {"ftemplate-backtrace-limit", "ftemplate-backtrace-limit", Takes::Value, Does::Clang,
     "-ftemplate-backtrace-limit="},
    {"disable-warnings", "w", Takes::Flag, Does::Clang, "-w"},
    // nvcc 13 defines no macro for it (older CUDA headers test __USE_FAST_MATH__); Clang's
    // wrapper headers define __USE_FAST_MATH__ under this flag, which, unlike -ffast-math, leaves
    // the host's __FAST_MATH__, __FINITE_MATH_ONLY__ and math_errhandling alone, as nvcc does.
    {"use_fast_math", "use_fast_math", Takes::Flag, Does::Clang, "-fgpu-approx-transcendentals"},
    // Compiling, and the dependency files and output LibTooling removes as any compiler's.
    {"compile", "c", Takes::Flag, Does::Clang, "-c"},
    {"device-w", "dw", Takes::Flag, Does::Clang, "-c"},
    {"output-file", "o", Takes::Value, Does::ClangSeparate, "-o"},
    {"generate-dependencies", "M", Takes::Flag, Does::Clang, "-M"},
    {"generate-nonsystem-dependencies", "MM", Takes::Flag, Does::Clang, "-MM"},
    {"generate-dependencies-with-compile", "MD", Takes::Flag, Does::Clang, "-MD"},
    {"generate-nonsystem-dependencies-with-compile", "MMD", Takes::Flag, Does::Clang, "-MMD"},
    {"dependency-output", "MF", Takes::Value, Does::ClangSeparate, "-MF"},
    {"generate-dependency-targets", "MP", Takes::Flag, Does::Clang, "-MP"},
    {"dependency-target-name", "MT", Takes::Value, Does::ClangSeparate, "-MT"},

    {"x", "x", Takes::Value, Does::Language},
    {"gpu-architecture", "arch", Takes::Value, Does::Arch},
    // A specification's own commas (arch=compute_80,code=[sm_80,compute_80]) separate its keys.
    {"generate-code", "gencode", Takes::Value, Does::GenerateCode},
    {"relocatable-device-code", "rdc", Takes::Value, Does::Rdc},
    {"device-c", "dc", Takes::Flag, Does::Rdc},
    {"default-stream", "default-stream", Takes::Value, Does::DefaultStream},
    {"compiler-options", "Xcompiler", Takes::List, Does::Host},

    // Clang takes constexpr functions as host and device, and lambdas as __device__, unasked.
    // (nvcc's __CUDACC_RELAXED_CONSTEXPR__ and __CUDACC_EXTENDED_LAMBDA__ are not defined: CCCL
    // would take them for nvcc's lambda builtins, which Clang lacks.)
    {"expt-relaxed-constexpr", "expt-relaxed-constexpr", Takes::Flag, Does::Nothing},
    {"extended-lambda", "extended-lambda", Takes::Flag, Does::Nothing},
    {"expt-extended-lambda", "expt-extended-lambda", Takes::Flag, Does::Nothing},
    {"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler", Takes::Flag,
     Does::Nothing},
    {"forward-unknown-opts", "forward-unknown-opts", Takes::Flag, Does::Nothing},

    // Real architectures: the device code is compiled for -arch's virtual one.
    {"gpu-code", "code", Takes::List, Does::Drop},
    {"compiler-bindir", "ccbin", Takes::Value, Does::Drop}, // Clang parses as itself
    {"allow-unsupported-compiler", "allow-unsupported-compiler", Takes::Flag, Does::Drop},
    {"debug", "g", Takes::Flag, Does::Drop},
    {"device-debug", "G", Takes::Flag, Does::Drop},
    {"generate-line-info", "lineinfo", Takes::Flag, Does::Drop},
    {"profile", "pg", Takes::Flag, Does::Drop},
    {"maxrregcount", "maxrregcount", Takes::Value, Does::Drop},
    {"ftz", "ftz", Takes::Value, Does::Drop},
    {"prec-div", "prec-div", Takes::Value, Does::Drop},
    {"prec-sqrt", "prec-sqrt", Takes::Value, Does::Drop},
    {"fmad", "fmad", Takes::Value, Does::Drop},
    {"restrict", "restrict", Takes::Flag, Does::Drop},
    {"extra-device-vectorization", "extra-device-vectorization", Takes::Flag, Does::Drop},
    {"no-host-device-initializer-list", "nohdinitlist", Takes::Flag, Does::Drop},
    {"no-host-device-move-forward", "nohdmoveforward", Takes::Flag, Does::Drop},
    {"static-global-template-stub", "static-global-template-stub", Takes::Value, Does::Drop},
    {"device-entity-has-hidden-visibility", "device-entity-has-hidden-visibility", Takes::Value,
     Does::Drop},
    {"entries", "e", Takes::List, Does::Drop},
    {"keep-device-functions", "keep-device-functions", Takes::Flag, Does::Drop},
    {"source-in-ptx", "src-in-ptx", Takes::Flag, Does::Drop},
    {"extensible-whole-program", "ewp", Takes::Flag, Does::Drop},
    {"relocatable-ptx", "reloc-ptx", Takes::Flag, Does::Drop},
    {"optimization-info", "opt-info", Takes::List, Does::Drop},
    {"Ofast-compile", "Ofc", Takes::Value, Does::Drop},
    {"dopt", "dopt", Takes::Value, Does::Drop},
    {"dlink-time-opt", "dlto", Takes::Flag, Does::Drop},
    {"lto", "lto", Takes::Flag, Does::Drop},
    {"gen-opt-lto", "gen-opt-lto", Takes::Flag, Does::Drop},
    {"jump-table-density", "jtd", Takes::Value, Does::Drop},
    {"device-stack-protector", "device-stack-protector", Takes::Value, Does::Drop},
    {"frandom-seed", "frandom-seed", Takes::Value, Does::Drop},
    {"sanitize", "sanitize", Takes::Value, Does::Drop},
    {"ptxas-options", "Xptxas", Takes::List, Does::Drop},
    {"nvlink-options", "Xnvlink", Takes::List, Does::Drop},
    {"linker-options", "Xlinker", Takes::List, Does::Drop},
    {"archive-options", "Xarchive", Takes::List, Does::Drop},
    {"cudafe-options", "Xcudafe", Takes::List, Does::Drop},
    {"fatbin-options", "Xfatbin", Takes::List, Does::Drop},
    {"forward-unknown-to-host-linker", "forward-unknown-to-host-linker", Takes::Flag, Does::Drop},
    // Other outputs than an object, and linking.
    {"cuda", "cuda", Takes::Flag, Does::Drop},
    {"cubin", "cubin", Takes::Flag, Does::Drop},
    {"fatbin", "fatbin", Takes::Flag, Does::Drop},
    {"ptx", "ptx", Takes::Flag, Does::Drop},
    {"optix-ir", "optix-ir", Takes::Flag, Does::Drop},
    {"ltoir", "ltoir", Takes::Flag, Does::Drop},
    {"preprocess", "E", Takes::Flag, Does::Drop},
    {"device-link", "dlink", Takes::Flag, Does::Drop},
    {"link", "link", Takes::Flag, Does::Drop},
    {"lib", "lib", Takes::Flag, Does::Drop},
    {"run", "run", Takes::Flag, Does::Drop},
    {"run-args", "run-args", Takes::List, Does::Drop},
    {"shared", "shared", Takes::Flag, Does::Drop},
    {"relocatable-link", "r", Takes::Flag, Does::Drop},
    {"no-device-link", "nodlink", Takes::Flag, Does::Drop},
    {"library", "l", Takes::List, Does::Drop},
    {"library-path", "L", Takes::List, Does::Drop},
    {"cudart", "cudart", Takes::Value, Does::Drop},
    {"cudadevrt", "cudadevrt", Takes::Value, Does::Drop},
    {"host-linker-script", "hls", Takes::Value, Does::Drop},
    {"augment-host-linker-script", "aug-hls", Takes::Flag, Does::Drop},
    {"no-compress", "no-compress", Takes::Flag, Does::Drop},
    {"compress-mode", "compress-mode", Takes::Value, Does::Drop},
    {"no-align-double", "", Takes::Flag, Does::Drop},
    // The build itself: tools, files, threads, messages.
    {"archiver-binary", "arbin", Takes::Value, Does::Drop},
    {"libdevice-directory", "ldir", Takes::Value, Does::Drop},
    {"target-directory", "target-dir", Takes::Value, Does::Drop},
    {"use-local-env", "use-local-env", Takes::Flag, Does::Drop},
    {"force-cl-env-setup", "force-cl-env-setup", Takes::Flag, Does::Drop},
    {"output-directory", "odir", Takes::Value, Does::Drop},
    {"objdir-as-tempdir", "objtemp", Takes::Flag, Does::Drop},
    {"options-file", "optf", Takes::List, Does::Drop},
    {"dont-use-profile", "noprof", Takes::Flag, Does::Drop},
    {"dryrun", "dryrun", Takes::Flag, Does::Drop},
    {"verbose", "v", Takes::Flag, Does::Drop},
    {"threads", "t", Takes::Value, Does::Drop},
    {"split-compile", "split-compile", Takes::Value, Does::Drop},
    {"split-compile-extended", "split-compile-extended", Takes::Value, Does::Drop},
    {"jobserver", "jobserver", Takes::Flag, Does::Drop},
    {"fdevice-syntax-only", "fdevice-syntax-only", Takes::Flag, Does::Drop},
    {"fdevice-time-trace", "fdevice-time-trace", Takes::Value, Does::Drop},
    {"keep", "keep", Takes::Flag, Does::Drop},
    {"keep-dir", "keep-dir", Takes::Value, Does::Drop},
    {"save-temps", "save-temps", Takes::Flag, Does::Drop},
    {"clean-targets", "clean", Takes::Flag, Does::Drop},
    {"time", "time", Takes::Value, Does::Drop},
    {"input-drive-prefix", "idp", Takes::Value, Does::Drop},
    {"dependency-drive-prefix", "ddp", Takes::Value, Does::Drop},
    {"drive-prefix", "dp", Takes::Value, Does::Drop},
    {"qpp-config", "qpp-config", Takes::Flag, Does::Drop},
    {"compile-as-tools-patch", "astoolspatch", Takes::Flag, Does::Drop},
    {"list-gpu-code", "code-ls", Takes::Flag, Does::Drop},
    {"list-gpu-arch", "arch-ls", Takes::Flag, Does::Drop},
    {"help", "h", Takes::Flag, Does::Drop},
    {"version", "V", Takes::Flag, Does::Drop},
    {"resource-usage", "res-usage", Takes::Flag, Does::Drop},
    {"Wreorder", "Wreorder", Takes::Flag, Does::Drop},
    {"Wdefault-stream-launch", "Wdefault-stream-launch", Takes::Flag, Does::Drop},
    {"Wmissing-launch-bounds", "Wmissing-launch-bounds", Takes::Flag, Does::Drop},
    {"Wext-lambda-captures-this", "Wext-lambda-captures-this", Takes::Flag, Does::Drop},
    {"Wno-deprecated-declarations", "Wno-deprecated-declarations", Takes::Flag, Does::Drop},
    {"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", Takes::Flag, Does::Drop},
    {"Werror", "Werror", Takes::List, Does::Drop},
    {"display-error-number", "err-no", Takes::Flag, Does::Drop},
    {"no-display-error-number", "no-err-no", Takes::Flag, Does::Drop},
    {"diag-error", "diag-error", Takes::List, Does::Drop},
    {"diag-suppress", "diag-suppress", Takes::List, Does::Drop},
    {"diag-warn", "diag-warn", Takes::List, Does::Drop},
    {"brief-diagnostics", "brief-diag", Takes::Value, Does::Drop},
};

/// nvcc's one-letter options whose value may be joined to them (-DX, -O3, -t8); -o, -x and -m
/// may not, so -march=native is the host compiler's.
constexpr llvm::StringLiteral Joinable = "DUILlOt";

/// An nvcc option met, and its value when the same argument holds it.
struct Match {
  const NvccOption *Option;
  std::optional<llvm::StringRef> Value;
};

std::optional<Match> match(llvm::StringRef Arg) {
  bool Long = Arg.consume_front("--");
  if (!Long)
    Arg = Arg.drop_front();
  auto Find = [&](llvm::StringRef Name) -> const NvccOption * {
    for (const NvccOption &O : NvccOptions)
      if ((Long ? O.Long : O.Short) == Name && !Name.empty())
        return &O;
    return nullptr;
  };
  auto [Name, Value] = Arg.split('=');
  if (const NvccOption *O = Find(Name))
    return Match{O, Name.size() < Arg.size() ? std::optional(Value) : std::nullopt};
  if (!Long && Arg.size() > 1 && Joinable.contains(Arg.front()))
    if (const NvccOption *O = Find(Arg.take_front()))
      return Match{O, Arg.drop_front()};
  return std::nullopt;
}

/// A list's values: nvcc splits at every comma a backslash does not escape (-DX=1\,2).
std::vector<std::string> splitList(llvm::StringRef Value) {
  std::vector<std::string> Out(1);
  for (size_t I = 0; I < Value.size(); ++I) {
    if (Value[I] == '\\' && I + 1 < Value.size() && Value[I + 1] == ',')
      Out.back() += Value[++I];
    else if (Value[I] == ',')
      Out.emplace_back();
    else
      Out.back() += Value[I];
  }
  llvm::erase_if(Out, [](const std::string &V) { return V.empty(); });
  return Out;
}

/// Clang's name of an nvcc architecture (compute_80, sm_80, lto_80: sm_80), if Clang knows it.
std::optional<std::string> clangArch(llvm::StringRef Arch) {
  if (!Arch.consume_front("compute_") && !Arch.consume_front("sm_") && !Arch.consume_front("lto_"))
    return std::nullopt; // native, all, all-major
  std::string Sm = ("sm_" + Arch).str();
  if (!clang::IsNVIDIAOffloadArch(clang::StringToOffloadArch(Sm)))
    return std::nullopt;
  return Sm;
}

/// The virtual architecture of a -gencode specification (arch=compute_80,code=sm_80).
llvm::StringRef specifiedArch(llvm::StringRef Spec) {
  llvm::SmallVector<llvm::StringRef> Keys;
  Spec.split(Keys, ',');
  for (llvm::StringRef Key : Keys)
    if (Key.consume_front("arch="))
      return Key;
  return "";
}

/// Args read by Clang's driver as its own options (they must outlive the list, which points into
/// them); MissingIndex and MissingCount as ParseArgs sets them.
llvm::opt::InputArgList clangParse(const std::vector<std::string> &Args, unsigned &MissingIndex,
                                   unsigned &MissingCount) {
  std::vector<const char *> Argv;
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  return clang::driver::getDriverOptTable().ParseArgs(
      Argv, MissingIndex, MissingCount, llvm::opt::Visibility(clang::driver::options::ClangOption));
}

/// Appends the host compiler's options that Clang's driver accepts to Out (they may change
/// what parses: -D, -std, -fopenmp, -march); the others, unknown to Clang or inputs, to Ignored.
void addHostOptions(const std::vector<std::string> &Host, std::vector<std::string> &Out,
                    std::vector<std::string> &Ignored) {
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Args = clangParse(Host, MissingIndex, MissingCount);
  // An option spans its arguments up to the next option's; parsing stops at one missing its value.
  std::vector<const llvm::opt::Arg *> Parsed(Args.begin(), Args.end());
  size_t End = MissingCount ? MissingIndex : Host.size();
  for (size_t K = 0; K < Parsed.size(); ++K) {
    size_t To = K + 1 < Parsed.size() ? Parsed[K + 1]->getIndex() : End;
    unsigned Id = Parsed[K]->getOption().getID();
    bool Known = Id != clang::driver::options::OPT_UNKNOWN &&
                 Id != clang::driver::options::OPT_INPUT;
    for (size_t J = Parsed[K]->getIndex(); J < To; ++J)
      (Known ? Out : Ignored).push_back(Host[J]);
  }
  Ignored.insert(Ignored.end(), Host.begin() + End, Host.end());
}

bool isNvcc(llvm::StringRef Path) { return llvm::sys::path::filename(Path) == "nvcc"; }

/// Whether Clang's option Arg takes Next as its value (-iquote inc, -idirafter d, -Xclang x).
bool takesNextArgument(llvm::StringRef Arg, llvm::StringRef Next) {
  const std::vector<std::string> Pair = {Arg.str(), Next.str()};
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Args = clangParse(Pair, MissingIndex, MissingCount);
  // One option of Clang's spanning both arguments (not a flag followed by an option that lacks
  // its own value).
  return MissingCount == 0 && std::distance(Args.begin(), Args.end()) == 1 &&
         (*Args.begin())->getOption().getID() != clang::driver::options::OPT_UNKNOWN &&
         (*Args.begin())->getNumValues() > 0;
}

/// Whether Arg is an option of nvcc's that Clang's driver does not know (--extended-lambda,
/// -gencode, -Xcompiler, -rdc=true): a command holding one was written for nvcc.
bool nvccOnly(llvm::StringRef Arg) {
  std::optional<Match> M = Arg.starts_with("-") ? match(Arg) : std::nullopt;
  if (!M)
    return false;
  // Clang would read these as its own otherwise: -Xcompiler as -X, -arch as Darwin's.
  switch (M->Option->Action) {
  case Does::Arch:
  case Does::GenerateCode:
  case Does::Rdc:
  case Does::DefaultStream:
  case Does::Host:
  case Does::Nothing:
    return true;
  default:
    break;
  }
  const std::vector<std::string> One = {Arg.str()};
  unsigned MissingIndex = 0, MissingCount = 0;
  return clangParse(One, MissingIndex, MissingCount).hasArg(clang::driver::options::OPT_UNKNOWN);
}

} // namespace

bool runsNvcc(llvm::ArrayRef<std::string> CommandLine) {
  return (!CommandLine.empty() && isNvcc(CommandLine[0])) ||
         (CommandLine.size() > 1 && isNvcc(CommandLine[1]));
}

bool writtenForNvcc(llvm::ArrayRef<std::string> CommandLine) {
  return runsNvcc(CommandLine) ||
         llvm::any_of(CommandLine.drop_front(), [](const std::string &Arg) { return nvccOnly(Arg); });
}

NvccTranslation translateNvcc(llvm::ArrayRef<std::string> CommandLine) {
  NvccTranslation T;
  std::vector<std::string> Language, Host, Out, Archs;
  const size_t First = !runsNvcc(CommandLine) || isNvcc(CommandLine[0]) ? 1 : 2;
  for (size_t I = First; I < CommandLine.size(); ++I) {
    llvm::StringRef Arg = CommandLine[I];
    if (!Arg.starts_with("-") || Arg == "-") {
      Out.push_back(Arg.str()); // an input
      continue;
    }
    std::optional<Match> M = match(Arg);
    // nvcc passes an option it does not know to the host compiler (with
    // -forward-unknown-to-host-compiler; without, it fails), and --extra-arg adds Clang's: both
    // are host options here.
    if (!M) {
      Host.push_back(Arg.str());
      if (I + 1 < CommandLine.size() && takesNextArgument(Arg, CommandLine[I + 1]))
        Host.push_back(CommandLine[++I]); // -iquote inc, -Xclang X: the value stays the option's
      continue;
    }
    std::string Written = Arg.str();
    if (M->Option->Arg != Takes::Flag && !M->Value) {
      if (I + 1 == CommandLine.size()) {
        T.Ignored.push_back(Written);
        continue;
      }
      M->Value = CommandLine[++I];
      Written += " " + CommandLine[I];
    }
    std::vector<std::string> Values = {M->Value.value_or("").str()};
    if (M->Option->Arg == Takes::List)
      Values = splitList(Values.front());
    llvm::StringRef Value = Values.empty() ? "" : llvm::StringRef(Values.front());
    auto AddArch = [&](llvm::StringRef NvccArch) {
      std::optional<std::string> Sm = clangArch(NvccArch);
      if (!Sm)
        T.Ignored.push_back(Written); // native, all, or newer than Clang knows (sm_100)
      else if (!llvm::is_contained(Archs, *Sm)) {
        Archs.push_back(*Sm);
        Out.push_back("--cuda-gpu-arch=" + *Sm);
      }
    };
    switch (M->Option->Action) {
    case Does::Clang:
      for (const std::string &V : Values)
        Out.push_back((M->Option->Spelling + V).str());
      break;
    case Does::ClangSeparate:
      for (const std::string &V : Values)
        Out.insert(Out.end(), {M->Option->Spelling.str(), V});
      break;
    case Does::Language:
      Language = {"-x", Value == "cu" ? "cuda" : Value.str()};
      break;
    case Does::Arch:
      AddArch(Value);
      break;
    case Does::GenerateCode:
      AddArch(specifiedArch(Value));
      break;
    case Does::Rdc:
      if (M->Option->Arg == Takes::Flag)
        Out.insert(Out.end(), {"-c", "-fgpu-rdc"});
      else if (Value == "true" || Value == "false")
        Out.push_back(Value == "true" ? "-fgpu-rdc" : "-fno-gpu-rdc");
      else
        T.Ignored.push_back(Written);
      break;
    case Does::DefaultStream:
      if (Value == "per-thread")
        Out.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
      else if (Value != "legacy" && Value != "null") // legacy is the default, null its old name
        T.Ignored.push_back(Written);
      break;
    case Does::Host:
      Host.insert(Host.end(), Values.begin(), Values.end());
      break;
    case Does::Nothing:
      break;
    case Does::Drop:
      T.Ignored.push_back(Written);
      break;
    }
  }
  T.CommandLine = {"clang"};
  T.CommandLine.insert(T.CommandLine.end(), Language.begin(), Language.end());
  addHostOptions(Host, T.CommandLine, T.Ignored);
  T.CommandLine.insert(T.CommandLine.end(), Out.begin(), Out.end());
  return T;
}

std::vector<std::string> translateFlagsAfterDashes(std::vector<const char *> &Args,
                                                   std::vector<std::string> &Storage) {
  auto Dashes = llvm::find_if(Args, [](const char *A) { return llvm::StringRef(A) == "--"; });
  if (Dashes == Args.end())
    return {};
  std::vector<std::string> Flags = {"clang"};
  Flags.insert(Flags.end(), Dashes + 1, Args.end());
  if (!writtenForNvcc(Flags))
    return {};
  NvccTranslation T = translateNvcc(Flags);
  Storage.assign(T.CommandLine.begin() + 1, T.CommandLine.end()); // without "clang"
  Args.erase(Dashes + 1, Args.end());
  for (const std::string &F : Storage)
    Args.push_back(F.c_str());
  return T.Ignored;
}

std::vector<clang::tooling::CompileCommand>
NvccTranslatingDatabase::getCompileCommands(llvm::StringRef File) const {
  std::vector<clang::tooling::CompileCommand> Commands = Base.getCompileCommands(File);
  for (clang::tooling::CompileCommand &C : Commands)
    if (writtenForNvcc(C.CommandLine))
      C.CommandLine = translateNvcc(C.CommandLine).CommandLine;
  return Commands;
}

std::vector<std::string> nvccOptionsIgnored(const clang::tooling::CompilationDatabase &DB,
                                            const std::vector<std::string> &Sources) {
  std::vector<std::string> Ignored;
  for (const std::string &S : Sources)
    for (const clang::tooling::CompileCommand &C :
         DB.getCompileCommands(clang::tooling::getAbsolutePath(S)))
      if (writtenForNvcc(C.CommandLine))
        for (std::string &Option : translateNvcc(C.CommandLine).Ignored)
          if (!llvm::is_contained(Ignored, Option))
            Ignored.push_back(std::move(Option));
  return Ignored;
}

} // namespace autoscale::driver
