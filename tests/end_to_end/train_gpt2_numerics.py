#!/usr/bin/env python3
"""Numerics and speed of the GPT-2 trainer (examples/gpt2) rewritten by autoscale-rewrite.

For each rule file: rewrite train_gpt2.c (as a user would: no annotation; data.c, the data and the
evaluation metric, is compiled as it is), build the original and the rewritten trainer the same
way (-O2 -ffp-contract=off, with -fopenmp when --threads is given), run both with the same trainer
arguments, and compare the final train and validation losses the trainer prints. Prints one row
per variant: the losses, their relative difference to FP32, whether the final weights are bit
identical, and the wall time as a ratio to FP32's (best of --repeat runs, the original and the
variants interleaved in the same run).

  train_gpt2_numerics.py --build build --rules rules/default.yaml --max-train-rel 0.01 -- --steps 40
  train_gpt2_numerics.py --tool BIN --cflags "-I..." --libs "lib.a -lstdc++ -lm" --rules R.yaml ...

The exit status reflects the numerics only: 1 when a variant breaks a tolerance (--max-*-rel: the
loss within that relative distance of FP32's; --min-*-rel: at least that much worse than FP32, or
not finite, for showing that a recipe fails), when it does not build or run, or when a
--same-weights variant's final weights differ from FP32's; else 0. Times are reported, never
judged.
"""
import argparse
import json
import math
import os
import re
import resource
import shlex
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLE = os.path.join(ROOT, "examples", "gpt2")
FINAL = re.compile(r"^final train loss (\S+) val loss (\S+)$", re.M)
FINGERPRINT = re.compile(r"^weights fingerprint ([0-9a-f]+)$", re.M)


class Failure(Exception):
    pass


def sh(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    if p.returncode != 0:
        raise Failure("command failed (%d): %s\n%s%s" % (p.returncode, " ".join(cmd), p.stdout[-2000:],
                                                           p.stderr[-4000:]))
    return p


def toolchain(a):
    """(tool, cflags, libs) from --tool/--cflags/--libs, or from the build directory's pkg-config."""
    tool = a.tool or os.path.join(a.build, "bin", "autoscale-rewrite")
    if a.cflags is not None and a.libs is not None:
        return tool, shlex.split(a.cflags), shlex.split(a.libs)
    env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(a.build, "pkgconfig"))
    cflags = sh(["pkg-config", "--cflags", "autoscale"], env=env).stdout.split()
    libs = sh(["pkg-config", "--libs", "autoscale"], env=env).stdout.split()
    return tool, cflags, libs


class Variant:
    def __init__(self, name, rules):
        self.name, self.rules = name, rules
        self.exe = self.summary = self.error = None
        self.output = ""
        self.times = []     # wall seconds per run
        self.cpu_times = []  # user + system seconds per run: steadier than wall on a shared machine
        self.returncode = 0

    def losses(self):
        hit = FINAL.search(self.output)
        return (float(hit.group(1)), float(hit.group(2))) if hit else (math.nan, math.nan)

    def fingerprint(self):
        hit = FINGERPRINT.search(self.output)
        return hit.group(1) if hit else None


def build(a, work, variant, tool, cflags, libs):
    """Rewrites (unless FP32) and compiles one variant; sets variant.exe, or variant.error."""
    parse_flags = ["-std=c99", "-I", EXAMPLE] + (["-fopenmp"] if a.threads else ["-Wno-unknown-pragmas"])
    compile_flags = parse_flags + ["-O2", "-ffp-contract=off"]
    source = os.path.join(EXAMPLE, "train_gpt2.c")
    extra, link = [], ["-lm"]
    if variant.rules is not None:
        out = os.path.join(work, variant.name + "_src")
        report = os.path.join(a.keep or work, variant.name + ".rewrite.json")
        sh([tool, "--rules", variant.rules, "--out-dir", out, "--report", report, source, "--"] + parse_flags)
        with open(report) as f:
            rewrite = json.load(f)
        variant.summary = rewrite["summary"]["line"]
        written = [f["written_to"] for f in rewrite["files"] if f["path"].endswith("train_gpt2.c")]
        if not written:
            raise Failure("%s: autoscale-rewrite wrote no train_gpt2.c" % variant.name)
        source, extra, link = written[0], cflags, libs
    variant.exe = os.path.join(work, variant.name)
    sh([a.cc] + compile_flags + extra + [source, os.path.join(EXAMPLE, "data.c"), "-o", variant.exe] + link)


def run(a, variant):
    env = dict(os.environ, AUTOSCALE_SUMMARY="0", OMP_NUM_THREADS=str(a.threads or 1))
    if a.keep and variant.rules is not None:
        env["AUTOSCALE_REPORT"] = os.path.join(a.keep, variant.name + ".sites.json")
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    p = subprocess.run([variant.exe] + a.trainer_args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, env=env)
    variant.times.append(time.perf_counter() - start)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    variant.cpu_times.append(after.ru_utime + after.ru_stime - cpu.ru_utime - cpu.ru_stime)
    if variant.output and p.stdout != variant.output:
        variant.error = "two runs printed different results: the trainer is not deterministic here"
    variant.output, variant.returncode = p.stdout, p.returncode
    if a.keep:
        with open(os.path.join(a.keep, variant.name + ".out"), "w") as f:
            f.write(p.stdout)
    if p.returncode != 0:
        variant.error = "exited with %d: %s" % (p.returncode, p.stderr.strip()[-1000:])


def relative(value, reference):
    return (value - reference) / reference if math.isfinite(value) else math.nan


def percent(rel):
    return "%+8.2f%%" % (100 * rel) if math.isfinite(rel) else "%9s" % "diverged"


def judge(a, variant, fp32):
    """The tolerance checks a variant breaks, as sentences."""
    if variant.error:
        return [variant.error]
    broken = []
    train, val = variant.losses()
    for what, value, reference in (("train", train, fp32[0]), ("val", val, fp32[1])):
        rel = relative(value, reference)
        most, least = getattr(a, "max_%s_rel" % what), getattr(a, "min_%s_rel" % what)
        if most is not None and not abs(rel) <= most:
            broken.append("%s loss %g is %s from FP32's %g, more than %g" %
                          (what, value, percent(rel).strip(), reference, most))
        if least is not None and math.isfinite(rel) and rel < least:
            broken.append("%s loss %g is only %+.2f%% from FP32's %g, expected at least %+.0f%% or divergence"
                          % (what, value, 100 * rel, reference, 100 * least))
    return broken


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="build directory: bin/autoscale-rewrite and pkgconfig/ (default: build)")
    ap.add_argument("--tool", help="autoscale-rewrite (default: BUILD/bin/autoscale-rewrite)")
    ap.add_argument("--cflags", help="compiler flags for rewritten code (with --libs; default: pkg-config)")
    ap.add_argument("--libs", help="linker flags for rewritten code (with --cflags; default: pkg-config)")
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--rules", action="append", required=True,
                    help="[NAME=]RULES.yaml, one variant each (NAME defaults to the file's stem)")
    ap.add_argument("--threads", type=int, default=0,
                    help="build with -fopenmp and run on N threads (default: no OpenMP)")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each program; the best time counts")
    ap.add_argument("--keep", help="keep the rewrite reports and runtime site reports in this directory")
    for what in ("train", "val"):
        ap.add_argument("--max-%s-rel" % what, type=float,
                        help="fail unless |%s loss / FP32's - 1| <= X" % what)
        ap.add_argument("--min-%s-rel" % what, type=float,
                        help="fail unless %s loss / FP32's - 1 >= X or the loss is not finite" % what)
    ap.add_argument("--same-weights", action="store_true",
                    help="fail unless every variant's final weights are bit identical to FP32's")
    ap.add_argument("trainer_args", nargs="*", help="arguments of train_gpt2 (after --)")
    a = ap.parse_args()
    if a.repeat < 1 or a.threads < 0:
        ap.error("--repeat must be >= 1 and --threads >= 0")
    if (a.cflags is None) != (a.libs is None):
        ap.error("--cflags and --libs go together")
    if a.keep:
        a.keep = os.path.abspath(a.keep)
        os.makedirs(a.keep, exist_ok=True)

    variants = [Variant("fp32", None)]
    for spec in a.rules:
        name, _, path = spec.rpartition("=")
        path = os.path.abspath(path)
        if not os.path.isfile(path):
            ap.error("no rules file %s" % path)
        variants.append(Variant(name or os.path.splitext(os.path.basename(path))[0], path))
    if len({v.name for v in variants}) != len(variants):
        ap.error("two variants named alike: give them NAME=")

    with tempfile.TemporaryDirectory(prefix="autoscale-gpt2-") as work:
        try:
            tool, cflags, libs = toolchain(a)
            for v in variants:
                build(a, work, v, tool, cflags, libs)
        except Failure as e:
            print(e, file=sys.stderr)
            return 1
        for _ in range(a.repeat):
            for v in variants:
                run(a, v)

    fp32 = variants[0]
    if fp32.error or not all(map(math.isfinite, fp32.losses())):
        print("the FP32 trainer failed: %s\n%s" % (fp32.error or "no final losses", fp32.output[-2000:]),
              file=sys.stderr)
        return 1
    print("train_gpt2 %s; %s; best of %d\n" % (" ".join(a.trainer_args) or "(defaults)",
                                              "%d OpenMP threads" % a.threads if a.threads else "no OpenMP",
                                              a.repeat))
    print("%-14s %11s %9s %11s %9s %8s %7s %8s %7s  %s" % ("variant", "train loss", "vs fp32", "val loss",
                                                       "vs fp32", "wall s", "x fp32", "cpu s", "x fp32", "weights"))
    failed = 0
    for v in variants:
        train, val = v.losses()
        same = v.fingerprint() is not None and v.fingerprint() == fp32.fingerprint()
        vs = [percent(relative(train, fp32.losses()[0])), percent(relative(val, fp32.losses()[1]))]
        if v is fp32:
            vs = ["%9s" % "", "%9s" % ""]
        print("%-14s %11.6f %s %11.6f %s %8.3f %7.2f %8.3f %7.2f  %s" %
              (v.name, train, vs[0], val, vs[1], min(v.times), min(v.times) / min(fp32.times),
               min(v.cpu_times), min(v.cpu_times) / min(fp32.cpu_times), "same" if same else "differ"))
        if v is fp32:
            continue
        print("%-14s %s" % ("", v.summary))
        broken = judge(a, v, fp32.losses())
        if a.same_weights and not same and not v.error:
            broken.append("final weights differ from FP32's")
        for b in broken:
            print("%-14s FAIL: %s" % ("", b))
        failed += bool(broken)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
