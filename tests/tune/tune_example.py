#!/usr/bin/env python3
"""autoscale-tune on an example, from rules that round every operation to scaled E4M3 (under
which each example fails): the tuned rules must pass the example's check, built and run apart from
the search, with at least as many FP8 operations as the example's comparison rules:

  solver: relative residual <= 1e-5; at least examples/solver/fp8.yaml's FP8 operations (written
          by hand with the history the tuner is not told about);
  pcg:    the program's own verification (its exit status and "verification PASSED"); more FP8
          operations than rules/default.yaml, under which the verification fails.

With --interrupt the search is killed partway (SIGKILL to its process group, the worst
interruption) and run again: the second run repeats none of the trials the log holds, and a third
run reruns nothing and writes the same bytes.

  tune_example.py --example solver --bin build/bin --pkgconfig build/pkgconfig --cc cc --work DIR
"""
import argparse
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLES = {
    "solver": {"source": "solver.c", "criterion": ["--metric", "relative residual<=1e-5"],
               "compare": os.path.join(ROOT, "examples", "solver", "fp8.yaml"), "more": False},
    "pcg": {"source": "pcg.c", "criterion": ["--judge", 'grep -q "verification PASSED" output.txt'],
            "compare": os.path.join(ROOT, "rules", "default.yaml"), "more": True},
}


def sh(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    if p.returncode != 0:
        sys.exit("command failed (%d): %s\n%s%s" % (p.returncode, " ".join(cmd), p.stdout[-3000:], p.stderr[-3000:]))
    return p


def check(condition, what):
    print(("ok: " if condition else "FAILED: ") + what, flush=True)
    if not condition:
        sys.exit(1)


def passes(example, stdout, rc):
    """The example's check, on a run apart from the search."""
    if example == "pcg":
        return rc == 0 and "verification PASSED" in stdout
    return rc == 0 and float(re.findall(r"^relative residual (\S+)$", stdout, re.M)[-1]) <= 1e-5


def fp8_operations(tool, rules, a, flags, libs):
    """(FP8 operations the rules rewrite, whether the rewritten program passes its check)."""
    directory = os.path.join(ROOT, "examples", a.example)
    out = os.path.join(a.work, "src")
    shutil.rmtree(out, ignore_errors=True)
    source = EXAMPLES[a.example]["source"]
    sh([tool, "--rules", rules, "--out-dir", out, "--report", os.path.join(a.work, "rewrite.json"),
        os.path.join(directory, source), "--", "-I" + directory])
    with open(os.path.join(a.work, "rewrite.json")) as f:
        ops = json.load(f)["operations"]
    fp8 = sum(1 for o in ops if o["action"] in ("scale", "cast") and o.get("format") in ("e4m3", "e5m2"))
    exe = os.path.join(a.work, a.example)
    sh([a.cc, "-O2", "-I" + out, "-I" + directory, os.path.join(out, source), os.path.join(directory, "problem.c")]
       + flags + ["-o", exe] + libs)
    run = subprocess.run([exe], stdout=subprocess.PIPE, text=True, env=dict(os.environ, AUTOSCALE_SUMMARY="0"))
    return fp8, passes(a.example, run.stdout, run.returncode)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--example", required=True, choices=sorted(EXAMPLES))
    ap.add_argument("--interrupt", action="store_true")
    ap.add_argument("--bin", required=True)
    ap.add_argument("--pkgconfig", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    env = dict(os.environ, PKG_CONFIG_PATH=a.pkgconfig)
    flags = sh(["pkg-config", "--cflags", "autoscale"], env=env).stdout.split()
    libs = sh(["pkg-config", "--libs", "autoscale"], env=env).stdout.split()
    tuned = os.path.join(a.work, "tuned.yaml")
    log = os.path.join(a.work, "trials", "tune.log")
    example = EXAMPLES[a.example]
    directory = os.path.join(ROOT, "examples", a.example)
    build = "%s -O2 -I{src} -I%s {src}/%s %s %s -o {trial}/program %s" % (
        shlex.quote(a.cc), shlex.quote(directory), example["source"], shlex.quote(os.path.join(directory, "problem.c")),
        " ".join(map(shlex.quote, flags)), " ".join(map(shlex.quote, libs)))
    tune = [os.path.join(a.bin, "autoscale-tune"), "--rules", os.path.join(ROOT, "tests", "tune", "e4m3_scaled.yaml"),
            "-o", tuned, "-j", "2", "--work", os.path.join(a.work, "trials"), "--build", build,
            "--run", "{trial}/program"] + example["criterion"] + [
            "--", os.path.join(directory, example["source"]), "--", "-I" + directory]
    if a.interrupt:
        interrupted_and_resumed(tune, log, tuned)
    else:
        sh(tune)
    with open(tuned, "rb") as f:
        written = f.read()
    print(written.decode())
    tool = os.path.join(a.bin, "autoscale-rewrite")
    fp8, passed = fp8_operations(tool, tuned, a, flags, libs)
    compared, compared_passed = fp8_operations(tool, example["compare"], a, flags, libs)
    check(passed, "the program passes its check under the tuned rules")
    name = os.path.relpath(example["compare"], ROOT)
    if example["more"]:
        check(fp8 > compared, "FP8 operations: %d tuned, %d under %s (%s its check)"
              % (fp8, compared, name, "passing" if compared_passed else "failing"))
    else:
        check(fp8 >= compared, "FP8 operations: %d tuned, %d under %s" % (fp8, compared, name))


def interrupted_and_resumed(tune, log, tuned):
    """Killed with its trials once the log holds a dozen of them, then run again twice."""
    first = subprocess.Popen(tune, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    logged = 0
    while first.poll() is None and logged < 13:
        time.sleep(0.2)
        if os.path.exists(log):
            with open(log) as f:
                logged = sum(1 for line in f if line.endswith("\n")) - 1
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    check(logged >= 12, "the first run logged %d trials before it was killed" % logged)
    check(not os.path.exists(tuned), "the killed run wrote no rules")

    resumed = sh(tune)
    print(resumed.stderr[-1500:])
    counts = re.search(r"(\d+) trials run, (\d+) from the log", resumed.stderr)
    check(counts and int(counts.group(2)) >= logged,
          "the resumed run took %s trials from the log (%d logged)" % (counts and counts.group(2), logged))
    with open(tuned, "rb") as f:
        written = f.read()
    again = sh(tune)
    check(re.search(r" 0 trials run,", again.stderr) is not None, "a third run reruns nothing: " + again.stderr.strip().splitlines()[-1])
    with open(tuned, "rb") as f:
        check(f.read() == written, "a third run writes the same rules")


if __name__ == "__main__":
    main()
