#!/usr/bin/env python3
"""Differential test of autoscale-rewrite: pass-through rewriting must not change a single bit.

For each seed, gen_program.py writes a random C or C++ program (one unit, or two sharing a header);
autoscale-rewrite rewrites a batch of them with the pass-through rules (every operation becomes a
runtime call at FP32, the identity), one invocation per language; the original and the rewritten
program are compiled the same way (-ffp-contract=off, so neither side fuses a multiply-add the
other does not) and run, and their outputs must be identical. Programs print every result with %a,
so identical output means identical bits; a NaN compares equal to any NaN (C leaves its sign and
payload unspecified).

A failure is attributed to a construct of gen_constructs.py: the one whose printed values differ,
or whose `/* construct: NAME */` marker precedes the line a compiler or the tool complains about;
anything else is "base". The run ends with the failures counted by construct.

The tool must also have rewritten something in every program (its --report counts): a tool that
silently rewrites nothing would pass the comparison trivially.

With --default-rules (rules/default.yaml), every --default-every'th program is also rewritten with
those rules twice, with the loop kernels on (vector loops, loop programs) and off, and the kernels'
copy runs under two heap layouts (glibc's tcache on, and off with freed memory perturbed). The
three outputs must be identical: a loop kernel computes what its loop of calls computes, and
results do not depend on where the heap puts arrays (a tensor ends with its memory).

The runtime's inlined hot path (autoscale/hot_path.h) costs compile time: some 60 ms of gcc -O1 per
rewritten operation, 15 to 20 times the program's own compile. So the rewritten side of one
program in --inline-every (50: the seeds divisible by it) is built as users build it, inlined; the
others define AUTOSCALE_NO_INLINE_HOT_PATH and call the runtime out of line, which computes the
same bits (runtime/src/sites/site_quantize.h; tests/runtime checks the two paths against each other).
Every construct and every seed is still rewritten, compiled and compared.

Exit status: 0 when every program matches, 1 otherwise (each mismatch prints its seed, the kept
program paths and a diff).
"""
import argparse
import concurrent.futures
import difflib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

import gen_constructs
from gen_program import write_program
from tool_report import report_counts, skip_reasons, written_files

STD = {"c": "-std=c99", "c++": "-std=c++17"}
FLAGS = ["-O1", "-ffp-contract=off", "-w"]
PROGRESS = re.compile(r"^\[\d+/\d+\] ")
NAN = re.compile(r"-?nan(\([^)]*\))?")
# Appended to the default rules' overrides: every site as calls (the file ends in its overrides list).
LOOPS_OFF = """  - name: differential-loop-kernels-off
    match: {function: "*"}
    set: {vector_loops: false, loop_programs: false}
"""
MARKER = re.compile(r"/\* construct: (\w+) \*/")
# Where a compiler's or the tool's diagnostics point: an error, or a file in its include chain
# (Clang's "In file included from F:N:", GCC's "from F:N,"), in the order they are printed.
LOCATION = re.compile(r"^(?:In file included from |\s+from )?([^:\s]+):(\d+)(?::\d+: (?:fatal )?error:|[:,]$)", re.M)


def language(unit):
    return "c++" if unit.endswith(".cpp") else "c"


def construct_at(path, line):
    """The construct whose marker last precedes the line in path, an original file (a rewritten
    copy keeps the original's line numbers through #line, so a compiler's line fits either)."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError:
        return "base"
    name = "base"
    for text in lines[:line]:
        m = MARKER.search(text)
        if m:
            name = m.group(1)
    return name


def construct_of_diagnostics(text, dirs):
    """The construct of the first place in a compiler's or the tool's diagnostics that lies in one
    of the program's files: an error there, or the line that includes the header an error is in."""
    for m in LOCATION.finditer(text):
        for d in dirs:
            path = os.path.join(d, os.path.basename(m.group(1)))
            if os.path.exists(path):
                return construct_at(path, int(m.group(2)))
    return "base"


def construct_of_outputs(want, got):
    """The constructs whose printed values differ ("const_math.3 0x1p+0" belongs to const_math)."""
    a, b = want.splitlines(), got.splitlines()
    names = set()
    for x, y in zip(a, b):
        if x != y:
            names.add(x.split(" ")[0].split(".")[0])
    if len(a) != len(b):
        names.add("base")
    known = [n for n in sorted(names) if n in gen_constructs.ALL]
    return ",".join(known) if known else "base"


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def differ(want, got, want_name, got_name):
    """(error, construct) of two outputs that differ."""
    diff = difflib.unified_diff(want.splitlines(), got.splitlines(), want_name, got_name, lineterm="", n=1)
    return "outputs differ:\n" + "\n".join(list(diff)[:40]), construct_of_outputs(want, got)


class Checker:
    def __init__(self, args, work):
        self.a = args
        self.work = work
        self.failures = []
        self.stats = {"programs": 0, "rewritten_ops": 0, "skipped_ops": 0}
        self.skips = {}  # skip reason -> count
        self.rewrites = 0
        self.pool = concurrent.futures.ThreadPoolExecutor(args.jobs)
        self.loops_off_rules = None
        if args.default_rules:  # the default rules with the loop kernels off everywhere
            self.loops_off_rules = os.path.join(work, "default_loops_off.yaml")
            with open(args.default_rules) as f, open(self.loops_off_rules, "w") as out:
                out.write(f.read().rstrip("\n") + "\n" + LOOPS_OFF)

    def compile(self, units, exe, extra):
        """Builds exe: None, or the compiler's first errors (the later ones tend to follow from them)."""
        lang = language(units[0])
        c = run([self.a.cxx if lang == "c++" else self.a.cc, STD[lang]] + FLAGS + ["-o", exe] + units + extra)
        return None if c.returncode == 0 else "compile failed:\n" + c.stderr[:3000]

    def execute(self, exe, env_extra=None):
        """(output, error) of a run of exe."""
        env = dict(os.environ, AUTOSCALE_SUMMARY="0", **(env_extra or {}))
        env.pop("AUTOSCALE_REPORT", None)
        try:
            r = run([exe], env=env, timeout=60)
        except subprocess.TimeoutExpired:
            return None, "timed out"
        if r.returncode != 0:
            return None, "exit status %d:\n%s" % (r.returncode, r.stderr[-3000:])
        return NAN.sub("nan", r.stdout), None

    def compile_and_run(self, units, exe, extra):
        err = self.compile(units, exe, extra)
        return (None, err) if err else self.execute(exe)

    def runtime_flags(self, seed):
        inline = self.a.inline_every > 0 and seed % self.a.inline_every == 0
        return ([] if inline else ["-DAUTOSCALE_NO_INLINE_HOT_PATH"]) + ["-I", self.a.include_dir,
                                                                         *shlex.split(self.a.runtime_lib)]

    def original(self, units):
        """Compiles and runs the original program: (output, error)."""
        return self.compile_and_run(units, os.path.splitext(units[0])[0] + ".orig", ["-lm"])

    def check_one(self, seed, units, rewritten, original, defaults):
        """(error, construct) of one program; (None, None) when it passes. original: the future of
        the original's (output, error); defaults: its copies under the default rules with the loop
        kernels on and off, or None."""
        want, err = original.result()
        if err:
            return "original: " + err, "generator"
        if None in rewritten:
            return "the tool wrote no rewritten copy", "base"
        base = os.path.splitext(units[0])[0]
        got, err = self.compile_and_run(rewritten, base + ".rewritten", self.runtime_flags(seed))
        if err:
            return "rewritten: " + err, construct_of_diagnostics(err, [os.path.dirname(units[0])])
        if got != want:
            return differ(want, got, "original", "rewritten")
        return self.check_defaults(seed, units, defaults) if defaults else (None, None)

    def check_defaults(self, seed, units, defaults):
        """The default rules: the same output with the loop kernels on, under two heap layouts, and off."""
        if None in defaults[0] or None in defaults[1]:
            return "the tool wrote no copy under the default rules", "base"
        base = os.path.splitext(units[0])[0]
        outputs = {}
        for name, copy in zip(("kernels", "calls"), defaults):
            err = self.compile(copy, base + "." + name, self.runtime_flags(seed))
            if err:
                return "default rules, %s: %s" % (name, err), construct_of_diagnostics(err, [os.path.dirname(units[0])])
        runs = [("kernels", "kernels", None),
                ("kernels, other heap layout", "kernels",
                 {"GLIBC_TUNABLES": "glibc.malloc.tcache_count=0", "MALLOC_PERTURB_": "165"}),
                ("calls", "calls", None)]
        for label, exe, env in runs:
            outputs[label], err = self.execute(base + "." + exe, env)
            if err:
                return "default rules, %s: %s" % (label, err), "base"
        first = outputs["kernels"]
        for label in ("kernels, other heap layout", "calls"):
            if outputs[label] != first:
                return differ(first, outputs[label], "default rules, kernels", "default rules, " + label)
        return None, None

    def batch(self, seeds):
        src_dir = os.path.join(self.work, "src")
        os.makedirs(src_dir, exist_ok=True)
        programs = {}  # seed -> its translation units, the main one first
        constructs = [c for c in self.a.constructs.split(",") if c]
        for s in seeds:
            programs[s] = write_program(s, constructs, src_dir)
        self.stats["programs"] += len(seeds)
        # The originals build and run while the tool rewrites the batch.
        originals = {s: self.pool.submit(self.original, programs[s]) for s in seeds}
        report, tool_failed = self.rewrite_all(seeds, programs, self.a.rules, "same")
        defaults = {}  # seed -> its copies under the default rules, loop kernels on and off
        checked = [s for s in seeds if self.a.default_rules and s % self.a.default_every == 0 and s not in tool_failed]
        if checked:
            copies = []
            for rules, tag in ((self.a.default_rules, "kernels"), (self.loops_off_rules, "calls")):
                rep, failed = self.rewrite_all(checked, programs, rules, tag)
                tool_failed |= failed
                copies.append(written_files(rep))
            for s in checked:
                defaults[s] = [[c.get(os.path.basename(u)) for u in programs[s]] for c in copies]
        counts = report_counts(report)
        for why, n in skip_reasons(report).items():
            self.skips[why] = self.skips.get(why, 0) + n
        written = written_files(report)
        # The tool's safety net keeps a file whose rewritten text does not compile: a tool bug.
        kept = {os.path.basename(f["path"]): f["reason"] for f in report["files"]
                if "did not compile" in f.get("reason", "")}
        todo = [(s, programs[s], [written.get(os.path.basename(u)) for u in programs[s]], originals[s], defaults.get(s))
                for s in seeds if s not in tool_failed]
        results = [self.pool.submit(self.check_one, *t) for t in todo]
        for (s, units, out, _, _), result in zip(todo, results):
            err, why = result.result()
            prefix = "prog_%d" % s
            mine = [c for name, c in counts.items() if name == prefix or name.startswith(prefix + ".")
                    or name.startswith(prefix + "_")]
            rewritten, skipped = sum(c[0] for c in mine), sum(c[1] for c in mine)
            self.stats["rewritten_ops"] += rewritten
            self.stats["skipped_ops"] += skipped
            why_kept = [kept[os.path.basename(u)] for u in units if os.path.basename(u) in kept]
            if err is None and why_kept:
                at = re.match(r"([^:\s]+):(\d+):", why_kept[0].split("compile: ", 1)[-1])
                err, why = ("the tool kept a file as it was: " + why_kept[0],
                            construct_at(os.path.join(src_dir, os.path.basename(at.group(1))), int(at.group(2)))
                            if at else "base")
            if err is None and rewritten == 0:
                err, why = "the report lists no rewritten operation (%d skipped)" % skipped, "base"
            if err:
                self.fail(s, units, out, err, why)

    def rewrite_all(self, seeds, programs, rules, tag):
        """Rewrites the programs of seeds with rules, one invocation per language, into out_TAG_*:
        (the merged report, the seeds the tool failed on, each counted as a failure)."""
        report = {"operations": [], "files": []}
        tool_failed = set()
        for lang in ("c", "c++"):
            group = [s for s in seeds if language(programs[s][0]) == lang]
            if not group:
                continue
            one = self.rewrite([u for s in group for u in programs[s]], lang, rules, tag)
            if isinstance(one, str):  # find the programs the tool fails on, and keep the others
                for s in group:
                    single = self.rewrite(programs[s], lang, rules, tag)
                    if isinstance(single, str):
                        why = construct_of_diagnostics(single, [os.path.dirname(programs[s][0])])
                        self.fail(s, programs[s], [], "autoscale-rewrite --rules %s failed:\n%s" % (rules, single), why)
                        tool_failed.add(s)
                    else:
                        report["operations"] += single.get("operations", [])
                        report["files"] += single.get("files", [])
                continue
            report["operations"] += one.get("operations", [])
            report["files"] += one.get("files", [])
        return report, tool_failed

    def rewrite(self, srcs, lang, rules, tag):
        """The tool's report for srcs, or on failure its stderr."""
        self.rewrites += 1
        report_path = os.path.join(self.work, "report_%d.json" % self.rewrites)
        out_dir = os.path.join(self.work, "out_%s_%s" % (tag, lang.replace("+", "x")))
        tool = run([self.a.tool, "--rules", rules, "--out-dir", out_dir,
                    "--report", report_path] + srcs + ["--", STD[lang]])
        if tool.returncode != 0:  # its diagnostics, without the per-file progress lines
            return "\n".join(l for l in tool.stderr.splitlines() if not PROGRESS.match(l))[-3000:]
        with open(report_path) as f:
            return json.load(f)

    def fail(self, seed, units, outs, why, construct):
        """Keeps the program (its units, headers and rewritten copies) and counts the failure."""
        keep = os.path.join(self.a.keep_dir, "seed_%d" % seed)
        os.makedirs(keep, exist_ok=True)

        def sources(d):
            return [n for n in os.listdir(d) if n.endswith((".c", ".cpp", ".h"))
                    and (n.startswith("prog_%d." % seed) or n.startswith("prog_%d_" % seed))]

        for name in sources(os.path.dirname(units[0])):
            shutil.copy(os.path.join(os.path.dirname(units[0]), name), keep)
        out_dir = next((os.path.dirname(o) for o in outs if o), None)
        for name in sources(out_dir) if out_dir else []:
            shutil.copy(os.path.join(out_dir, name), os.path.join(keep, "rewritten_" + name))
        self.failures.append((seed, construct))
        print("FAIL seed %d [%s] (kept in %s): %s" % (seed, construct, keep, why), flush=True)


def main():
    ap = argparse.ArgumentParser(description="differential test: original vs pass-through rewritten programs")
    ap.add_argument("--tool", required=True, help="path to autoscale-rewrite")
    ap.add_argument("--rules", required=True, help="the pass-through rules (rules/passthrough.yaml)")
    ap.add_argument("--include-dir", required=True, help="runtime/include")
    ap.add_argument("--runtime-lib", required=True, help="libautoscale.a and the libraries it needs, as one argument")
    ap.add_argument("--count", type=int, default=200, help="number of programs")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--batch", type=int, default=50, help="programs per autoscale-rewrite invocation")
    ap.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)),
                    help="parallel compiles and runs (default: the CPUs this process may use)")
    ap.add_argument("--inline-every", type=int, default=50,
                    help="build the rewritten side of the seeds divisible by this with the runtime's "
                         "inlined hot path, the others out of line (1: all inlined; 0: none)")
    ap.add_argument("--default-rules", help="also compare, under these rules (rules/default.yaml), the loop kernels "
                    "on and off and two heap layouts")
    ap.add_argument("--default-every", type=int, default=1, help="with --default-rules: the seeds divisible by it")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--cxx", default=os.environ.get("CXX", "c++"))
    ap.add_argument("--constructs", default="const_math,brace,chain,seq,shared",
                    help="the constructs the programs may draw (gen_program.py --constructs); '' for the base only")
    ap.add_argument("--keep-dir", default=os.path.join(tempfile.gettempdir(), "autoscale-differential-failures"),
                    help="where failing programs are copied")
    a = ap.parse_args()

    start = time.time()
    seeds = list(range(a.first_seed, a.first_seed + a.count))
    with tempfile.TemporaryDirectory(prefix="autoscale-diff-") as work:
        checker = Checker(a, work)
        for i in range(0, len(seeds), a.batch):
            checker.batch(seeds[i:i + a.batch])
        checker.pool.shutdown()
    st = checker.stats
    for why, n in sorted(checker.skips.items(), key=lambda kv: -kv[1]):
        print("skipped %5d x %s" % (n, why))
    by_construct = {}
    for _, why in checker.failures:
        for c in why.split(","):
            by_construct[c] = by_construct.get(c, 0) + 1
    if by_construct:
        print("failures by construct: " + ", ".join("%s %d" % kv for kv in sorted(by_construct.items(), key=lambda kv: -kv[1])))
    print("%d programs (seeds %d..%d): %d failed; %d operations rewritten, %d skipped; %.1f s"
          % (st["programs"], seeds[0], seeds[-1], len(checker.failures), st["rewritten_ops"], st["skipped_ops"],
             time.time() - start))
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
