#!/usr/bin/env python3
"""Prints the code of a file autoscale-rewrite wrote, for a test's CHECK lines to match.

  rewritten_code.py FILE

Left out: the prelude the tool inserts (the runtime include and the site table, which the tests
under prelude/ check; it ends with `#line N`), and the tests' own check comments, which the tool
copies like any comment. What remains is the code, line for line, so that
`FileCheck --implicit-check-not=autoscale_` can require a CHECK line for every rewritten line.
"""
import re
import sys

PRELUDE_END = re.compile(r"^#line (\d+)\s*$")
CHECK_COMMENT = re.compile(r"^\s*// [A-Z]+(-[A-Z]+)*:")


def prelude_span(lines):
    """(first, last) indices of the prelude in a rewritten file's lines, or None: it ends with
    `#line N`, and the N-1 lines before it are the input's first lines."""
    for i, line in enumerate(lines):
        m = PRELUDE_END.match(line)
        if m:
            return int(m.group(1)) - 1, i
    return None


def code_lines(lines):
    """[(line number in the input, text)] for a rewritten file's lines without its prelude."""
    span = prelude_span(lines)
    if span is None:
        return [(n + 1, l) for n, l in enumerate(lines)]
    first, last = span
    return [(n + 1, lines[n]) for n in range(first)] + [(first + 1 + k, l) for k, l in enumerate(lines[last + 1:])]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for _, text in code_lines(lines):
        if not CHECK_COMMENT.match(text):
            print(text)


if __name__ == "__main__":
    main()
