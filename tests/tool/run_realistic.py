#!/usr/bin/env python3
"""Realistic-code test of autoscale-rewrite: programs shaped like the code the tool is for (a GPT-2
style trainer in C with OpenMP, PolyBench-style kernels full of macros, a templated C++ solver),
in tests/tool/realistic/. For each program (and build variant):

  1. rewrite it with the pass-through rules (every operation through the runtime, in FP32);
  2. the report must show a substantial share of its operations rewritten: at least MIN_SITES
     (counted once, when the test was written; fewer means the tool lost operations) and at least
     MIN_FRACTION of all the operations it found;
  3. compile original and rewritten with -O1 -ffp-contract=off (OpenMP programs with -fopenmp and
     run on one thread), run both: the outputs must be identical, byte for byte;
  4. the rewritten program's runtime report must hold exactly the sites the tool wrote;
  5. the tool run on its own output must change nothing.

  run_realistic.py --tool BIN --rules passthrough.yaml --runtime-include DIR --runtime-lib LIB
                   --sources DIR [program...]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

# program, variant name, compiler, flags (for the tool and the compiler), MIN_SITES, MIN_FRACTION
PROGRAMS = [
    ("mini_gpt.c", "float", ["gcc", "-std=c99"], ["-fopenmp"], 91, 0.95),
    ("poly_kernels.c", "float", ["gcc", "-std=c99"], [], 49, 1.0),
    ("poly_kernels.c", "double", ["gcc", "-std=c99"], ["-DDATA_TYPE_IS_DOUBLE"], 49, 1.0),
    ("cg_solver.cpp", "float", ["g++", "-std=c++17"], ["-std=c++17"], 43, 0.9),
]
OPT = ["-O1", "-ffp-contract=off"]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def check_program(a, work, name, variant, compiler, flags, min_sites, min_fraction):
    errors = []
    src = os.path.join(work, name)
    out_dir = os.path.join(work, "out-" + variant)
    report = os.path.join(work, "%s.%s.report.json" % (name, variant))
    p = run([a.tool, "--rules", a.rules, "--out-dir", out_dir, "--report", report, name, "--"] + flags,
            cwd=work)
    if p.returncode != 0:
        return ["autoscale-rewrite failed (%d):\n%s" % (p.returncode, p.stderr)]
    summary = json.load(open(report))["summary"]
    sites = sum(summary["rewritten"].values())
    print("  %s" % summary["line"])
    if sites < min_sites:
        errors.append("%d operations rewritten, expected at least %d" % (sites, min_sites))
    if sites < min_fraction * summary["operations"]:
        errors.append("%d of %d operations rewritten, below %.0f%%" %
                      (sites, summary["operations"], 100 * min_fraction))

    env = dict(os.environ, OMP_NUM_THREADS="1")
    outputs = []
    runtime_report = os.path.join(work, "%s.%s.runtime.json" % (name, variant))
    builds = (("original", src, [], ["-lm"]),
              ("rewritten", os.path.join(out_dir, name), ["-I", a.runtime_include],
               [a.runtime_lib, "-lgomp", "-lstdc++", "-lm", "-lpthread"]))
    for label, path, includes, libs in builds:
        exe = os.path.join(work, "%s.%s.%s" % (name, variant, label))
        cc = compiler + OPT + flags + includes + [path, "-o", exe] + libs
        p = run(cc)
        if p.returncode != 0:
            return errors + ["%s does not compile: %s\n%s" % (label, " ".join(cc), p.stderr)]
        p = run([exe], env=dict(env, AUTOSCALE_REPORT=runtime_report))
        if p.returncode != 0:
            return errors + ["%s exited with %d:\n%s" % (label, p.returncode, p.stderr)]
        outputs.append(p.stdout)
    if outputs[0] != outputs[1]:
        a_lines, b_lines = outputs[0].splitlines(), outputs[1].splitlines()
        first = next((i for i, (x, y) in enumerate(zip(a_lines, b_lines)) if x != y),
                     min(len(a_lines), len(b_lines)))
        errors.append("outputs differ from line %d:\n  original:  %s\n  rewritten: %s" %
                      (first + 1, a_lines[first] if first < len(a_lines) else "<end>",
                       b_lines[first] if first < len(b_lines) else "<end>"))
    runtime_sites = len(json.load(open(runtime_report))["sites"])
    if runtime_sites != sites:
        errors.append("the runtime report holds %d sites, the tool wrote %d" % (runtime_sites, sites))

    again = os.path.join(work, "again-" + variant)
    os.makedirs(again)
    shutil.copy(os.path.join(out_dir, name), again)
    p = run([a.tool, "--rules", a.rules, "--out-dir", "out", name, "--"] + flags, cwd=again)
    if p.returncode != 0:
        errors.append("autoscale-rewrite failed on its own output:\n" + p.stderr)
    elif open(os.path.join(again, "out", name)).read() != open(os.path.join(out_dir, name)).read():
        errors.append("not idempotent: the tool changed its own output")
    return errors


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for opt in ("tool", "rules", "runtime-include", "runtime-lib", "sources"):
        ap.add_argument("--" + opt, required=True)
    ap.add_argument("program", nargs="*", help="limit to these programs")
    a = ap.parse_args()
    for attr in ("tool", "rules", "runtime_include", "runtime_lib", "sources"):
        setattr(a, attr, os.path.abspath(getattr(a, attr)))
    failed = 0
    chosen = [p for p in PROGRAMS if not a.program or p[0] in a.program]
    for name, variant, compiler, flags, min_sites, min_fraction in chosen:
        with tempfile.TemporaryDirectory(prefix="realistic-") as work:
            shutil.copy(os.path.join(a.sources, name), work)
            print("%s (%s)" % (name, variant))
            errors = check_program(a, work, name, variant, compiler, flags, min_sites, min_fraction)
        print("%s %s (%s)" % ("FAIL" if errors else "PASS", name, variant))
        for e in errors:
            print("  " + e)
        failed += bool(errors)
    print("%d of %d programs failed" % (failed, len(chosen)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
