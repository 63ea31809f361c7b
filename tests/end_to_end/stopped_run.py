#!/usr/bin/env python3
"""A rewritten program stopped by SIGINT or SIGTERM still writes its report and summary.

  stopped_run.py --tool T --include-dir DIR --runtime-lib "LIB FLAGS" --cc CC

Rewrites stopped_run/endless.c (a loop that never ends) with the default rules, runs it with
AUTOSCALE_REPORT set, and once it prints "ready" sends it SIGINT, then in a second run SIGTERM:
each run must end by its signal (the default action, re-raised), with the report written (its
sites executed) and the summary on stderr. A program with its own SIGINT handler keeps it: it stops
its loop and returns 0, and the exit handler writes the report.
"""
import argparse
import json
import os
import shlex
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run_until_ready(binary, report, sig, args=()):
    env = dict(os.environ, AUTOSCALE_REPORT=report)
    # A shell's background job ignores SIGINT, and its children inherit that: the program starts with
    # both signals at their default actions, as from a terminal.
    def defaults():
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    proc = subprocess.Popen([binary, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            preexec_fn=defaults)
    line = proc.stdout.readline()
    if line.strip() != "ready":
        proc.kill()
        sys.exit(f"the program did not start: {line!r} {proc.stderr.read()}")
    proc.send_signal(sig)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        sys.exit(f"signal {sig}: the program did not stop within 60 s")
    return proc.returncode, out, err


def executions(report):
    with open(report) as f:
        sites = json.load(f)["sites"]
    return sum(s["executions"] for s in sites)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tool", required=True)
    p.add_argument("--include-dir", required=True)
    p.add_argument("--runtime-lib", required=True)
    p.add_argument("--cc", required=True)
    a = p.parse_args()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([os.path.abspath(a.tool), "--rules", os.path.join(HERE, "..", "..", "rules", "default.yaml"), "--out-dir",
                        os.path.join(tmp, "out"), "endless.c", "--"], cwd=os.path.join(HERE, "stopped_run"),
                       check=True, stdout=subprocess.DEVNULL)
        binary = os.path.join(tmp, "endless")
        subprocess.run([a.cc, "-O2", "-I", a.include_dir, os.path.join(tmp, "out", "endless.c"), "-o", binary,
                        *shlex.split(a.runtime_lib)], check=True)
        for sig in (signal.SIGINT, signal.SIGTERM):
            report = os.path.join(tmp, f"report_{sig.name}.json")
            code, out, err = run_until_ready(binary, report, sig)
            print(f"{sig.name}: exit {code}, report {os.path.exists(report)}, stderr: {err.strip()[:200]!r}")
            if code != -sig:
                failures.append(f"{sig.name}: ended with {code}, not by the signal")
            if not os.path.exists(report) or executions(report) == 0:
                failures.append(f"{sig.name}: no report, or one with no executions")
            if f"stopped by signal {int(sig)}" not in err or "autoscale:" not in err.replace("stopped by signal", ""):
                failures.append(f"{sig.name}: no summary on stderr")
        report = os.path.join(tmp, "report_own_handler.json")
        code, out, err = run_until_ready(binary, report, signal.SIGINT, ["--own-handler"])
        print(f"own handler: exit {code}, report {os.path.exists(report)}, stdout {out.strip()!r}")
        if code != 0 or "stopped" not in out:
            failures.append(f"own handler: ended with {code} ({out.strip()!r}), not through its handler")
        if "stopped by signal" in err or not os.path.exists(report):
            failures.append("own handler: the runtime took the signal, or the exit handler wrote no report")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
