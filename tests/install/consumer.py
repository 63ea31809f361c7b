#!/usr/bin/env python3
"""A user of the installed autoscale, one case per call (tests/install/CMakeLists.txt lists them).

  consumer.py run --prefix P --work W --source numeric.c --via cmake|pkg-config --link static|shared
      Rewrites the source with the installed tool and rules, builds it with strict warnings
      (-Werror) against the installed runtime through the CMake package or pkg-config, runs it and
      checks: it prints the numbers the FP32 original prints, within the emulation's error; its
      runtime report was written and names sites that ran; it loads libautoscale.so exactly when
      linked shared.
  consumer.py old-standard --prefix P --work W --lang c|c++ --std c89 --minimum C99
      Compiling a file that includes the installed header under a standard older than the
      header's minimum fails with exactly one error: an #error naming the minimum.
  consumer.py rewrite-function --prefix P --work W
      consumers/rewrite_project (three C and C++ files and a header) makes app_fp8 from app with
      the installed package's autoscale_rewrite(); both build and print close numbers, the twin
      writes a runtime report. Rebuilding redoes exactly the affected rewrites and compiles:
      nothing when nothing changed; the rewrite and no twin unit when the header is touched; the
      one file a rules edit changes; the units including the header when it is edited.
  consumer.py rewrite-library --prefix P --work W
      consumers/rewrite_library makes linalg_fp8 from a shared library with a public include
      directory, definition, feature and link library; a program linking linalg_fp8 instead of
      linalg builds with only that change and prints close numbers, and the site of the library
      header's inline function runs in it: it compiled the rewritten header.
  consumer.py rewrite-makefile --prefix P --work W
      The same with the project's Makefile, the recipe of docs/BUILD.md (a compile database, the
      tool's --depfile, a stamp).
  consumer.py missing-dependency --prefix P --work W --component static --dependency dnnl
      With the dependency's package hidden, find_package(autoscale COMPONENTS <component>) fails
      and names it (the shared library alone still works: a `run --cmake-arg` case).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# The consumer's own flags: its code must be warning-clean under these, and so must what the tool
# wrote into it and the header it includes.
STRICT = {
    "c": ["-std=c99", "-Wall", "-Wextra", "-Werror", "-Wpedantic", "-Wstrict-prototypes"],
    "c++": ["-std=c++11", "-Wall", "-Wextra", "-Werror", "-Wold-style-cast",
            "-Wzero-as-null-pointer-constant", "-Wcast-qual", "-Wconversion"],
}
# Largest relative difference allowed between a rewritten program's numbers and the FP32
# original's. The default rules round the dot products' operands to E4M3 (3 mantissa bits) and
# elementwise results to FP16. Measured: axpy_dot 1.4%, dot 0.23% (numeric.c and numeric.cpp
# alike), range 0.02% (plot_namespace.cpp), the rest below 0.001%; 5% fails only when something
# else went wrong.
RELATIVE_TOLERANCE = 0.05
METRIC = re.compile(r"^([A-Za-z_]+) (-?[0-9.]+(?:e[-+]?[0-9]+)?)$")


def fail(msg):
    sys.exit("FAIL: " + msg)


def sh(cmd, env=None, cwd=None, expect_ok=True):
    print("$ " + " ".join(cmd), flush=True)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=cwd)
    if expect_ok and r.returncode != 0:
        fail("%s exited with %d\n%s%s" % (os.path.basename(cmd[0]), r.returncode, r.stdout[-3000:],
                                          r.stderr[-6000:]))
    return r


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def language(source):
    return "c" if source.endswith(".c") else "c++"


def metrics(text):
    found = {}
    for line in text.splitlines():
        hit = METRIC.match(line.strip())
        if hit:
            found[hit.group(1)] = float(hit.group(2))
    return found


def needed_libraries(exe):
    out = sh(["readelf", "-d", exe]).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out)


def rewrite(a, work):
    """The installed tool on a copy of the source; returns the rewritten file."""
    src = fresh(os.path.join(work, "src"))
    shutil.copy(a.source, src)
    name = os.path.basename(a.source)
    tool = os.path.join(a.prefix, "bin", "autoscale-rewrite")
    rules = os.path.join(a.prefix, "share", "autoscale", "rules", "default.yaml")
    out = os.path.join(work, "rewritten")
    sh([tool, "--rules", rules, "--out-dir", out, name, "--", STRICT[language(name)][0]], cwd=src)
    rewritten = os.path.join(out, name)
    with open(rewritten) as f:
        text = f.read()
    sites = text.count("AUTOSCALE_SITE(")
    if "#include <autoscale/autoscale.h>" not in text or sites == 0:
        fail("%s was not rewritten (%d sites)" % (rewritten, sites))
    print("rewritten: %d sites" % sites)
    return rewritten


def build_with_pkgconfig(a, work, source, compiler, flags):
    env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(a.prefix, "lib", "pkgconfig"))
    package = "autoscale" if a.link == "shared" else "autoscale-static"
    pc = lambda *args: sh(["pkg-config"] + list(args), env=env).stdout.split()
    exe = os.path.join(work, "consumer")
    obj = exe + ".o"
    sh([compiler] + flags + pc("--cflags", package) + ["-c", source, "-o", obj])
    sh([compiler, obj] + pc("--libs", package) + ["-lm", "-o", exe])
    if a.link == "static":
        # `pkg-config --static autoscale` (a fully static link) must name what the archive needs.
        libs = set(t for t in pc("--static", "--libs", "autoscale") if t.startswith(("-l", "-pthread")))
        archive_needs = set(t for t in pc("--libs", package) if t.startswith(("-l", "-pthread")))
        if not archive_needs <= libs:
            fail("pkg-config --static --libs autoscale lacks %s" % sorted(archive_needs - libs))
    return exe


def configure_consumer(a, build, lang, source, target):
    """The cmake command configuring consumers/CMakeLists.txt against the installed package."""
    return [a.cmake, "-S", os.path.join(HERE, "consumers"), "-B", build, "-G", a.generator,
            "-DCMAKE_PREFIX_PATH=" + a.prefix, "-DCMAKE_C_COMPILER=" + a.cc,
            "-DCMAKE_CXX_COMPILER=" + a.cxx, "-DCONSUMER_LANG=" + ("C" if lang == "c" else "CXX"),
            "-DCONSUMER_SOURCE=" + source, "-DCONSUMER_TARGET=" + target] + a.cmake_arg


def build_with_cmake(a, work, source, lang, flags):
    build = os.path.join(work, "build")
    target = "autoscale::autoscale" if a.link == "shared" else "autoscale::autoscale_static"
    sh(configure_consumer(a, build, lang, source, target) + ["-DCMAKE_BUILD_TYPE=Release",
                                                            "-DCONSUMER_FLAGS=" + " ".join(flags)])
    sh([a.cmake, "--build", build, "--verbose"])
    return os.path.join(build, "consumer")


def run_case(a):
    work = fresh(a.work)
    lang = language(a.source)
    compiler = a.cc if lang == "c" else a.cxx
    flags = STRICT[lang] + ["-O2"]

    original = os.path.join(work, "original")
    sh([compiler] + flags + [a.source, "-lm", "-o", original])
    expected = metrics(sh([original]).stdout)
    if not expected:
        fail("the original printed no numbers")

    rewritten = rewrite(a, work)
    if a.via == "pkg-config":
        exe = build_with_pkgconfig(a, work, rewritten, compiler, flags)
    else:
        exe = build_with_cmake(a, work, rewritten, lang, flags)

    report = os.path.join(work, "report.json")
    env = dict(os.environ, AUTOSCALE_REPORT=report)
    if a.via == "pkg-config" and a.link == "shared":
        env["LD_LIBRARY_PATH"] = os.path.join(a.prefix, "lib")  # as a user of a private prefix would
    ran = sh([exe], env=env)
    print(ran.stdout + ran.stderr)

    needed = needed_libraries(exe)
    loads_runtime = any(n.startswith("libautoscale.so") for n in needed)
    if loads_runtime != (a.link == "shared"):
        fail("linked %s, but the program's NEEDED libraries are %s" % (a.link, needed))
    compare(expected, metrics(ran.stdout))
    executed = executed_sites(report)
    print("OK: %d sites ran, %d executions" % (len(executed), sum(s["executions"] for s in executed)))


def compare(expected, got):
    """Fails unless got prints the names expected does, each within RELATIVE_TOLERANCE."""
    if not expected or set(got) != set(expected):
        fail("printed %s, the original %s" % (sorted(got), sorted(expected)))
    for name, want in sorted(expected.items()):
        diff = abs(got[name] - want) / max(abs(want), 1e-30)
        print("%s: original %g rewritten %g (relative difference %.2g)" % (name, want, got[name], diff))
        if diff > RELATIVE_TOLERANCE:
            fail("%s differs from the original by more than %g" % (name, RELATIVE_TOLERANCE))


def executed_sites(report):
    """The sites of a runtime report that ran; fails when there is none."""
    if not os.path.exists(report):
        fail("no runtime report at " + report)
    with open(report) as f:
        sites = json.load(f).get("sites", [])
    executed = [s for s in sites if s.get("executions", 0) > 0]
    if not executed:
        fail("the runtime report lists no executed site (%d sites)" % len(sites))
    return executed


def edit(path, old, new):
    with open(path) as f:
        text = f.read()
    if old not in text:
        fail("%s lacks %r" % (path, old))
    with open(path, "w") as f:
        f.write(text.replace(old, new, 1))


def rewrite_project(a, work, name="rewrite_project"):
    """A copy of consumers/<name>, its rules/app.yaml the installed default rules."""
    project = os.path.join(work, "project")
    shutil.copytree(os.path.join(HERE, "consumers", name), project)
    os.makedirs(os.path.join(project, "rules"))
    shutil.copy(os.path.join(a.prefix, "share", "autoscale", "rules", "default.yaml"),
                os.path.join(project, "rules", "app.yaml"))
    return project


def check_rebuilds(work, project, build, programs):
    """Builds app and app_fp8 with `build` (it returns whether the rewrite ran and the objects
    compiled, as (program, source) pairs) after each change of a user's loop, and fails unless
    exactly the affected rewrites and units ran; runs both programs (in `programs`) twice."""
    def rebuild(step, rewrite, compiled):
        rewrote, objects, out = build()
        print("%s: rewrite %s, compiled %s" % (step, "ran" if rewrote else "did not run", sorted(objects)))
        if rewrote != rewrite or objects != set(compiled):
            fail("%s: expected the rewrite %s and %s compiled\n%s"
                 % (step, "to run" if rewrite else "not to run", sorted(compiled), out[-3000:]))

    def run_both():
        report = os.path.join(work, "report.json")
        if os.path.exists(report):
            os.remove(report)
        expected = metrics(sh([os.path.join(programs, "app")]).stdout)
        ran = sh([os.path.join(programs, "app_fp8")], env=dict(os.environ, AUTOSCALE_REPORT=report))
        compare(expected, metrics(ran.stdout))
        return {os.path.basename(s.get("file", "")) for s in executed_sites(report)}

    rebuild("first build", True, [(t, s) for t in ("app", "app_fp8") for s in ("main.c", "filter.c", "stats.cpp")])
    if not any(n.startswith("libautoscale.so") for n in needed_libraries(os.path.join(programs, "app_fp8"))):
        fail("app_fp8 does not load libautoscale.so")
    if "filter.c" not in run_both():
        fail("filter.c has no executed site before the rules keep filter_smooth")
    rebuild("nothing changed", False, [])
    # Each change waits past the second of the build before it: some file systems keep file times
    # in whole seconds, where a change in the same second would look older than the outputs.
    time.sleep(1.1)
    os.utime(os.path.join(project, "include", "model.h"))
    # The original's units recompile by their own dependencies; the twin's, whose rewritten text
    # is the same, do not.
    rebuild("header touched", True, [("app", "main.c"), ("app", "stats.cpp")])
    time.sleep(1.1)
    edit(os.path.join(project, "rules", "app.yaml"), "\noverrides:\n",
         "\noverrides:\n  - {match: {function: filter_smooth}, set: {action: keep}}\n")
    rebuild("rules keep filter_smooth", True, [("app_fp8", "filter.c")])
    time.sleep(1.1)
    edit(os.path.join(project, "include", "model.h"), "0.25f", "0.125f")
    rebuild("header edited", True, [(t, s) for t in ("app", "app_fp8") for s in ("main.c", "stats.cpp")])
    if "filter.c" in run_both():
        fail("filter.c still has an executed site after the rules keep filter_smooth")
    rebuild("nothing changed again", False, [])
    print("OK: the twin builds, runs and rebuilds only what each change affects")


def rewrite_function_case(a):
    work = fresh(a.work)
    project = rewrite_project(a, work)
    build_dir = os.path.join(work, "build")
    sh([a.cmake, "-S", project, "-B", build_dir, "-G", a.generator, "-DCMAKE_PREFIX_PATH=" + a.prefix,
        "-DCMAKE_C_COMPILER=" + a.cc, "-DCMAKE_CXX_COMPILER=" + a.cxx] + a.cmake_arg)

    def build():
        out = sh([a.cmake, "--build", build_dir]).stdout
        objects = set(re.findall(r"Building (?:C|CXX) object CMakeFiles/(\w+)\.dir/\S*?([^/\s]+)\.o\b", out))
        return "autoscale-rewrite: app into app_fp8" in out, objects, out

    check_rebuilds(work, project, build, build_dir)


def rewrite_library_case(a):
    work = fresh(a.work)
    project = rewrite_project(a, work, "rewrite_library")
    build_dir = os.path.join(work, "build")
    sh([a.cmake, "-S", project, "-B", build_dir, "-G", a.generator, "-DCMAKE_PREFIX_PATH=" + a.prefix,
        "-DCMAKE_C_COMPILER=" + a.cc, "-DCMAKE_CXX_COMPILER=" + a.cxx] + a.cmake_arg)
    sh([a.cmake, "--build", build_dir])
    report = os.path.join(work, "report.json")
    expected = metrics(sh([os.path.join(build_dir, "app")]).stdout)
    ran = sh([os.path.join(build_dir, "app_fp8")], env=dict(os.environ, AUTOSCALE_REPORT=report))
    compare(expected, metrics(ran.stdout))
    files = {os.path.basename(s.get("file", "")) for s in executed_sites(report)}
    if files != {"linalg.c", "linalg.h"}:
        fail("app_fp8 ran sites of %s, not of linalg.c and linalg.h (the rewritten header's inline "
             "function, which only the program calls)" % sorted(files))
    print("OK: a program linking the twin builds with the library's usage requirements and its "
          "rewritten header")


def rewrite_makefile_case(a):
    work = fresh(a.work)
    project = rewrite_project(a, work)
    # The compile database `bear -- make app` writes, with the Makefile's flags.
    flags = {".c": [a.cc, "-O2", "-std=c99"], ".cpp": [a.cxx, "-O2", "-std=c++11"]}
    database = [{"directory": project, "file": source,
                 "arguments": flags[os.path.splitext(source)[1]] + ["-DMODEL_N=256", "-Iinclude", "-c", source,
                                                                   "-o", source + ".o"]}
                for source in ("src/main.c", "src/filter.c", "src/stats.cpp")]
    with open(os.path.join(project, "compile_commands.json"), "w") as f:
        json.dump(database, f, indent=1)

    def build():
        out = sh(["make", "-C", project, "app", "app_fp8", "AUTOSCALE=" + a.prefix, "CC=" + a.cc,
                  "CXX=" + a.cxx]).stdout
        objects = {("app_fp8" if path.startswith("rewritten/") else "app", os.path.basename(path))
                   for path in re.findall(r" -c (\S+) -o ", out)}
        return "bin/autoscale-rewrite -p" in out, objects, out

    check_rebuilds(work, project, build, project)


def old_standard_case(a):
    work = fresh(a.work)
    source = os.path.join(work, "old." + ("c" if a.lang == "c" else "cpp"))
    with open(source, "w") as f:  # valid in every standard but for the header it includes
        f.write("#include \"autoscale/autoscale.h\"\nint main(void) { return 0; }\n")
    compiler = a.cc if a.lang == "c" else a.cxx
    r = sh([compiler, "-std=" + a.std, "-I", os.path.join(a.prefix, "include"), "-c", source,
            "-o", os.path.join(work, "old.o")], expect_ok=False)
    print(r.stderr)
    # Diagnostics only (gcc and clang: "file:line:col: error: text"), not the source lines quoted
    # under them; the one error must come from the installed header itself.
    errors = [l for l in r.stderr.splitlines() if re.search(r"\berror: ", l)]
    if r.returncode == 0:
        fail("-std=%s compiled" % a.std)
    header_dir = os.path.join(a.prefix, "include", "autoscale") + os.sep
    if len(errors) != 1 or not errors[0].startswith(header_dir) or a.minimum not in errors[0]:
        fail("-std=%s: expected exactly one error, an #error of %s naming %s; got %d error lines"
             % (a.std, header_dir, a.minimum, len(errors)))
    print("OK: " + errors[0])


def missing_dependency_case(a):
    work = fresh(a.work)
    source = os.path.join(HERE, "consumers", "numeric.c")
    r = sh(configure_consumer(a, os.path.join(work, "build"), "c", source, "autoscale::autoscale_static")
           + ["-DCONSUMER_COMPONENTS=" + a.component, "-DCMAKE_DISABLE_FIND_PACKAGE_%s=ON" % a.dependency],
           expect_ok=False)
    print(r.stdout + r.stderr)
    if r.returncode == 0:
        fail("find_package(autoscale COMPONENTS %s) succeeded without %s" % (a.component, a.dependency))
    if a.dependency not in r.stderr:
        fail("the configure error does not name %s" % a.dependency)
    print("OK: configuring failed and named %s" % a.dependency)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("case", choices=["run", "old-standard", "missing-dependency", "rewrite-function",
                                    "rewrite-library", "rewrite-makefile"])
    p.add_argument("--prefix", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--cc", default="cc")
    p.add_argument("--cxx", default="c++")
    p.add_argument("--cmake", default="cmake")
    p.add_argument("--generator", default="Ninja")
    p.add_argument("--source")
    p.add_argument("--via", choices=["cmake", "pkg-config"])
    p.add_argument("--link", choices=["static", "shared"])
    p.add_argument("--cmake-arg", action="append", default=[])
    p.add_argument("--lang", choices=["c", "c++"])
    p.add_argument("--std")
    p.add_argument("--minimum")
    p.add_argument("--component")
    p.add_argument("--dependency")
    a = p.parse_args()
    a.prefix = os.path.abspath(a.prefix)
    {"run": run_case, "old-standard": old_standard_case, "missing-dependency": missing_dependency_case,
     "rewrite-function": rewrite_function_case, "rewrite-library": rewrite_library_case,
     "rewrite-makefile": rewrite_makefile_case}[a.case](a)


if __name__ == "__main__":
    main()
