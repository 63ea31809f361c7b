#!/usr/bin/env python3
"""Prints an autoscale-rewrite --report JSON one line per entry, for FileCheck.

  report_lines.py [--meta] REPORT.json

Each operation becomes `FILE:LINE:COL: {the rest of its entry}`, the entry's other keys sorted
and compact, so that a test's `// REPORT:` line sits next to the code it reports (FILE:LINE:COL
come first, where [[@LINE]] can match them). Then one `file: {...}` line per file entry, one
`KEY: value` line for every other key of the report (`rules` by its file name, as a test's rules
sit in different places), and the `summary: ...` line, which counts the operations and so catches
any a test's checks left out. The tool's name and version, which every report carries, are
printed only with --meta (one test checks them; a release should not touch every test).
"""
import json
import os
import sys

LISTED = ("operations", "files", "summary")
META = ("tool", "version")


def compact(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def entry_text(op):
    """An operation's entry without its position (which leads its line), compact."""
    return compact({k: v for k, v in op.items() if k not in ("file", "line", "column")})


def report_lines(report, meta=False):
    """[(the operation or None, its line)]: the operations first, then the report's other entries."""
    out = [(op, "%s:%s:%s: %s" % (op["file"], op["line"], op["column"], entry_text(op)))
           for op in report["operations"]]
    out += [(None, "file: %s" % compact(entry)) for entry in report["files"]]
    for key in sorted(report):
        if key in LISTED or (key in META and not meta):
            continue
        value = os.path.basename(report[key]) if key == "rules" else report[key]
        out.append((None, "%s: %s" % (key, compact(value))))
    out.append((None, "summary: %s" % report["summary"]["line"]))
    return out


def main():
    args = sys.argv[1:]
    meta = "--meta" in args
    args = [a for a in args if a != "--meta"]
    if len(args) != 1:
        sys.exit(__doc__)
    with open(args[0], encoding="utf-8") as f:
        report = json.load(f)
    for _, line in report_lines(report, meta):
        print(line)


if __name__ == "__main__":
    main()
