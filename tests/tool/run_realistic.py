#!/usr/bin/env python3
"""Realistic-code test of autoscale-rewrite: programs shaped like the code the tool is for (the GPT-2
trainer in C with OpenMP of examples/gpt2/, PolyBench-style kernels full of macros and a templated
C++ solver in tests/tool/realistic/). For each program (and build variant):

  1. rewrite it with the pass-through rules (every operation through the runtime, in FP32);
  2. the report must show a substantial share of its operations rewritten: at least MIN_SITES
     (counted once, when the test was written; fewer means the tool lost operations) and at least
     MIN_FRACTION of all the operations it found;
  3. compile original and rewritten with -O1 -ffp-contract=off (OpenMP programs with -fopenmp and
     run on one thread; the files beside it that are sources compiled as they are), run both once
     per argument list of the program: the outputs must be identical, byte for byte;
  4. the rewritten program's runtime reports, together, must hold exactly the sites the tool wrote
     (a site appears in a report once it has run);
  5. the tool run on its own output must change nothing.

  run_realistic.py --tool BIN --rules passthrough.yaml --runtime-include DIR --runtime-lib LIB
                   --root PROJECT_SOURCE_DIR [program...]
"""
import argparse
import collections
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

# path: the program, relative to the project root; beside: files copied next to it (the sources
# among them compiled as they are, never rewritten); flags: for the tool and the compiler; runs: one
# argument list per run of the program; min_sites and min_fraction: see step 2 above (all-constant
# operations, 3.0f * 0.044715f in the trainer and 1.0 / 3.0 in the solver, are not counted: the
# compiler evaluates them; nor are those on integers alone, the kernels' (double)i*j/n).
Program = collections.namedtuple(
    "Program", "path variant compiler flags beside runs min_sites min_fraction")
GPT2_RUNS = [
    # the tiny config, 3 steps: every layer forward and backward, AdamW, two evaluations
    ["--steps", "3", "--val-every", "2", "--eval-batches", "1"],
    # B*T = 7 is no multiple of matmul_forward's unroll: its naive fallback runs instead
    ["--steps", "1", "--batch", "1", "--seq", "7", "--eval-batches", "1"],
]
PROGRAMS = [
    Program("examples/gpt2/train_gpt2.c", "float", ["gcc", "-std=c99"], ["-fopenmp"],
            ["data.c", "data.h"], GPT2_RUNS, 140, 0.95),
    Program("tests/tool/realistic/poly_kernels.c", "float", ["gcc", "-std=c99"], [], [], [[]], 43, 1.0),
    Program("tests/tool/realistic/poly_kernels.c", "double", ["gcc", "-std=c99"], ["-DDATA_TYPE_IS_DOUBLE"],
            [], [[]], 43, 1.0),
    # The solver's two residual ratios decide when it stops: control values, left as written, with
    # norm2's sqrt (norm2 writes nothing, and its result decides the loop); so is the phase of the
    # right-hand side's std::sin(3 * u).
    Program("tests/tool/realistic/cg_solver.cpp", "float", ["g++", "-std=c++17"], ["-std=c++17"], [],
            [[]], 35, 0.85),
]
OPT = ["-O1", "-ffp-contract=off"]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def check_program(a, work, prog):
    errors = []
    name = os.path.basename(prog.path)
    variant, compiler, flags = prog.variant, prog.compiler, prog.flags
    min_sites, min_fraction = prog.min_sites, prog.min_fraction
    src = os.path.join(work, name)
    kept = [os.path.join(work, f) for f in prog.beside if f.endswith((".c", ".cpp"))]
    out_dir = os.path.join(work, "out-" + variant)
    report = os.path.join(work, "%s.%s.report.json" % (name, variant))
    p = run([a.tool, "--rules", a.rules, "--out-dir", out_dir, "--report", report, name, "--"] + flags,
            cwd=work)
    if p.returncode != 0:
        return ["autoscale-rewrite failed (%d):\n%s" % (p.returncode, p.stderr)]
    rewrite = json.load(open(report))
    summary = rewrite["summary"]
    # Arithmetic on integers alone (index and count arithmetic) is no tensor operation: the tool
    # leaves it as written, and it counts on neither side.
    integer_only = sum(1 for o in rewrite["operations"]
                       if o.get("reason", "").startswith("operands computed from integers"))
    operations = summary["operations"] - integer_only
    # An operation a GEMM site computes (a loop nest at fp32 becomes one, giving the loops' bits)
    # is rewritten as much as one with a site of its own.
    sites = sum(summary["rewritten"].values())
    rewritten = sites + summary.get("in_matmuls", 0)
    print("  %s" % summary["line"])
    if rewritten < min_sites:
        errors.append("%d operations rewritten, expected at least %d" % (rewritten, min_sites))
    if rewritten < min_fraction * operations:
        errors.append("%d of %d operations on data rewritten, below %.0f%%" %
                      (rewritten, operations, 100 * min_fraction))

    env = dict(os.environ, OMP_NUM_THREADS="1")
    outputs = {}
    runtime_sites = set()
    builds = (("original", src, [], ["-lm"]),
              ("rewritten", os.path.join(out_dir, name), ["-I", work, "-I", a.runtime_include],
               shlex.split(a.runtime_lib)))
    for label, path, includes, libs in builds:
        exe = os.path.join(work, "%s.%s.%s" % (name, variant, label))
        cc = compiler + OPT + flags + includes + [path] + kept + ["-o", exe] + libs
        p = run(cc)
        if p.returncode != 0:
            return errors + ["%s does not compile: %s\n%s" % (label, " ".join(cc), p.stderr)]
        for i, args in enumerate(prog.runs):
            runtime_report = os.path.join(work, "%s.%s.runtime%d.json" % (name, variant, i))
            p = run([exe] + args, env=dict(env, AUTOSCALE_REPORT=runtime_report))
            if p.returncode != 0:
                return errors + ["%s %s exited with %d:\n%s" % (label, " ".join(args), p.returncode, p.stderr)]
            outputs.setdefault(i, []).append(p.stdout)
            if label == "rewritten":
                runtime_sites |= {(s["file"], s["line"], s["column"], s["op"], s["name"])
                                  for s in json.load(open(runtime_report))["sites"]}
    for i, (original, rewritten) in outputs.items():
        if original == rewritten:
            continue
        a_lines, b_lines = original.splitlines(), rewritten.splitlines()
        first = next((k for k, (x, y) in enumerate(zip(a_lines, b_lines)) if x != y),
                     min(len(a_lines), len(b_lines)))
        errors.append("outputs of the run with '%s' differ from line %d:\n  original:  %s\n  rewritten: %s" %
                      (" ".join(prog.runs[i]), first + 1, a_lines[first] if first < len(a_lines) else "<end>",
                       b_lines[first] if first < len(b_lines) else "<end>"))
    if len(runtime_sites) != sites:
        errors.append("the runtime reports hold %d sites, the tool wrote %d" % (len(runtime_sites), sites))

    again = os.path.join(work, "again-" + variant)
    os.makedirs(again)
    shutil.copy(os.path.join(out_dir, name), again)
    for f in prog.beside:
        shutil.copy(os.path.join(work, f), again)
    p = run([a.tool, "--rules", a.rules, "--out-dir", "out", name, "--"] + flags, cwd=again)
    if p.returncode != 0:
        errors.append("autoscale-rewrite failed on its own output:\n" + p.stderr)
    elif open(os.path.join(again, "out", name)).read() != open(os.path.join(out_dir, name)).read():
        errors.append("not idempotent: the tool changed its own output")
    return errors


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for opt in ("tool", "rules", "runtime-include", "runtime-lib", "root"):
        ap.add_argument("--" + opt, required=True)
    ap.add_argument("program", nargs="*", help="limit to these programs (file names)")
    a = ap.parse_args()
    for attr in ("tool", "rules", "runtime_include", "runtime_lib", "root"):
        setattr(a, attr, os.path.abspath(getattr(a, attr)))
    failed = 0
    chosen = [p for p in PROGRAMS if not a.program or os.path.basename(p.path) in a.program]
    for prog in chosen:
        name, variant = os.path.basename(prog.path), prog.variant
        with tempfile.TemporaryDirectory(prefix="realistic-") as work:
            source = os.path.join(a.root, prog.path)
            for f in [source] + [os.path.join(os.path.dirname(source), b) for b in prog.beside]:
                shutil.copy(f, work)
            print("%s (%s)" % (name, variant))
            errors = check_program(a, work, prog)
        print("%s %s (%s)" % ("FAIL" if errors else "PASS", name, variant))
        for e in errors:
            print("  " + e)
        failed += bool(errors)
    print("%d of %d programs failed" % (failed, len(chosen)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
