# lit configuration of autoscale-rewrite's focused tests (one construct per file, checks inline).
# The build's paths come from lit.site.cfg.py, which CMake generates (tests/tool/lit.cmake):
# run the suite with `ctest -R tool.lit` or `python3 <lit.py> -sv build/tests/tool/lit`.
import os
import subprocess

import lit.formats

config.name = "autoscale-rewrite"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".cu"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.autoscale_lit_exec_root

# FileCheck, split-file, not and count come from the LLVM the tool is built with.
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", "")])
# The rewritten programs' own exit reports would clutter their output.
config.environment["AUTOSCALE_SUMMARY"] = "0"

# How rewritten programs link with the runtime: as the build's pkg-config file says (the static
# archive and what it needs), so these tests follow the runtime's dependencies. tests/gpu/run.sh
# points AUTOSCALE_LIT_PKGCONFIG_DIR at another build's (the runtime without oneDNN).
pkgconfig_dir = os.environ.get("AUTOSCALE_LIT_PKGCONFIG_DIR", config.autoscale_pkgconfig_dir)
runtime_link = subprocess.run(["pkg-config", "--libs", "--static", "autoscale"], capture_output=True, text=True,
                              env=dict(os.environ, PKG_CONFIG_PATH=pkgconfig_dir))
if runtime_link.returncode != 0:
    lit_config.fatal("pkg-config cannot read %s/autoscale.pc: %s" % (pkgconfig_dir, runtime_link.stderr))

here = config.test_source_root
config.substitutions += [
    ("%autoscale-rewrite", config.autoscale_rewrite),
    ("%rules", os.path.join(config.autoscale_source_dir, "rules")),
    ("%runtime-include", os.path.join(config.autoscale_source_dir, "runtime", "include")),
    ("%runtime-link", runtime_link.stdout.strip()),
    ("%python", config.python_executable),
    ("%code", "%s %s" % (config.python_executable, os.path.join(here, "rewritten_code.py"))),
    ("%expect-exit", "%s %s" % (config.python_executable, os.path.join(here, "expect_exit.py"))),
    ("%report", "%s %s" % (config.python_executable, os.path.join(here, "report_lines.py"))),
    ("%site-counters", "%s %s" % (config.python_executable, os.path.join(here, "site_counters.py"))),
    # Clang, the compiler the tool parses as: its diagnostics point at the rewritten text.
    ("%cxx", config.clangxx),
    ("%cc", config.clang),
    # The compilers the project builds with (GCC on Debian): where they judge code differently
    # (argument evaluation order, folding of libm calls, packed members), a test uses both.
    ("%host-cxx", config.host_cxx),
    ("%host-cc", config.host_cc),
]

# CUDA cases need the toolkit's headers (the tool parses them), nvcc (the output compiles) and
# libautoscale_cuda (rewritten CUDA files register their device sites with it): autoscale-cuda.pc,
# whose flags nvcc takes as they are (the runtime's pkg-config files say -lpthread, not -pthread).
cuda_link = subprocess.run(["pkg-config", "--libs", "--static", "autoscale-cuda"], capture_output=True, text=True,
                           env=dict(os.environ, PKG_CONFIG_PATH=pkgconfig_dir))
if os.path.exists(os.path.join(config.cuda_dir, "include", "cuda_runtime.h")) and \
        os.path.exists(os.path.join(config.cuda_dir, "bin", "nvcc")) and cuda_link.returncode == 0:
    config.available_features.add("cuda")
    config.substitutions.append(("%nvcc", os.path.join(config.cuda_dir, "bin", "nvcc")))
    config.substitutions.append(("%link-for-nvcc", cuda_link.stdout.strip()))
