// Unit tests of the translation of nvcc's compile commands into Clang's: what each option becomes,
// what is reported as dropped, and the compilation database that translates.
#include "driver/NvccArguments.h"

#include "clang/Tooling/JSONCompilationDatabase.h"

#include <gtest/gtest.h>

namespace autoscale::driver {
namespace {

using Args = std::vector<std::string>;

/// The translation of nvcc's command line (after "nvcc") for a.cu.
NvccTranslation translate(Args Options) {
  Options.insert(Options.begin(), "nvcc");
  Options.push_back("a.cu");
  return translateNvcc(Options);
}

/// Clang's command line for Options, what it adds between "clang" and "a.cu".
Args clangFor(Args Options) {
  Args Out = translate(std::move(Options)).CommandLine;
  EXPECT_EQ(Out.front(), "clang");
  EXPECT_EQ(Out.back(), "a.cu");
  return Args(Out.begin() + 1, Out.end() - 1);
}

Args ignoredOf(Args Options) { return translate(std::move(Options)).Ignored; }

TEST(NvccArguments, RecognisedByTheCompilersFileName) {
  EXPECT_TRUE(runsNvcc({"/usr/local/cuda/bin/nvcc", "-c", "a.cu"}));
  EXPECT_TRUE(runsNvcc({"nvcc", "-c", "a.cu"}));
  EXPECT_TRUE(runsNvcc({"/usr/bin/ccache", "/usr/local/cuda/bin/nvcc", "-c", "a.cu"}));
  EXPECT_FALSE(runsNvcc({"/usr/bin/clang++", "-c", "a.cu"}));
  EXPECT_FALSE(runsNvcc({"clang++", "nvcc.cu"}));
  EXPECT_FALSE(runsNvcc({"/opt/nvcc/bin/g++", "-c", "a.cu"}));
  EXPECT_EQ(translateNvcc({"ccache", "/usr/local/cuda/bin/nvcc", "-c", "a.cu"}).CommandLine,
            (Args{"clang", "-c", "a.cu"}));
}

TEST(NvccArguments, CMakesCudaCommand) {
  NvccTranslation T = translateNvcc(
      {"/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler", "-DFOO", "-I/x",
       "-isystem=/usr/local/cuda/include", "-O3",
       "--generate-code=arch=compute_90,code=[compute_90,sm_90]", "-Xcompiler=-fPIC", "-std=c++17",
       "-x", "cu", "-c", "a.cu", "-o", "a.o"});
  EXPECT_EQ(T.CommandLine,
            (Args{"clang", "-x", "cuda", "-fPIC", "-DFOO", "-I/x", "-isystem",
                  "/usr/local/cuda/include", "-O3", "--cuda-gpu-arch=sm_90", "-std=c++17", "-c",
                  "a.cu", "-o", "a.o"}));
  EXPECT_EQ(T.Ignored, Args{});
}

TEST(NvccArguments, MakefilesCommand) {
  NvccTranslation T = translateNvcc(
      {"nvcc", "-arch=sm_89", "-gencode", "arch=compute_80,code=sm_80", "--expt-relaxed-constexpr",
       "--extended-lambda", "-Xcompiler", "-Wall,-fopenmp", "-rdc=true", "--use_fast_math",
       "-ccbin", "g++-12", "-lineinfo", "-G", "--ptxas-options=-v", "-maxrregcount=64", "-c",
       "b.cu"});
  EXPECT_EQ(T.CommandLine,
            (Args{"clang", "-Wall", "-fopenmp", "--cuda-gpu-arch=sm_89", "--cuda-gpu-arch=sm_80",
                  "-fgpu-rdc", "-fgpu-approx-transcendentals", "-c", "b.cu"}));
  EXPECT_EQ(T.Ignored, (Args{"-ccbin g++-12", "-lineinfo", "-G", "--ptxas-options=-v",
                             "-maxrregcount=64"}));
}

TEST(NvccArguments, PreprocessorOptionsKept) {
  EXPECT_EQ(clangFor({"-DA", "-D", "B=1", "-D=C", "--define-macro=D,E", "-DX=1\\,2"}),
            (Args{"-DA", "-DB=1", "-DC", "-DD", "-DE", "-DX=1,2"}));
  EXPECT_EQ(clangFor({"-UA", "--undefine-macro", "B"}), (Args{"-UA", "-UB"}));
  EXPECT_EQ(clangFor({"-I/a,/b", "-I", "/c", "--include-path=/d"}),
            (Args{"-I/a", "-I/b", "-I/c", "-I/d"}));
  EXPECT_EQ(clangFor({"-isystem", "/a", "-isystem=/b", "--system-include=/c"}),
            (Args{"-isystem", "/a", "-isystem", "/b", "-isystem", "/c"}));
  EXPECT_EQ(clangFor({"-include", "p.h", "--pre-include=q.h"}),
            (Args{"-include", "p.h", "-include", "q.h"}));
}

// Clang's own options in a command written for nvcc (flags after `--`) are host options, and
// keep their separate values; a flag does not take the option after it for its value.
TEST(NvccArguments, ClangsOptionsKeepTheirValues) {
  EXPECT_EQ(clangFor({"-fgpu-rdc", "-iquote", "inc", "-Xclang", "-fno-rtti", "-idirafter", "d"}),
            (Args{"-fgpu-rdc", "-iquote", "inc", "-Xclang", "-fno-rtti", "-idirafter", "d"}));
  EXPECT_TRUE(ignoredOf({"-fgpu-rdc", "-iquote", "inc"}).empty());
}

TEST(NvccArguments, LanguageOptionsKept) {
  EXPECT_EQ(clangFor({"-std=c++17", "-std", "c++20", "--std=c++14"}),
            (Args{"-std=c++17", "-std=c++20", "-std=c++14"}));
  EXPECT_EQ(clangFor({"-O3", "-O", "2", "--optimize=1"}), (Args{"-O3", "-O2", "-O1"}));
  EXPECT_EQ(clangFor({"-noeh", "-w", "-m64", "--machine", "64"}),
            (Args{"-fno-exceptions", "-w", "-m64", "-m64"}));
  EXPECT_EQ(clangFor({"-ftemplate-depth", "512", "-ftemplate-backtrace-limit=0"}),
            (Args{"-ftemplate-depth=512", "-ftemplate-backtrace-limit=0"}));
}

TEST(NvccArguments, LanguageGoesFirst) {
  EXPECT_EQ(translateNvcc({"nvcc", "-c", "k.cpp", "-x", "cu"}).CommandLine,
            (Args{"clang", "-x", "cuda", "-c", "k.cpp"}));
  EXPECT_EQ(clangFor({"--x=c++"}), (Args{"-x", "c++"}));
}

TEST(NvccArguments, OutputAndDependencyFilesKeptForLibToolingToRemove) {
  EXPECT_EQ(clangFor({"-MD", "-MT", "a.o", "-MF", "a.o.d", "-o", "a.o"}),
            (Args{"-MD", "-MT", "a.o", "-MF", "a.o.d", "-o", "a.o"}));
  EXPECT_EQ(clangFor({"--generate-dependencies-with-compile", "--dependency-output", "a.d",
                      "--dependency-target-name=t", "-MMD", "-MP", "--output-file=a.o"}),
            (Args{"-MD", "-MF", "a.d", "-MT", "t", "-MMD", "-MP", "-o", "a.o"}));
}

TEST(NvccArguments, OneGpuArchPerVirtualArchitecture) {
  EXPECT_EQ(clangFor({"-arch=sm_89", "-arch", "sm_90a", "--gpu-architecture=compute_80",
                      "-gencode=arch=compute_75,code=sm_75",
                      "--generate-code", "arch=compute_86,code=[sm_86,compute_86]",
                      "-gencode", "arch=compute_89,code=sm_89"}),
            (Args{"--cuda-gpu-arch=sm_89", "--cuda-gpu-arch=sm_90a", "--cuda-gpu-arch=sm_80",
                  "--cuda-gpu-arch=sm_75", "--cuda-gpu-arch=sm_86"}));
  // The real architecture compiled from compute_80 is code generation only.
  EXPECT_EQ(clangFor({"-gencode", "arch=compute_80,code=sm_86"}),
            (Args{"--cuda-gpu-arch=sm_80"}));
  EXPECT_EQ(ignoredOf({"-gencode", "arch=compute_80,code=sm_86"}), Args{});
}

TEST(NvccArguments, ArchitecturesClangDoesNotKnowReported) {
  NvccTranslation T = translate({"-arch=native", "-arch", "all", "-arch=sm_100",
                                 "--generate-code=arch=compute_120,code=sm_120", "-code=sm_80",
                                 "-arch=sm_80"});
  EXPECT_EQ(T.CommandLine, (Args{"clang", "--cuda-gpu-arch=sm_80", "a.cu"}));
  EXPECT_EQ(T.Ignored, (Args{"-arch=native", "-arch all", "-arch=sm_100",
                             "--generate-code=arch=compute_120,code=sm_120", "-code=sm_80"}));
}

TEST(NvccArguments, WhatClangDoesAnywayIsNotReported) {
  NvccTranslation T = translate({"--expt-relaxed-constexpr", "-expt-relaxed-constexpr",
                                 "--extended-lambda", "--expt-extended-lambda",
                                 "-forward-unknown-to-host-compiler", "--default-stream", "legacy"});
  EXPECT_EQ(T.CommandLine, (Args{"clang", "a.cu"}));
  EXPECT_EQ(T.Ignored, Args{});
}

TEST(NvccArguments, HostCompilerOptions) {
  EXPECT_EQ(clangFor({"-Xcompiler", "-Wall,-fopenmp", "-Xcompiler=-fPIC",
                      "--compiler-options=-O2", "--compiler-options", "-march=native",
                      "-Xcompiler", "-DX=1\\,2"}),
            (Args{"-Wall", "-fopenmp", "-fPIC", "-O2", "-march=native", "-DX=1,2"}));
  // A host option and its value may come in two -Xcompiler.
  EXPECT_EQ(clangFor({"-Xcompiler", "-isystem", "-Xcompiler", "/h", "-DA"}),
            (Args{"-isystem", "/h", "-DA"}));
  // nvcc forwards what it does not know; Clang keeps what it knows.
  EXPECT_EQ(clangFor({"-fopenmp", "-pthread", "-march=native", "-DA"}),
            (Args{"-fopenmp", "-pthread", "-march=native", "-DA"}));
}

TEST(NvccArguments, HostOptionsClangDoesNotKnowReported) {
  NvccTranslation T = translate({"-Xcompiler", "-fno-gnu-unique,-fPIC", "-fconcepts",
                                 "-Xcompiler", "extra.o", "-Xcompiler", "-include"});
  EXPECT_EQ(T.CommandLine, (Args{"clang", "-fPIC", "a.cu"}));
  EXPECT_EQ(T.Ignored, (Args{"-fno-gnu-unique", "-fconcepts", "extra.o", "-include"}));
}

TEST(NvccArguments, RelocatableDeviceCode) {
  EXPECT_EQ(clangFor({"-rdc=true"}), (Args{"-fgpu-rdc"}));
  EXPECT_EQ(clangFor({"--relocatable-device-code=true"}), (Args{"-fgpu-rdc"}));
  EXPECT_EQ(clangFor({"-rdc", "false"}), (Args{"-fno-gpu-rdc"}));
  EXPECT_EQ(clangFor({"-dc"}), (Args{"-c", "-fgpu-rdc"}));
  EXPECT_EQ(clangFor({"--device-c"}), (Args{"-c", "-fgpu-rdc"}));
}

TEST(NvccArguments, FastMathKeepsNvccsMacros) {
  EXPECT_EQ(clangFor({"--use_fast_math"}), (Args{"-fgpu-approx-transcendentals"}));
  EXPECT_EQ(clangFor({"-use_fast_math"}), (Args{"-fgpu-approx-transcendentals"}));
}

TEST(NvccArguments, PerThreadDefaultStreamDefinesNvccsMacro) {
  EXPECT_EQ(clangFor({"--default-stream", "per-thread"}),
            (Args{"-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"}));
  EXPECT_EQ(clangFor({"-default-stream=null"}), Args{});
}

TEST(NvccArguments, CodeGenerationAndBuildOptionsReported) {
  Args Dropped = {"-ccbin", "g++-12", "-ccbin=clang++", "--compiler-bindir", "/usr/bin",
                  "-lineinfo", "-G", "-g", "--ptxas-options=-v", "-Xptxas", "-v,-O3",
                  "-maxrregcount", "32", "--keep", "-Xnvlink", "--verbose", "-Xcudafe",
                  "--diag_suppress=177", "-t", "4", "--threads=0", "-t8", "-ftz=true",
                  "--prec-div=false", "-Wno-deprecated-gpu-targets", "-lcublas", "-L/l",
                  "-allow-unsupported-compiler", "-Werror", "all-warnings"};
  NvccTranslation T = translate(Dropped);
  EXPECT_EQ(T.CommandLine, (Args{"clang", "a.cu"}));
  EXPECT_EQ(T.Ignored,
            (Args{"-ccbin g++-12", "-ccbin=clang++", "--compiler-bindir /usr/bin", "-lineinfo",
                  "-G", "-g", "--ptxas-options=-v", "-Xptxas -v,-O3", "-maxrregcount 32",
                  "--keep", "-Xnvlink --verbose", "-Xcudafe --diag_suppress=177", "-t 4",
                  "--threads=0", "-t8", "-ftz=true", "--prec-div=false",
                  "-Wno-deprecated-gpu-targets", "-lcublas", "-L/l",
                  "-allow-unsupported-compiler", "-Werror all-warnings"}));
}

TEST(NvccArguments, ValueMissingAtTheEndReported) {
  NvccTranslation T = translateNvcc({"nvcc", "-c", "a.cu", "-ccbin"});
  EXPECT_EQ(T.CommandLine, (Args{"clang", "-c", "a.cu"}));
  EXPECT_EQ(T.Ignored, Args{"-ccbin"});
}

TEST(NvccArguments, DatabaseTranslatesNvccsCommandsAndNamesEachDroppedOptionOnce) {
  std::string Error;
  std::unique_ptr<clang::tooling::JSONCompilationDatabase> DB =
      clang::tooling::JSONCompilationDatabase::loadFromBuffer(
          R"([{"directory": "/p", "file": "a.cu",
               "command": "nvcc -ccbin g++-12 -lineinfo -arch=sm_80 -c a.cu"},
              {"directory": "/p", "file": "b.cu",
               "command": "/usr/local/cuda/bin/nvcc -lineinfo -ccbin g++-12 -G -c b.cu"},
              {"directory": "/p", "file": "c.c", "command": "cc -lineinfo -c c.c"}])",
          Error, clang::tooling::JSONCommandLineSyntax::Gnu);
  ASSERT_TRUE(DB) << Error;
  NvccTranslatingDatabase Commands(*DB);
  EXPECT_EQ(Commands.getCompileCommands("/p/a.cu").at(0).CommandLine,
            (Args{"clang", "--cuda-gpu-arch=sm_80", "-c", "a.cu"}));
  EXPECT_EQ(Commands.getCompileCommands("/p/c.c").at(0).CommandLine,
            (Args{"cc", "-lineinfo", "-c", "c.c"}));
  EXPECT_EQ(nvccOptionsIgnored(*DB, {"/p/a.cu", "/p/b.cu", "/p/c.c"}),
            (Args{"-ccbin g++-12", "-lineinfo", "-G"}));
}

} // namespace
} // namespace autoscale::driver
