#!/usr/bin/env python3
"""Prints an autoscale-rewrite --report JSON one line per entry, for FileCheck.

  report_lines.py REPORT.json

Each operation becomes `FILE:LINE:COL: {the rest of its entry}`, the entry's other keys sorted
and compact, so that a test's `// REPORT:` line sits next to the code it reports (FILE:LINE:COL
come first, where [[@LINE]] can match them). Then one `file: {...}` line per file entry and the
`summary: ...` line, which counts the operations and so catches any a test's checks left out.
"""
import json
import sys


def compact(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def entry_text(op):
    """An operation's entry without its position (which leads its line), compact."""
    return compact({k: v for k, v in op.items() if k not in ("file", "line", "column")})


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as f:
        report = json.load(f)
    for op in report["operations"]:
        print("%s:%s:%s: %s" % (op["file"], op["line"], op["column"], entry_text(op)))
    for entry in report["files"]:
        print("file: %s" % compact(entry))
    print("summary: %s" % report["summary"]["line"])


if __name__ == "__main__":
    main()
