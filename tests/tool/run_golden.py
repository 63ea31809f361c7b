#!/usr/bin/env python3
"""Golden tests of autoscale-rewrite.

A case is a folder tests/tool/golden/<case>/ holding
  input*.c / input*.cpp / input*.cu   the sources given to the tool (other files: headers)
  rules.yaml                          optional; default: the shipped rules/default.yaml
  args                                optional; compiler arguments, one per line
  expected/                           every file the tool writes, as it must write it
  expected.report.json                the --report output
  unchanged                           optional marker: every file the tool writes must be byte for
                                      byte the input file (then expected/ is not needed)
Each case also checks idempotence (the tool run on its own output changes nothing) and that the
output tree compiles on its own, as the language it was written in: gcc -std=c99, g++ -std=c++17,
nvcc when installed, with only the runtime's include directory added.

  run_golden.py --tool BIN --cases DIR --default-rules FILE --runtime-include DIR [case...]
  run_golden.py ... --update [case...]     regenerate expected/ and expected.report.json
"""
import argparse
import difflib
import filecmp
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

SOURCE_EXTS = (".c", ".cpp", ".cu")
NVCC = "/usr/local/cuda/bin/nvcc"
CUDA_RUNTIME_HEADER = "/usr/local/cuda/include/cuda_runtime.h"
SKIP = 77  # ctest's SKIP_RETURN_CODE for these tests


def case_sources(case_dir):
    return sorted(f for f in os.listdir(case_dir) if f.startswith("input") and f.endswith(SOURCE_EXTS))


def tree_files(root):
    out = []
    for d, _, files in os.walk(root):
        out += [os.path.relpath(os.path.join(d, f), root) for f in files]
    return sorted(out)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def diff(a_text, b_text, a_name, b_name):
    return "".join(difflib.unified_diff(a_text.splitlines(True), b_text.splitlines(True), a_name, b_name))


def run_tool(args, work, sources, extra, out_dir, report):
    cmd = [args.tool, "--rules", "rules.yaml", "--out-dir", out_dir, "--report", report] + sources + ["--"] + extra
    p = subprocess.run(cmd, cwd=work, capture_output=True, text=True)
    return p, cmd


def check_case(args, name):
    case_dir = os.path.join(args.cases, name)
    errors = []
    sources = case_sources(case_dir)
    if not sources:
        return ["no input.* source"]
    extra = []
    if os.path.exists(os.path.join(case_dir, "args")):
        extra = [a for line in read(os.path.join(case_dir, "args")).splitlines() for a in shlex.split(line)]
    with tempfile.TemporaryDirectory(prefix="golden-") as tmp:
        work = os.path.join(tmp, "case")
        shutil.copytree(case_dir, work, ignore=shutil.ignore_patterns("expected", "expected.report.json"))
        rules = os.path.join(case_dir, "rules.yaml")
        shutil.copy(rules if os.path.exists(rules) else args.default_rules, os.path.join(work, "rules.yaml"))
        p, cmd = run_tool(args, work, sources, extra, "../out", "../report.json")
        if p.returncode != 0:
            return ["tool failed (%d): %s\n%s" % (p.returncode, " ".join(cmd), p.stderr)]
        out = os.path.join(tmp, "out")
        report = json.loads(read(os.path.join(tmp, "report.json")))

        if args.update:
            exp = os.path.join(case_dir, "expected")
            shutil.rmtree(exp, ignore_errors=True)
            if not os.path.exists(os.path.join(case_dir, "unchanged")):
                shutil.copytree(out, exp)
            with open(os.path.join(case_dir, "expected.report.json"), "w") as f:
                json.dump(report, f, indent=2, sort_keys=True)
                f.write("\n")
        else:
            if os.path.exists(os.path.join(case_dir, "unchanged")):
                written = tree_files(out)
                for s in sorted(set(sources) - set(written)):
                    errors.append("%s was not written" % s)
                for f in written:
                    orig = os.path.join(case_dir, f)
                    if not os.path.exists(orig):
                        errors.append("unexpected file written: %s" % f)
                    elif not filecmp.cmp(orig, os.path.join(out, f), shallow=False):
                        errors.append("%s must be unchanged:\n%s" % (f, diff(read(orig), read(os.path.join(out, f)), f, "out/" + f)))
            else:
                exp = os.path.join(case_dir, "expected")
                want, got = tree_files(exp) if os.path.isdir(exp) else [], tree_files(out)
                if want != got:
                    errors.append("files written %s, expected %s" % (got, want))
                for f in sorted(set(want) & set(got)):
                    a, b = read(os.path.join(exp, f)), read(os.path.join(out, f))
                    if a != b:
                        errors.append(diff(a, b, "expected/" + f, "out/" + f))
            want_report = json.loads(read(os.path.join(case_dir, "expected.report.json")))
            if want_report != report:
                errors.append("report differs:\n" + diff(json.dumps(want_report, indent=2, sort_keys=True) + "\n",
                                                         json.dumps(report, indent=2, sort_keys=True) + "\n",
                                                         "expected.report.json", "report.json"))

        # Idempotence: the tool on its own output writes it back unchanged.
        again = os.path.join(tmp, "again")
        shutil.copytree(work, again)
        shutil.copytree(out, again, dirs_exist_ok=True)
        p, cmd = run_tool(args, again, sources, extra, "../out2", "../report2.json")
        if p.returncode != 0:
            errors.append("tool failed on its own output (%d): %s\n%s" % (p.returncode, " ".join(cmd), p.stderr))
        else:
            # Every file the first run wrote must be written again, or the loop below checks nothing.
            first, second = tree_files(out), tree_files(os.path.join(tmp, "out2"))
            if first != second:
                errors.append("not idempotent: the first run wrote %s, the second %s" % (first, second))
            for f in sorted(set(first) & set(second)):
                a, b = read(os.path.join(out, f)), read(os.path.join(tmp, "out2", f))
                if a != b:
                    errors.append("not idempotent:\n" + diff(a, b, "out/" + f, "out2/" + f))

        # The rewritten code compiles as the language it was written in.
        for s in sources:
            if s.endswith(".cu"):
                if not os.path.exists(NVCC):
                    print("note: %s not found: rewritten CUDA of %s not compiled" % (NVCC, name))
                    continue
                compiler = [NVCC, "-c", "-o", os.devnull]
            else:
                compiler = ["gcc", "-std=c99"] if s.endswith(".c") else ["g++", "-std=c++17"]
                compiler += ["-fsyntax-only", "-Werror=implicit-function-declaration"]
            cc = compiler + ["-I", args.runtime_include] + extra + [s]
            p = subprocess.run(cc, cwd=out, capture_output=True, text=True)
            if p.returncode != 0:
                errors.append("rewritten %s does not compile: %s\n%s" % (s, " ".join(cc), p.stderr))
    return errors


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", required=True)
    ap.add_argument("--cases", required=True)
    ap.add_argument("--default-rules", required=True)
    ap.add_argument("--runtime-include", required=True)
    ap.add_argument("--update", action="store_true")
    ap.add_argument("case", nargs="*")
    args = ap.parse_args()
    for attr in ("tool", "cases", "default_rules", "runtime_include"):
        setattr(args, attr, os.path.abspath(getattr(args, attr)))
    names = args.case or sorted(d for d in os.listdir(args.cases) if os.path.isdir(os.path.join(args.cases, d)))
    failed = skipped = 0
    for name in names:
        if not args.update and not os.path.exists(CUDA_RUNTIME_HEADER) and any(
                f.endswith(".cu") for f in case_sources(os.path.join(args.cases, name))):
            print("SKIP %s: a CUDA case needs the CUDA toolkit (%s not found)" % (name, CUDA_RUNTIME_HEADER))
            skipped += 1
            continue
        errors = check_case(args, name)
        print("%s %s" % ("FAIL" if errors else ("UPDATED" if args.update else "PASS"), name))
        for e in errors:
            print(e)
        failed += bool(errors)
    print("%d of %d cases failed, %d skipped" % (failed, len(names), skipped))
    if failed:
        return 1
    return SKIP if skipped == len(names) else 0


if __name__ == "__main__":
    sys.exit(main())
