#!/usr/bin/env bash
# How much slower autoscale-rewrite is than Clang parsing the same files (the floor for any
# LibTooling tool): the examples plus generated random programs, rewritten with the default rules
# in one invocation, against one `clang-19 -fsyntax-only` over the same files, best of 3 runs each,
# in the same run. Goal: ratio <= 1.5. Then one generated function of a long sum, at three lengths,
# whose ratios should not grow with the length. A speed report, not a test.
#
# Usage: tests/bench/rewrite_speed.sh [BUILD_DIR (default build)] [GENERATED_PROGRAMS (default 100)]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
count=${2:-100}
tool=$build/bin/autoscale-rewrite
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=tests/bench/timing.sh
source "$root/tests/bench/timing.sh"

for seed in $(seq 1 "$count"); do
  python3 "$root/tests/differential/gen_program.py" "$seed" -o "$work/prog_$seed.c"
done
# Copies of the examples beside the generated programs, so that every file shares one root.
cp -r "$root/examples/mlp" "$root/examples/solver" "$work/"
files=("$work/mlp/mlp.cpp" "$work/mlp/data.cpp" "$work/solver/solver.c" "$work/solver/problem.c"
       "$work"/prog_*.c)
includes=(-I "$work/mlp" -I "$work/solver")


clang_s=$(best_of 3 clang-19 -fsyntax-only -w "${includes[@]}" "${files[@]}")
tool_s=$(best_of 3 "$tool" --rules "$root/rules/default.yaml" --out-dir "$work/out" \
  --report "$work/report.json" "${files[@]}" -- "${includes[@]}" 2>"$work/tool.log") || {
  cat "$work/tool.log"
  exit 1
}
printf 'files: %d (4 example sources + %d generated programs)\n' "${#files[@]}" "$count"
printf 'clang-19 -fsyntax-only: %.3f s\n' "$clang_s"
printf 'autoscale-rewrite:      %.3f s (%s)\n' "$tool_s" "$(tail -1 "$work/tool.log")"
printf 'ratio: %.2fx (goal <= 1.5x)\n' "$(ratio "$tool_s" "$clang_s")"

# Generated numerical code (symbolic-math output, finite-element kernels): one function holding a
# long sum of products. Its cost must grow with the sum's length, not with its square.
for terms in 500 1000 2000; do
  python3 - "$work/sum_$terms.c" "$terms" <<'PY'
import random, sys
path, n = sys.argv[1], int(sys.argv[2])
random.seed(n)
terms = " +\n    ".join(f"{random.uniform(-2, 2):.6f}f * x[{i}] * y[{(i * 7) % n}]" for i in range(n))
open(path, "w").write(f"float f(const float *x, const float *y) {{\n  float s = {terms};\n  return s;\n}}\n")
PY
  clang_s=$(best_of 3 clang-19 -fsyntax-only -w "$work/sum_$terms.c")
  tool_s=$(best_of 3 "$tool" --rules "$root/rules/default.yaml" --out-dir "$work/out_sum_$terms" \
    "$work/sum_$terms.c" -- 2>"$work/tool.log") || { cat "$work/tool.log"; exit 1; }
  printf 'one sum of %d terms: clang-19 %.3f s, autoscale-rewrite %.3f s, ratio %.1fx\n' \
    "$terms" "$clang_s" "$tool_s" "$(ratio "$tool_s" "$clang_s")"
done
