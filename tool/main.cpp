//===- main.cpp - autoscale-rewrite: command-line options only ---------------===//
#include "driver/CompileDatabase.h"
#include "driver/Driver.h"
#include "driver/NvccArguments.h"
#include "ruleset/RuleSet.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <exception>
#include <set>
#include <vector>

using namespace llvm;

static cl::OptionCategory Category("autoscale-rewrite options");
static cl::extrahelp CommonHelp(clang::tooling::CommonOptionsParser::HelpMessage);
static cl::extrahelp MoreHelp(
    "\nRewrites float and double arithmetic into calls of the autoscale runtime, as the rules\n"
    "decide, and prints a summary line on stderr. Exit status: 0 done, 1 a source is missing or\n"
    "failed to parse, or a file could not be rewritten or written (nothing written), 2 bad rules\n"
    "or options.\n");

static cl::opt<std::string> Rules("rules",
                                  cl::desc("YAML rules file (default: the shipped default.yaml)"),
                                  cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string>
    OutDir("out-dir",
           cl::desc("Write the project's files under <dir>, rewritten where needed, mirroring "
                    "their paths relative to the project root (--project-root) (default: autoscale-out)"),
           cl::value_desc("dir"), cl::cat(Category));
static cl::opt<bool> InPlace("in-place", cl::desc("Rewrite the sources and headers in place"),
                             cl::cat(Category));
static cl::opt<bool>
    Diff("diff",
         cl::desc("Print a unified diff to stdout and write no source or header (--diff --report "
                  "FILE writes the report only)"),
         cl::cat(Category));
static cl::opt<std::string>
    Report("report",
           cl::desc("Write the JSON report of every operation to <file>, which must be none of "
                    "the files the run reads or writes"),
           cl::value_desc("file"), cl::cat(Category));

static cl::opt<std::string>
    Depfile("depfile",
            cl::desc("With --out-dir: write a Makefile rule to <file> whose prerequisites are every "
                     "file the run read (sources, headers, rules), for build systems to rerun it "
                     "(CMake's add_custom_command DEPFILE, Ninja's depfile)"),
            cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string>
    DepfileTarget("depfile-target",
                  cl::desc("The target the --depfile rule names (default: the files written for "
                           "the sources)"),
                  cl::value_desc("name"), cl::cat(Category));

static cl::opt<std::string> ProjectRoot(
    "project-root",
    cl::desc("The project's files are those under <dir>: only they are rewritten; every other "
             "header the sources read (system headers aside) is listed in the report as left "
             "alone (default: the working directory when every source is under it, else the "
             "deepest directory holding them all)"),
    cl::value_desc("dir"), cl::cat(Category));
static cl::opt<bool> NoVerify(
    "no-verify",
    cl::desc("Skip parsing the rewritten units again before writing (by default an operation "
             "whose rewrite does not compile is left as written, with a note)"),
    cl::cat(Category));
static cl::opt<std::string>
    CudaPath("cuda-path",
             cl::desc("CUDA toolkit that .cu files are parsed against (default: the toolkit of "
                      "the nvcc on PATH, else /usr/local/cuda)"),
             cl::value_desc("dir"), cl::cat(Category));

int main(int argc, const char **argv) {
  cl::SetVersionPrinter([](raw_ostream &OS) { OS << "autoscale-rewrite " AUTOSCALE_VERSION "\n"; });
  // Without -p or "--", LibTooling searches for a compilation database and prints noise when
  // it finds none; an empty "--" asks for the same default flags quietly.
  std::vector<const char *> Args(argv, argv + argc);
  auto NamesDatabase = [](StringRef A) {
    return A == "--" || A == "-p" || A == "--p" || A.starts_with("-p=") || A.starts_with("--p=");
  };
  if (llvm::none_of(Args, NamesDatabase))
    Args.push_back("--");
  std::vector<std::string> TranslatedFlags; // Args points into it
  std::vector<std::string> NvccFlagsIgnored = autoscale::driver::translateFlagsAfterDashes(Args, TranslatedFlags);
  if (std::string Why = autoscale::driver::compileDatabaseError(Args); !Why.empty()) {
    errs() << "error: " << Why << "; nothing written\n";
    return 2;
  }
  int ArgCount = static_cast<int>(Args.size());
  auto Parser =
      clang::tooling::CommonOptionsParser::create(ArgCount, Args.data(), Category, cl::OneOrMore);
  if (!Parser) {
    errs() << toString(Parser.takeError()) << "\n";
    return 2;
  }
  if (int(InPlace) + int(Diff) + int(!OutDir.empty()) > 1) {
    errs() << "error: --in-place, --diff and --out-dir exclude each other\n";
    return 2;
  }
  if (!Depfile.empty() && (InPlace || Diff)) {
    errs() << "error: --depfile names the dependencies of an --out-dir tree; it excludes --in-place and --diff\n";
    return 2;
  }
  if (!DepfileTarget.empty() && Depfile.empty()) {
    errs() << "error: --depfile-target needs --depfile\n";
    return 2;
  }
  autoscale::driver::Options Opts;
  // A source named twice (src/a.c ./src/a.c) is one source; a missing one is reported as named.
  std::set<std::string> Named;
  for (const std::string &S : Parser->getSourcePathList()) {
    SmallString<256> Real;
    if (sys::fs::real_path(S, Real))
      Real = S;
    if (Named.insert(std::string(Real)).second)
      Opts.Sources.push_back(S);
  }
  Opts.RulesPath = Rules.empty() ? autoscale::rules::defaultRulesPath(argv[0]) : Rules.getValue();
  Opts.Mode = InPlace ? autoscale::driver::OutputMode::InPlace
              : Diff  ? autoscale::driver::OutputMode::Diff
                      : autoscale::driver::OutputMode::OutDir;
  if (!OutDir.empty())
    Opts.OutDir = OutDir;
  Opts.ReportPath = Report;
  Opts.DepfilePath = Depfile;
  Opts.DepfileTarget = DepfileTarget;
  Opts.ProjectRoot = ProjectRoot;
  Opts.Verify = !NoVerify;
  Opts.NvccFlagsIgnored = std::move(NvccFlagsIgnored);
  Opts.Paths = autoscale::driver::installPaths(argv[0]);
  if (!CudaPath.empty())
    Opts.Paths.CudaPath = CudaPath;
  // Every output is written atomically: a failure leaves none half-written, and is reported as
  // the tool's own fault, not the input's.
  try {
    return autoscale::driver::run(Parser->getCompilations(), Opts);
  } catch (const std::exception &E) {
    llvm::errs() << "autoscale-rewrite: internal error (" << E.what()
                 << "): the run stopped (an output is written whole or not at all); please report it with the input\n";
    return 70;
  }
}
