#!/usr/bin/env python3
"""Command-line contract of autoscale-rewrite: exit codes, output modes, progress and summary.

  test_cli.py <autoscale-rewrite> <default rules.yaml>
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOOL, RULES = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
FAILURES = []

SOURCE = "float f(float a, float b) { return a * b; }\n"


def check(cond, what, detail=""):
    if not cond:
        FAILURES.append(what + ("\n" + detail if detail else ""))
    print(("ok   " if cond else "FAIL ") + what)


def run(args, cwd):
    return subprocess.run([TOOL] + args, cwd=cwd, capture_output=True, text=True)


def write(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


with tempfile.TemporaryDirectory() as tmp:
    # Bad rules: exit 2 with file:line:col, before any source is read (this one does not exist).
    write(os.path.join(tmp, "bad.yaml"), "version: 1\ntreatment:\n  allow:\n    acton: scale\n")
    p = run(["--rules", "bad.yaml", "missing.c", "--"], tmp)
    check(p.returncode == 2, "bad rules exit with 2", p.stderr)
    check(re.search(r"bad\.yaml:\d+:\d+: error", p.stderr) is not None, "bad rules name file:line:col", p.stderr)
    check(not os.path.exists(os.path.join(tmp, "autoscale-out")), "bad rules write nothing")

    # Parse error: clang's diagnostic, exit 1, nothing written.
    write(os.path.join(tmp, "broken.c"), "float f(float a) { return a * ; }\n")
    p = run(["--rules", RULES, "--out-dir", "out", "broken.c", "--"], tmp)
    check(p.returncode == 1, "parse error exits with 1", p.stderr)
    check("broken.c:1:" in p.stderr and "error:" in p.stderr, "parse error shows clang's diagnostic", p.stderr)
    check(not os.path.exists(os.path.join(tmp, "out")), "parse error writes nothing")

    p = run(["--version"], tmp)
    check(re.match(r"autoscale-rewrite \d+\.\d+\.\d+", p.stdout) is not None, "--version", p.stdout)

    # --diff prints a unified diff and writes nothing.
    write(os.path.join(tmp, "a.c"), SOURCE)
    write(os.path.join(tmp, "b.c"), SOURCE.replace("f(", "g("))
    p = run(["--rules", RULES, "--diff", "a.c", "b.c", "--"], tmp)
    check(p.returncode == 0, "--diff succeeds", p.stderr)
    check(p.stdout.startswith("--- a/a.c\n+++ b/a.c\n@@ -1,1 +1,"), "--diff prints a unified diff", p.stdout)
    check("-float f(float a, float b) { return a * b; }" in p.stdout, "--diff shows the old line", p.stdout)
    check("+++ b/b.c" in p.stdout, "--diff covers every file", p.stdout)
    check(not os.path.exists(os.path.join(tmp, "autoscale-out")), "--diff writes nothing")
    check("[1/2] a.c" in p.stderr and "[2/2] b.c" in p.stderr, "progress lines", p.stderr)
    check(re.search(r"^2 float operations in 2 files: 2 cast fp16, 0 kept, 0 skipped; no step found: "
                     r"each site rolls its history every 1024 executions$", p.stderr, re.M) is not None,
          "summary line", p.stderr)

    # Default output: autoscale-out/, sources untouched.
    p = run(["--rules", RULES, "a.c", "--"], tmp)
    out = os.path.join(tmp, "autoscale-out", "a.c")
    check(p.returncode == 0 and os.path.exists(out), "default --out-dir is autoscale-out", p.stderr)
    check(open(os.path.join(tmp, "a.c")).read() == SOURCE, "sources untouched without --in-place")
    check("autoscale_mul_f" in open(out).read(), "output rewritten")

    # Out-dir mirrors paths relative to the sources' common root when they are outside cwd.
    write(os.path.join(tmp, "proj", "src", "x.c"), SOURCE)
    write(os.path.join(tmp, "proj", "lib", "y.c"), SOURCE.replace("f(", "h("))
    os.makedirs(os.path.join(tmp, "elsewhere"))
    p = run(["--rules", RULES, "--out-dir", "o", "../proj/src/x.c", "../proj/lib/y.c", "--"],
            os.path.join(tmp, "elsewhere"))
    check(p.returncode == 0 and os.path.exists(os.path.join(tmp, "elsewhere", "o", "src", "x.c"))
          and os.path.exists(os.path.join(tmp, "elsewhere", "o", "lib", "y.c")), "out-dir mirrors the common root",
          p.stderr)

    # --out-dir onto the sources themselves is refused.
    p = run(["--rules", RULES, "--out-dir", ".", "a.c", "--"], tmp)
    check(p.returncode == 2 and open(os.path.join(tmp, "a.c")).read() == SOURCE, "--out-dir . refused", p.stderr)

    # --in-place rewrites the source, and a second run changes nothing.
    p = run(["--rules", RULES, "--in-place", "a.c", "--"], tmp)
    once = open(os.path.join(tmp, "a.c")).read()
    check(p.returncode == 0 and "autoscale_mul_f" in once, "--in-place rewrites", p.stderr)
    p = run(["--rules", RULES, "--in-place", "a.c", "--"], tmp)
    check(p.returncode == 0 and open(os.path.join(tmp, "a.c")).read() == once, "--in-place is idempotent", p.stderr)
    check(not [f for f in os.listdir(tmp) if "temp" in f or ".autoscale-" in f], "no temporary files left behind")

    p = run(["--rules", RULES, "--in-place", "--diff", "b.c", "--"], tmp)
    check(p.returncode == 2, "--in-place with --diff refused", p.stderr)

with tempfile.TemporaryDirectory() as tmp:
    # All or nothing: an error in any file leaves every file as it was.
    write(os.path.join(tmp, "good.c"), SOURCE)
    write(os.path.join(tmp, "later.c"), "float g(float a) { return a * ; }\n")
    p = run(["--rules", RULES, "--in-place", "good.c", "later.c", "--"], tmp)
    check(p.returncode == 1 and open(os.path.join(tmp, "good.c")).read() == SOURCE,
          "--in-place: a parse error in a later source leaves the earlier one unchanged", p.stderr)
    p = run(["--rules", RULES, "--out-dir", "o", "good.c", "later.c", "--"], tmp)
    check(p.returncode == 1 and not os.path.exists(os.path.join(tmp, "o")),
          "--out-dir: a parse error in a later source creates nothing", p.stderr)
    # A later file that cannot be written (a plain file stands where its directory must go):
    # the earlier file is not written either, and the error names the file.
    write(os.path.join(tmp, "sub", "late.c"), SOURCE.replace("f(", "h("))
    write(os.path.join(tmp, "o2", "sub"), "")
    p = run(["--rules", RULES, "--out-dir", "o2", "good.c", "sub/late.c", "--"], tmp)
    check(p.returncode == 1 and "o2/sub/late.c" in p.stderr and os.listdir(os.path.join(tmp, "o2")) == ["sub"],
          "--out-dir: an unwritable later file means nothing is written", p.stderr)

    # The report is part of the same batch: when it cannot be written, no source is, and the
    # directories the run made for its outputs are gone again.
    write(os.path.join(tmp, "blocker"), "")
    p = run(["--rules", RULES, "--in-place", "--report", "blocker/r.json", "good.c", "--"], tmp)
    check(p.returncode == 1 and open(os.path.join(tmp, "good.c")).read() == SOURCE and "blocker/r.json" in p.stderr,
          "--in-place: an unwritable report means no source is rewritten", p.stderr)
    p = run(["--rules", RULES, "--out-dir", "new/deep", "--report", "blocker/r.json", "good.c", "--"], tmp)
    check(p.returncode == 1 and not os.path.exists(os.path.join(tmp, "new")),
          "--out-dir: a failed run removes the directories it created", p.stderr)
    check(not [f for d, _, fs in os.walk(tmp) for f in fs if ".autoscale-" in f],
          "a failed run leaves no temporary files")
    p = run(["--rules", RULES, "--out-dir", "o3", "--report", "reports/r.json", "good.c", "--"], tmp)
    check(p.returncode == 0 and os.path.exists(os.path.join(tmp, "o3", "good.c"))
          and os.path.exists(os.path.join(tmp, "reports", "r.json")), "the report is written with the sources", p.stderr)

    # Neither -p nor "--": default flags, without LibTooling's search for a compilation database.
    p = run(["--rules", RULES, "--diff", "good.c"], tmp)
    check(p.returncode == 0 and "autoscale_mul_f" in p.stdout, "no -p and no -- runs with default flags", p.stderr)
    check("compilation database" not in p.stderr.lower(), "no compilation-database noise", p.stderr)

with tempfile.TemporaryDirectory() as tmp:
    # -p: the compile command comes from compile_commands.json (without its define the source
    # does not parse).
    write(os.path.join(tmp, "db.c"), "float f(float a) { return a * SCALE; }\n")
    with open(os.path.join(tmp, "compile_commands.json"), "w") as f:
        json.dump([{"directory": tmp, "file": "db.c", "arguments": ["cc", "-DSCALE=2.0f", "-c", "db.c"]}], f)
    p = run(["--rules", RULES, "-p", tmp, "--out-dir", "o", "db.c"], tmp)
    check(p.returncode == 0 and "autoscale_mul_f" in open(os.path.join(tmp, "o", "db.c")).read(),
          "-p reads the compilation database", p.stderr)

with tempfile.TemporaryDirectory() as tmp:
    # Installed as <prefix>/bin/autoscale-rewrite, the tool parses with <prefix>/include, not the
    # source tree's runtime headers: a header only the installed copy has must be found.
    runtime_include = os.path.join(os.path.dirname(os.path.dirname(RULES)), "runtime", "include")
    os.makedirs(os.path.join(tmp, "prefix", "bin"))
    shutil.copy(TOOL, os.path.join(tmp, "prefix", "bin"))
    shutil.copytree(runtime_include, os.path.join(tmp, "prefix", "include"))
    write(os.path.join(tmp, "prefix", "include", "autoscale", "installed_probe.h"), "#define PROBE 2.0f\n")
    write(os.path.join(tmp, "probe.c"), "#include <autoscale/installed_probe.h>\nfloat f(float a) { return a * PROBE; }\n")
    installed = os.path.join(tmp, "prefix", "bin", os.path.basename(TOOL))
    p = subprocess.run([installed, "--rules", RULES, "--diff", "probe.c", "--"], cwd=tmp, capture_output=True, text=True)
    check(p.returncode == 0 and "autoscale_mul_f" in p.stdout, "an installed tool uses <prefix>/include", p.stderr)
    p = run(["--rules", RULES, "--diff", "probe.c", "--"], tmp)
    check(p.returncode == 1, "the build-tree tool uses the source tree's runtime headers", p.stderr)

print("%d failure(s)" % len(FAILURES))
sys.exit(1 if FAILURES else 0)
