#!/usr/bin/env python3
"""The CPU time a project's translation units take to compile, as written and rewritten.

  compile_time.py --tool build/bin/autoscale-rewrite --include runtime/include \
      --compiler g++ --flags "-O2 -DUSE_MPI=0 -fopenmp" --rules rules/default.yaml rules/passthrough.yaml \
      --root /path/to/lulesh lulesh.cc lulesh-init.cc ...

Rewrites the units (all at once, as a build does) under each rules file into a temporary folder,
then compiles every unit with -c, one at a time, as written and as rewritten, and prints the user
plus system CPU seconds of each set and their ratio to the original's, measured in the same run.
The project itself is not touched.
"""
import argparse
import os
import resource
import shlex
import subprocess
import sys
import tempfile


def cpu_seconds(cmd, cwd):
    """User + system CPU of the finished command (its children's rusage, before and after)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit("compile_time.py: %s failed in %s:\n%s" % (shlex.join(cmd), cwd, done.stderr))
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def compile_units(args, folder, extra_include):
    flags = shlex.split(args.flags)
    total = 0.0
    for unit in args.units:
        cmd = [args.compiler] + flags + ["-I", folder, "-I", args.root, "-I", args.include] + extra_include
        total += cpu_seconds(cmd + ["-c", unit, "-o", os.devnull], folder)
    return total


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tool", required=True)
    p.add_argument("--include", required=True, help="the runtime's include folder")
    p.add_argument("--compiler", required=True)
    p.add_argument("--flags", default="-O2", help="compiler flags of every unit (one string)")
    p.add_argument("--rules", nargs="+", required=True)
    p.add_argument("--root", required=True, help="the project's folder (the units are relative to it)")
    p.add_argument("units", nargs="+")
    args = p.parse_args()
    args.root = os.path.abspath(args.root)
    args.include = os.path.abspath(args.include)
    original = compile_units(args, args.root, [])
    print("original: %.2f s" % original)
    with tempfile.TemporaryDirectory() as work:
        for rules in args.rules:
            out = os.path.join(work, os.path.basename(rules))
            cmd = [os.path.abspath(args.tool), "--rules", os.path.abspath(rules), "--out-dir", out,
                   "--project-root", "."] + args.units + ["--"] + shlex.split(args.flags) + ["-I", "."]
            done = subprocess.run(cmd, cwd=args.root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if done.returncode != 0:
                sys.exit("compile_time.py: the rewrite failed:\n" + done.stderr)
            rewritten = compile_units(args, out, [])
            print("%s: %.2f s, %.2fx the original" % (os.path.basename(rules), rewritten, rewritten / original))


if __name__ == "__main__":
    main()
