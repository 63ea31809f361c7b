#!/usr/bin/env python3
"""Prints what a run of a rewritten program counted at each site, from its AUTOSCALE_REPORT JSON,
one line per site in source order (file:line:col op executions, then each slot's quantized,
overflows, underflows, subnormals): two runs that must count the same compare with diff.

  site_counters.py REPORT.json
"""
import json
import sys

COUNTERS = ("quantized", "overflows", "underflows", "subnormals")


def main():
    with open(sys.argv[1]) as f:
        report = json.load(f)
    lines = []
    for site in report["sites"]:
        slots = " ".join(
            "%s=%s" % (slot["slot"], "/".join(str(slot[c]) for c in COUNTERS))
            for slot in site["slots"])
        lines.append(((site["file"], site["line"], site["column"]),
                      "%s:%d:%d %s executions=%d %s" % (site["file"], site["line"], site["column"],
                                                        site["op"], site["executions"], slots)))
    for _, line in sorted(lines):
        print(line)


if __name__ == "__main__":
    main()
