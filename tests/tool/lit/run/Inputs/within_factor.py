#!/usr/bin/env python3
"""within_factor.py ORIGINAL REWRITTEN FACTOR: each `NAME ERROR` line (a relative error) of the
rewritten program's output is at most FACTOR times the error on the original's line NAME."""
import sys


def errors(path):
    with open(path) as f:
        return dict((name, float(value)) for name, value in (line.split() for line in f if line.strip()))


orig, new, factor = errors(sys.argv[1]), errors(sys.argv[2]), float(sys.argv[3])
failed = [name for name in orig if new[name] > factor * max(orig[name], 1e-12)]
for name in orig:
    print("%s: FP32 %.3e, rewritten %.3e" % (name, orig[name], new[name]))
if failed:
    sys.exit("worse than %gx the FP32 error: %s" % (factor, ", ".join(failed)))
