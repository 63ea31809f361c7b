#!/usr/bin/env python3
"""Regenerates the `// CHECK:` and `// REPORT:` lines of lit tests from the tool's current output.

LLVM's update_test_checks.py for autoscale-rewrite: after a deliberate change of what the tool
writes, run it on the affected tests and review the result with `git diff` before committing.

  update_checks.py [--build-dir build] TEST...

It runs each test with lit (so the RUN lines, as written, produce the output), then rewrites the
test: every old CHECK/REPORT line goes, and after each source line that the tool changed or that
holds an operation comes
  // CHECK: <the rewritten line>              (when a RUN line runs `FileCheck %s` on the code)
  // REPORT: input.c:[[@LINE-k]]:COL: {...}   (when a RUN line uses --check-prefix=REPORT)
and at the end the report's `file:` and `summary:` lines. The site table's name becomes the
FileCheck variable [[SITES]], so the checks do not depend on the prelude; line numbers become
[[@LINE-k]] offsets, so the checks survive lines added above them. A test that checks the prelude
itself (--check-prefix=PRELUDE, the tests under prelude/) gets it as PRELUDE/PRELUDE-NEXT lines
after its RUN lines, with the lines around it (where it is placed).

What a test must look like for this script (the usual RUN lines do): it copies the test to
%t/input.<ext> with `cp %s` or `split-file --leading-lines` (then `//--- input.<ext>` is the last
part, so the test's line numbers are the input's), and the tool writes %t/out/input.<ext> and
%t/report.json. Hand-written checks of other kinds (CHECK-NOT, other prefixes) are kept. A test
marked XFAIL is refused: its output is the bug, not the expectation.
"""
import argparse
import json
import os
import re
import subprocess
import sys

from report_lines import entry_text, report_lines
from rewritten_code import code_lines, prelude_span

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
GENERATED = re.compile(r"^\s*// (CHECK|REPORT|PRELUDE(-NEXT|-EMPTY)?):")
SITES = re.compile(r"autoscale_sites_[0-9a-f]+")
PART = re.compile(r"^//--- (\S+)\s*$")


def cache_value(build_dir, name):
    with open(os.path.join(build_dir, "CMakeCache.txt")) as f:
        for line in f:
            if line.startswith(name + ":"):
                return line.split("=", 1)[1].strip()
    sys.exit("%s is not in %s/CMakeCache.txt: configure the build first" % (name, build_dir))


def run_lit(build_dir, rel):
    """Runs one test so that its %t holds the tool's output; its verdict does not matter here."""
    lit = cache_value(build_dir, "AUTOSCALE_LIT")
    suite = os.path.join(build_dir, "tests", "tool", "lit")
    cmd = [sys.executable, lit, "-q", suite, "--filter", "^autoscale-rewrite :: %s$" % re.escape(rel)]
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return os.path.join(suite, os.path.dirname(rel), "Output", os.path.basename(rel) + ".tmp")


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")


def output_by_input_line(inp, out):
    """{input line number: output line}, checked to cover the input line for line."""
    mapping = dict(code_lines(out))
    if sorted(mapping) != list(range(1, len(inp) + 1)):
        sys.exit("cannot map the output's lines to the input's (%d code lines, %d input lines)" % (len(mapping), len(inp)))
    return mapping


def filecheck_literal(text):
    """text as a FileCheck pattern: {{ and [[ start regexes and variables."""
    return text.replace("{{", "{{[{][{]}}").replace("[[", "{{[[][[]}}")


def generalise_sites(text, state):
    def repl(_):
        if state["defined"]:
            return "[[SITES]]"
        state["defined"] = True
        return "[[SITES:autoscale_sites_[0-9a-f]+]]"
    return SITES.sub(repl, text)


def prelude_checks(out):
    """PRELUDE lines: the prelude, with the lines before and after it (where it is placed)."""
    span = prelude_span(out)
    if span is None:
        sys.exit("no prelude in the output (a file the tool did not change?)")
    first = span[0] - 1 if span[0] > 0 and out[span[0] - 1].strip() else span[0]
    last = min(span[1] + 1, len(out) - 1)
    checks = []
    for i in range(first, last + 1):
        text = filecheck_literal(out[i].strip())
        kind = "PRELUDE" if i == first else "PRELUDE-NEXT" if text else "PRELUDE-EMPTY"
        checks.append("// %s:%s" % (kind, " " + text if text else ""))
    return checks


def update(test, build_dir):
    rel = os.path.relpath(os.path.abspath(test), HERE)
    old = read_lines(test)
    if any(re.match(r"^\s*// XFAIL:", l) for l in old):
        sys.exit("%s is marked XFAIL: its output is the bug, not an expectation" % test)
    run_lines = " ".join(l for l in old if "RUN:" in l)
    want_code = re.search(r"FileCheck %s(?![^|&]*--check-prefix)", run_lines) is not None
    want_report = "--check-prefix=REPORT" in run_lines
    want_prelude = "--check-prefix=PRELUDE" in run_lines
    meta = "%report --meta" in run_lines
    ext = os.path.splitext(test)[1]
    tmp = run_lit(build_dir, rel)
    name = "input" + ext
    inp, out_path, report_path = (os.path.join(tmp, name), os.path.join(tmp, "out", name),
                                  os.path.join(tmp, "report.json"))
    for p in (inp, report_path) + ((out_path,) if want_code or want_prelude else ()):
        if not os.path.exists(p):
            sys.exit("%s: the RUN lines did not produce %s (see `lit -v` on the test)" % (test, p))
    parts = [(i, PART.match(l).group(1)) for i, l in enumerate(old) if PART.match(l)]
    if parts and parts[-1][1] != name:
        sys.exit("%s: //--- %s must be the last part (checks are appended at the end)" % (test, name))
    inp_lines = read_lines(inp)
    if len(inp_lines) != len(old):
        sys.exit("%s: %%t/%s does not have the test's line numbers (cp %%s, or split-file --leading-lines)"
                 % (test, name))
    out_lines = read_lines(out_path) if want_code or want_prelude else []
    rewritten = output_by_input_line(inp_lines, out_lines) if want_code else {}
    with open(report_path, encoding="utf-8") as f:
        report = json.load(f)
    ops_at = {}
    foreign = []  # operations of other files (headers): checked at the end, positions as they are
    for op in report["operations"]:
        (ops_at.setdefault(op["line"], []) if op["file"] == name else foreign).append(op)

    # Pass 1 lays the lines out (a generated REPORT line is a placeholder, its operation), so that
    # pass 2 knows every source line's new number, which [[@LINE-k]] offsets and fed_by need.
    kept = [(n + 1, l) for n, l in enumerate(old) if not GENERATED.match(l)]
    layout, position = [], {}  # position: old line number -> new line number
    site_state = {"defined": False}
    pending = []
    last_run = max(n for n, l in kept if "RUN:" in l)
    for n, l in kept:
        position[n] = len(layout) + 1
        layout.append(l)
        if n == last_run and want_prelude:
            layout += prelude_checks(out_lines)
        if (want_code and rewritten.get(n, l) != inp_lines[n - 1]) or n in ops_at:
            pending.append(n)
        if l.endswith("\\"):  # checks go after the line's continuations
            continue
        for m in pending:
            indent = re.match(r"\s*", old[m - 1]).group(0)
            if want_code and rewritten.get(m, "").strip():
                text = generalise_sites(filecheck_literal(rewritten[m].strip()), site_state)
                layout.append("%s// CHECK: %s" % (indent, text))
            if want_report:
                layout += [(indent, op) for op in sorted(ops_at.get(m, []), key=lambda o: o["column"])]
        pending = []
    while layout and layout[-1] == "":
        layout.pop()
    if want_report:
        layout += [("", op) for op in foreign]
        layout += ["// REPORT: %s" % filecheck_literal(line) for op, line in report_lines(report, meta) if op is None]

    def offset(old_line, at):
        d = position[old_line] - at
        return "[[@LINE]]" if d == 0 else "[[@LINE%+d]]" % d

    def report_line(op, at):
        text = filecheck_literal(entry_text(op))
        if op["file"] != name:
            return "// REPORT: %s:%d:%d: %s" % (op["file"], op["line"], op["column"], text)
        text = re.sub(re.escape(name) + r":(\d+):", lambda m: "%s:%s:" % (name, offset(int(m.group(1)), at)), text)
        return "// REPORT: %s:%s:%d: %s" % (name, offset(op["line"], at), op["column"], text)

    new = [e if isinstance(e, str) else e[0] + report_line(e[1], k + 1) for k, e in enumerate(layout)]
    # A message naming the test's scratch directory (a compile error's file) names it by pattern:
    # its absolute path is this checkout's.
    new = [l.replace(os.path.join(tmp, ""), "{{.*}}") for l in new]
    text = "\n".join(new) + "\n"
    with open(test, "w", encoding="utf-8") as f:
        f.write(text)
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default=os.path.join(REPO, "build"))
    ap.add_argument("tests", nargs="+")
    a = ap.parse_args()
    for t in a.tests:
        # The inserted lines move the code, and the prelude's checks name its line numbers: run
        # again until the test no longer changes.
        before = None
        for _ in range(4):
            with open(t, encoding="utf-8") as f:
                before = f.read()
            if update(t, os.path.abspath(a.build_dir)) == before:
                break
        else:
            sys.exit("%s: the checks did not settle after 4 runs" % t)
        print("updated %s" % t)


if __name__ == "__main__":
    main()
