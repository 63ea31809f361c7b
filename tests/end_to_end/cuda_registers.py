#!/usr/bin/env python3
"""Registers and spills of the CUDA trainer's kernels, rewritten, read from ptxas (no GPU needed).

  cuda_registers.py --tool T --nvcc NVCC --include-dir DIR --source train_gpt2.cu --rules NAME=YAML...

Compiles the trainer as written and each rewrite for sm_90 with `-Xptxas -v` and checks, per
kernel: a pass-through rewrite (a rule file whose name starts with `passthrough`) uses exactly the
original's registers (a site at fp32 is the plain operation); every rewrite stays within 64
registers a thread where the original did (so a 1024-thread block still launches), spills nothing
and keeps no stack frame (a thread's array moved to local memory) where the original did neither. tests/gpu/run.sh checks the launches themselves on a
GPU (cudaFuncGetAttributes); this catches a regression where there is none.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def kernel_resources(nvcc, args):
    """{kernel: (registers, spill bytes, stack frame bytes)} from ptxas -v for sm_90."""
    out = subprocess.run([nvcc, "-c", "-O2", "-arch=sm_90", "-Xptxas", "-v", *args], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("nvcc failed:\n" + out.stderr)
    found, name = {}, None
    for line in out.stderr.splitlines():
        m = re.search(r"Compiling entry function '(\w+)'", line)
        if m:
            name = m.group(1)
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores", line)
        if m and name:
            found[name] = [0, int(m.group(2)), int(m.group(1))]
        m = re.search(r"Used (\d+) registers", line)
        if m and name in found:
            found[name][0] = int(m.group(1))
            name = None
    return {k: tuple(v) for k, v in found.items()}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tool", required=True)
    p.add_argument("--nvcc", required=True)
    p.add_argument("--include-dir", required=True)
    p.add_argument("--source", required=True)
    p.add_argument("--rules", action="append", required=True, help="NAME=rules.yaml")
    a = p.parse_args()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        original = kernel_resources(a.nvcc, [a.source, "-o", os.path.join(tmp, "original.o")])
        for spec in a.rules:
            name, rules = spec.split("=", 1)
            out_dir = os.path.join(tmp, name)
            subprocess.run([os.path.abspath(a.tool), "--rules", os.path.abspath(rules), "--out-dir", out_dir,
                            os.path.basename(a.source), "--"], check=True,
                           cwd=os.path.dirname(os.path.abspath(a.source)), stdout=subprocess.DEVNULL)
            rewritten = kernel_resources(a.nvcc, ["-I", a.include_dir, os.path.join(out_dir, os.path.basename(a.source)),
                                                  "-o", os.path.join(tmp, name + ".o")])
            for kernel, (regs, spill, stack) in sorted(original.items()):
                new_regs, new_spill, new_stack = rewritten.get(kernel, (None, None, None))
                short = re.sub(r"^_Z\d+", "", kernel)[:40]
                print(f"{name:14s} {short:40s} registers {regs:3d} -> {new_regs}, spill {spill} -> {new_spill}, "
                      f"stack {stack} -> {new_stack}")
                if new_regs is None:
                    failures.append(f"{name}: {short}: not in the rewrite's ptxas output")
                elif name.startswith("passthrough") and (new_regs, new_spill, new_stack) != (regs, spill, stack):
                    failures.append(f"{name}: {short}: {new_regs} registers, {new_spill} spilled, stack {new_stack}; "
                                    f"the original {regs}, {spill}, {stack}")
                elif regs <= 64 < new_regs or (spill == 0 < new_spill) or (spill == stack == 0 < new_stack):
                    failures.append(f"{name}: {short}: {new_regs} registers, {new_spill} bytes spilled, "
                                    f"{new_stack} bytes of stack")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
