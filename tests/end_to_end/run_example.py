#!/usr/bin/env python3
"""End-to-end check of an example: rewrite it under several rule files, compile each variant
against the runtime, run it, and assert relations between the numbers the variants print.

  run_example.py --example-dir examples/mlp --rewrite mlp.cpp --keep data.cpp \
      --variant fp8=rules/default.yaml --variant unscaled=tests/end_to_end/mlp_unscaled_e4m3.yaml \
      --check "fp8.final_loss <= 1.5 * fp32.final_loss" ...

The variant "fp32" is always the original program, compiled without the tool. A program's metrics
are the lines of its output that end in a number ("final loss 0.0277" -> final_loss); each variant
also gets "rewritten_ops" from the tool's report and "sites" and "executions" from its runtime
report (AUTOSCALE_REPORT), so a check can insist that the rewritten program really ran through the
runtime. Checks are Python expressions over the variants; every metric and every check is printed,
and a failing check (or one naming a missing metric) fails the test.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "differential"))
from tool_report import report_counts, written_files  # noqa: E402

METRIC = re.compile(r"^([A-Za-z][A-Za-z _]*?)\s+(-?[0-9.]+(?:e[-+]?[0-9]+)?|nan|-?inf)\s*$")


class Metrics(dict):
    """Attribute access for checks: fp8.final_loss."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError("no metric '%s' (have: %s)" % (name, ", ".join(sorted(self))))


def sh(cmd, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    if r.returncode != 0:
        sys.exit("command failed (%d): %s\n%s%s" % (r.returncode, " ".join(cmd), r.stdout[-2000:], r.stderr[-4000:]))
    return r


def parse_metrics(text):
    m = Metrics()
    for line in text.splitlines():
        hit = METRIC.match(line.strip())
        if hit:
            m[hit.group(1).strip().replace(" ", "_")] = float(hit.group(2))
    return m


def report_sites(path):
    """(sites, executions) from the runtime's JSON report: sites that ran, and their executions."""
    with open(path) as f:
        report = json.load(f)
    sites = report.get("sites", []) if isinstance(report, dict) else []
    ran = [s for s in sites if s.get("executions", 0) > 0]
    return len(ran), sum(s.get("executions", 0) for s in ran)


class Example:
    def __init__(self, a, work):
        self.a = a
        self.work = work
        self.src = os.path.abspath(a.example_dir)
        cxx = any(f.endswith((".cpp", ".cc")) for f in a.rewrite)
        self.compiler = a.cxx if cxx else a.cc
        self.flags = (["-std=c++17"] if cxx else ["-std=c99"]) + ["-O2", "-ffp-contract=off", "-I", self.src]

    def build_and_run(self, name, rules):
        exe = os.path.join(self.work, name)
        kept = [os.path.join(self.src, f) for f in self.a.keep]
        if rules is None:
            sources = [os.path.join(self.src, f) for f in self.a.rewrite]
            sh([self.compiler] + self.flags + ["-o", exe] + sources + kept + ["-lm"])
        else:
            out = os.path.join(self.work, name + "_src")
            rewrite_report = os.path.join(self.work, name + "_rewrite.json")
            sh([self.a.tool, "--rules", rules, "--out-dir", out, "--report", rewrite_report]
               + [os.path.join(self.src, f) for f in self.a.rewrite] + ["--", "-I", self.src] + self.flags[:1])
            with open(rewrite_report) as f:
                report = json.load(f)
            written = written_files(report)
            missing = [f for f in self.a.rewrite if os.path.basename(f) not in written]
            if missing:
                sys.exit("%s: autoscale-rewrite wrote no rewritten %s" % (name, ", ".join(missing)))
            sources = [written[os.path.basename(f)] for f in self.a.rewrite]
            rewritten_ops = sum(c[0] for c in report_counts(report).values())
            sh([self.compiler] + self.flags + ["-I", self.a.include_dir, "-o", exe] + sources + kept
               + shlex.split(self.a.runtime_lib))
        site_report = os.path.join(self.work, name + "_report.json")
        env = dict(os.environ, AUTOSCALE_REPORT=site_report, AUTOSCALE_SUMMARY="0")
        run = sh([exe] + self.a.args, env=env)
        m = parse_metrics(run.stdout)
        if rules is not None:
            if not os.path.exists(site_report):
                sys.exit("%s: the rewritten program wrote no runtime report" % name)
            m["sites"], m["executions"] = report_sites(site_report)
            m["rewritten_ops"] = rewritten_ops
        return m


def main():
    ap = argparse.ArgumentParser(description="rewrite, build, run and check an example")
    ap.add_argument("--tool", required=True)
    ap.add_argument("--include-dir", required=True)
    ap.add_argument("--runtime-lib", required=True)
    ap.add_argument("--example-dir", required=True)
    ap.add_argument("--rewrite", action="append", required=True, help="a source to rewrite (relative to the example)")
    ap.add_argument("--keep", action="append", default=[], help="a source compiled as it is")
    ap.add_argument("--variant", action="append", default=[], help="NAME=RULES.yaml")
    ap.add_argument("--check", action="append", default=[], help="a Python expression over the variants")
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--cxx", default="c++")
    ap.add_argument("args", nargs="*", help="arguments for the example program")
    a = ap.parse_args()

    results = {}
    with tempfile.TemporaryDirectory(prefix="autoscale-e2e-") as work:
        ex = Example(a, work)
        results["fp32"] = ex.build_and_run("fp32", None)
        for v in a.variant:
            name, rules = v.split("=", 1)
            results[name] = ex.build_and_run(name, os.path.abspath(rules))
    for name, m in results.items():
        print("%-10s %s" % (name, "  ".join("%s=%g" % kv for kv in sorted(m.items()))))
    failed = 0
    for c in a.check:
        try:
            ok = bool(eval(c, {"__builtins__": {"abs": abs, "min": min, "max": max}}, results))
        except (AttributeError, NameError) as e:
            ok, c = False, "%s (%s)" % (c, e)
        print("%s  %s" % ("PASS" if ok else "FAIL", c))
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
