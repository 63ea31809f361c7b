#!/usr/bin/env python3
"""Compiles translation units against autoscale's public headers the way users' builds do.

  strict LANG CC    header_strict.c as LANG (c or c++) with compiler CC under every standard the
                    header supports, warnings as errors, against the headers as installed (system
                    headers) and against a copy without the system-header pragma (so the headers
                    themselves are warning-free); links and runs each build, which must print
                    "header ok".
  features CC       header_feature_macros.c: _GNU_SOURCE defined after autoscale.h still works.
  old LANG CC       a file including autoscale.h under C89 / C++03 fails with exactly one error,
                    the header's #error naming the minimum standard.

Common arguments: --include DIR (runtime/include) --lib FILE (libautoscale.a) --src DIR
(tests/runtime) --work DIR. Exits 77 (skipped) when CC is not installed."""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

WARNINGS = ["-Wall", "-Wextra", "-Wpedantic", "-Wconversion", "-Wcast-qual", "-Werror"]
CXX_WARNINGS = ["-Wold-style-cast", "-Wzero-as-null-pointer-constant"]
STANDARDS = {
    "c": ["c99", "gnu99", "c11", "gnu11", "c17", "c2x"],
    "c++": ["c++11", "c++14", "c++17", "c++20", "c++2b"],
}
OLD = {"c": (["c89", "gnu89"], "needs C99 or later"), "c++": (["c++98", "c++03"], "needs C++11 or later")}


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def unpragmaed_copy(include, work):
    """The headers with their '#pragma GCC system_header' lines removed."""
    out = os.path.join(work, "include")
    shutil.copytree(include, out, dirs_exist_ok=True)
    for root, _, files in os.walk(out):
        for name in files:
            path = os.path.join(root, name)
            with open(path) as f:
                text = f.read()
            with open(path, "w") as f:
                f.write(re.sub(r"^#pragma GCC system_header\n", "", text, flags=re.M))
    return out


def strict(args, lang):
    src = os.path.join(args.src, "header_strict.c")
    plain = unpragmaed_copy(args.include, args.work)
    failed = 0
    for std in STANDARDS[lang]:
        flags = [f"-std={std}", "-ffp-contract=off"] + WARNINGS + (CXX_WARNINGS if lang == "c++" else [])
        exe = os.path.join(args.work, f"strict_{std}")
        for inc, link in ((args.include, True), (plain, False)):
            cmd = [args.cc, "-x", lang] + flags + ["-I", inc, src]
            cmd += ["-x", "none", *shlex.split(args.lib), "-o", exe] if link else ["-c", "-o", exe + ".o"]
            r = run(cmd)
            what = f"{args.cc} -std={std} ({'system headers' if inc == args.include else 'headers without the pragma'})"
            if r.returncode != 0 or r.stderr.strip():
                print(f"FAIL {what}:\n{' '.join(cmd)}\n{r.stderr}")
                failed += 1
                continue
            if link:
                p = run([exe], env=dict(os.environ, AUTOSCALE_SUMMARY="0"))
                if p.returncode != 0 or "header ok" not in p.stdout:
                    print(f"FAIL {what}: the program says\n{p.stdout}{p.stderr}")
                    failed += 1
                    continue
            print(f"ok   {what}")
    return failed


def features(args):
    src = os.path.join(args.src, "header_feature_macros.c")
    cmd = [args.cc, "-std=c99", "-Werror=implicit-function-declaration", "-Wall", "-Werror", "-I", args.include,
           "-c", src, "-o", os.path.join(args.work, "features.o")]
    r = run(cmd)
    if r.returncode != 0:
        print(f"FAIL _GNU_SOURCE after autoscale.h:\n{' '.join(cmd)}\n{r.stderr}")
        return 1
    print("ok   _GNU_SOURCE defined after autoscale.h still declares sincosf and M_PIf")
    return 0


def old(args, lang):
    stds, message = OLD[lang]
    src = os.path.join(args.work, "old." + ("c" if lang == "c" else "cpp"))
    with open(src, "w") as f:
        f.write('#include "autoscale/autoscale.h"\nint autoscale_old_standard_check;\n')
    failed = 0
    for std in stds:
        r = run([args.cc, f"-std={std}", "-I", args.include, "-c", src, "-o", os.devnull])
        errors = [line for line in r.stderr.splitlines() if re.search(r":\d+:\d+: (fatal )?error:", line)]
        if r.returncode == 0 or len(errors) != 1 or message not in errors[0]:
            print(f"FAIL -std={std}: want one error saying '{message}', got:\n{r.stderr}")
            failed += 1
        else:
            print(f"ok   -std={std}: {errors[0].strip()}")
    return failed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["strict", "features", "old"])
    ap.add_argument("lang_or_cc")
    ap.add_argument("cc", nargs="?")
    ap.add_argument("--include", required=True)
    ap.add_argument("--lib")
    ap.add_argument("--src", required=True)
    ap.add_argument("--work", required=True)
    args = ap.parse_args()
    lang, args.cc = (None, args.lang_or_cc) if args.mode == "features" else (args.lang_or_cc, args.cc)
    if shutil.which(args.cc) is None:
        print(f"skipped: {args.cc} is not installed")
        return 77
    os.makedirs(args.work, exist_ok=True)
    args.work = tempfile.mkdtemp(dir=args.work)
    try:
        if args.mode == "strict":
            failed = strict(args, lang)
        elif args.mode == "features":
            failed = features(args)
        else:
            failed = old(args, lang)
    finally:
        shutil.rmtree(args.work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
