#!/usr/bin/env python3
"""Differential test of autoscale-rewrite: pass-through rewriting must not change a single bit.

For each seed, gen_program.py writes a random C program; autoscale-rewrite rewrites a batch of them
with the pass-through rules (every operation becomes a runtime call at FP32, the identity); the
original and the rewritten program are compiled the same way (-ffp-contract=off, so neither side
fuses a multiply-add the other does not) and run, and their outputs must be identical. Programs
print every result with %a, so identical output means identical bits.

The tool must also have rewritten something in every program (its --report counts): a tool that
silently rewrites nothing would pass the comparison trivially.

Exit status: 0 when every program matches, 1 otherwise (each mismatch prints its seed, the kept
program paths and a diff).
"""
import argparse
import concurrent.futures
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from tool_report import report_counts, skip_reasons, written_files

HERE = os.path.dirname(os.path.abspath(__file__))
CFLAGS = ["-std=c99", "-O1", "-ffp-contract=off", "-w"]
PROGRESS = re.compile(r"^\[\d+/\d+\] ")


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


class Checker:
    def __init__(self, args, work):
        self.a = args
        self.work = work
        self.failures = []
        self.stats = {"programs": 0, "rewritten_ops": 0, "skipped_ops": 0}
        self.skips = {}  # skip reason -> count
        self.rewrites = 0

    def compile_and_run(self, src, exe, extra):
        c = run([self.a.cc] + CFLAGS + ["-o", exe, src] + extra)
        if c.returncode != 0:
            return None, "compile failed:\n" + c.stderr[-3000:]
        env = dict(os.environ, AUTOSCALE_SUMMARY="0")
        env.pop("AUTOSCALE_REPORT", None)
        try:
            r = run([exe], env=env, timeout=60)
        except subprocess.TimeoutExpired:
            return None, "timed out"
        if r.returncode != 0:
            return None, "exit status %d:\n%s" % (r.returncode, r.stderr[-3000:])
        return r.stdout, None

    def check_one(self, seed, src, rewritten):
        stem = os.path.splitext(src)[0]
        want, err = self.compile_and_run(src, stem + ".orig", ["-lm"])
        if err:
            return "original: " + err
        if rewritten is None:
            return "the tool wrote no rewritten copy"
        got, err = self.compile_and_run(rewritten, stem + ".rewritten",
                                        ["-I", self.a.include_dir, self.a.runtime_lib, "-lgomp", "-lstdc++", "-lm", "-lpthread"])
        if err:
            return "rewritten: " + err
        if got != want:
            diff = difflib.unified_diff(want.splitlines(), got.splitlines(), "original", "rewritten", lineterm="", n=1)
            return "outputs differ:\n" + "\n".join(list(diff)[:40])
        return None

    def batch(self, seeds):
        src_dir = os.path.join(self.work, "src")
        os.makedirs(src_dir, exist_ok=True)
        srcs = []
        for s in seeds:
            path = os.path.join(src_dir, "prog_%d.c" % s)
            run([sys.executable, os.path.join(HERE, "gen_program.py"), str(s), "-o", path]).check_returncode()
            srcs.append(path)
        self.stats["programs"] += len(seeds)
        report = self.rewrite(srcs)
        tool_failed = set()
        if not isinstance(report, dict):  # find the programs the tool fails on, and check the others
            report = {"operations": [], "files": []}
            for s, src in zip(seeds, srcs):
                one = self.rewrite([src])
                if isinstance(one, str):
                    self.fail(s, src, None, "autoscale-rewrite failed:\n" + one)
                    tool_failed.add(s)
                    continue
                report["operations"] += one.get("operations", [])
                report["files"] += one.get("files", [])
        counts = report_counts(report)
        for why, n in skip_reasons(report).items():
            self.skips[why] = self.skips.get(why, 0) + n
        written = written_files(report)
        todo = [(s, src, written.get(os.path.basename(src))) for s, src in zip(seeds, srcs) if s not in tool_failed]
        with concurrent.futures.ThreadPoolExecutor(self.a.jobs) as pool:
            results = list(pool.map(lambda t: self.check_one(*t), todo))
        for (s, src, out), err in zip(todo, results):
            rewritten, skipped = counts.get(os.path.basename(src), (0, 0))
            self.stats["rewritten_ops"] += rewritten
            self.stats["skipped_ops"] += skipped
            if err is None and rewritten == 0:
                err = "the report lists no rewritten operation (%d skipped)" % skipped
            if err:
                self.fail(s, src, out, err)

    def rewrite(self, srcs):
        """The tool's report for srcs, or on failure its stderr."""
        self.rewrites += 1
        report_path = os.path.join(self.work, "report_%d.json" % self.rewrites)
        tool = run([self.a.tool, "--rules", self.a.rules, "--out-dir", os.path.join(self.work, "out"),
                    "--report", report_path] + srcs + ["--", "-std=c99"])
        if tool.returncode != 0:  # its diagnostics, without the per-file progress lines
            return "\n".join(l for l in tool.stderr.splitlines() if not PROGRESS.match(l))[-3000:]
        with open(report_path) as f:
            return json.load(f)

    def fail(self, seed, src, out, why):
        keep = os.path.join(self.a.keep_dir, "seed_%d" % seed)
        os.makedirs(keep, exist_ok=True)
        shutil.copy(src, keep)
        if out:
            shutil.copy(out, os.path.join(keep, "rewritten_" + os.path.basename(out)))
        self.failures.append(seed)
        print("FAIL seed %d (kept in %s): %s" % (seed, keep, why), flush=True)


def main():
    ap = argparse.ArgumentParser(description="differential test: original vs pass-through rewritten programs")
    ap.add_argument("--tool", required=True, help="path to autoscale-rewrite")
    ap.add_argument("--rules", required=True, help="the pass-through rules (rules/passthrough.yaml)")
    ap.add_argument("--include-dir", required=True, help="runtime/include")
    ap.add_argument("--runtime-lib", required=True, help="path to libautoscale.a")
    ap.add_argument("--count", type=int, default=200, help="number of programs")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--batch", type=int, default=50, help="programs per autoscale-rewrite invocation")
    ap.add_argument("--jobs", type=int, default=2, help="parallel compiles and runs")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--keep-dir", default=os.path.join(tempfile.gettempdir(), "autoscale-differential-failures"),
                    help="where failing programs are copied")
    a = ap.parse_args()

    start = time.time()
    seeds = list(range(a.first_seed, a.first_seed + a.count))
    with tempfile.TemporaryDirectory(prefix="autoscale-diff-") as work:
        checker = Checker(a, work)
        for i in range(0, len(seeds), a.batch):
            checker.batch(seeds[i:i + a.batch])
    st = checker.stats
    for why, n in sorted(checker.skips.items(), key=lambda kv: -kv[1]):
        print("skipped %5d x %s" % (n, why))
    print("%d programs (seeds %d..%d): %d failed; %d operations rewritten, %d skipped; %.1f s"
          % (st["programs"], seeds[0], seeds[-1], len(checker.failures), st["rewritten_ops"], st["skipped_ops"],
             time.time() - start))
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
