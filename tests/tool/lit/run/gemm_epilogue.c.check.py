"""Compares the values two runs of gemm_epilogue.c printed: the relative RMS difference of each
array must stay within what e4m3 products allow (each product's operands carry up to 2^-4
relative error) and be nonzero (the products were scaled), except for the arrays named after
the two files, which must be equal (the loops ran as written).

  gemm_epilogue.c.check.py ORIGINAL SCALED [EXACT...]"""
import math
import sys


def values(path):
    out = {}
    for line in open(path):
        name, value = line.split(" = ")
        out.setdefault(name.split("[")[0], []).append(float.fromhex(value.strip()))
    return out


original, scaled = values(sys.argv[1]), values(sys.argv[2])
for name, ref in original.items():
    got = scaled[name]
    error = math.sqrt(sum((a - b) ** 2 for a, b in zip(ref, got)) / len(ref))
    size = math.sqrt(sum(a * a for a in ref) / len(ref))
    print(f"{name}: relative RMS difference {error / size:.4f}")
    if name in sys.argv[3:]:
        if got != ref:
            sys.exit(f"{name}: differs from the original")
    elif not 0 < error / size < 0.1:
        sys.exit(f"{name}: {error / size} is outside (0, 0.1)")
