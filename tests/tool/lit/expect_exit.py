#!/usr/bin/env python3
"""Runs a command and succeeds only if it exits with the given status (lit's `not` takes any).

  expect_exit.py STATUS COMMAND [ARG...]
"""
import subprocess
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    want = int(sys.argv[1])
    got = subprocess.run(sys.argv[2:]).returncode
    if got != want:
        sys.stderr.write("expect_exit.py: %s exited with %d, expected %d\n" % (sys.argv[2], got, want))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
