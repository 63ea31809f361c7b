#!/usr/bin/env bash
# The main job, on the built-in examples: build autoscale, rewrite the MLP trainer with the default
# rules (FP8 E4M3 products with delayed scaling, FP16 elementwise arithmetic), compile it against
# the runtime with pkg-config, run it beside the untouched FP32 original, and print both losses
# and the runtime's site report. Then the same for the solver, its inner CG in FP8 E4M3
# (examples/solver/fp8.yaml).
#
# Usage: bash examples/demo.sh          (as root on Debian 12: installs what is missing)
# Outputs: build/demo/<example>/{rewritten/, rewrite.json, report.json, fp32.txt, rewritten.txt}
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
demo=$build/demo

bash "$root/cmake/build.sh"
export PKG_CONFIG_PATH=$build/pkgconfig
tool=$build/bin/autoscale-rewrite

# metrics ERE FILE: the lines of FILE that start with ERE, on one line.
metrics() { grep -E "^($1) " "$2" | paste -sd ';' | sed 's/;/; /g'; }

# demo_example NAME RULES COMPILER STD PROGRAM_SOURCE KEPT_SOURCE METRICS
#   rewrites PROGRAM_SOURCE (KEPT_SOURCE, the data and scoring, is compiled as it is), builds both
#   programs, runs them and prints the lines starting with METRICS (an ERE) side by side.
demo_example() {
  local name=$1 rules=$2 compiler=$3 std=$4 source=$5 kept=$6 metric=$7
  local src=$root/examples/$name out=$demo/$name
  rm -rf "$out" && mkdir -p "$out"
  echo
  echo "== $name: autoscale-rewrite --rules ${rules#"$root"/} examples/$name/$source"
  "$tool" --rules "$rules" --out-dir "$out/rewritten" --report "$out/rewrite.json" \
    "$src/$source" -- "$std" -I "$src"
  local rewritten
  rewritten=$(find "$out/rewritten" -name "$source" -print -quit)
  # shellcheck disable=SC2046 # pkg-config prints several words on purpose
  "$compiler" "$std" -O2 -I "$src" $(pkg-config --cflags autoscale) "$rewritten" "$src/$kept" \
    $(pkg-config --libs autoscale) -o "$out/rewritten.exe"
  "$compiler" "$std" -O2 -I "$src" "$src/$source" "$src/$kept" -lm -o "$out/fp32.exe"
  "$out/fp32.exe" >"$out/fp32.txt"
  echo "-- runtime summary (stderr of the rewritten program):"
  AUTOSCALE_REPORT=$out/report.json "$out/rewritten.exe" >"$out/rewritten.txt"
  echo "-- $name results:"
  printf '  %-40s %s\n' "original (fp32):" "$(metrics "$metric" "$out/fp32.txt")" \
    "rewritten (${rules#"$root"/}):" "$(metrics "$metric" "$out/rewritten.txt")"
  echo "  per-site report: ${out#"$root"/}/report.json; rewrite decisions: ${out#"$root"/}/rewrite.json"
}

demo_example mlp "$root/rules/default.yaml" c++ -std=c++17 mlp.cpp data.cpp "final loss"
demo_example solver "$root/examples/solver/fp8.yaml" cc -std=c99 solver.c problem.c \
  "sweeps|relative residual|max error"
