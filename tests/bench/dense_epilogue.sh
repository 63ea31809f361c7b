#!/usr/bin/env bash
# Dense layers whose stores apply the bias and an activation (tests/bench/dense_layers.c: a
# transformer MLP, 128 x 768 -> 3072 -> 768, written as plain C loops), rewritten under the
# default rules and pass-through, against the FP32 original at -O2 -fopenmp: the best of 5 runs
# each, on 1 and 2 OpenMP threads, in the same run, and each build's checksum (pass-through must
# print the original's). A speed report, not a test.
#
# Usage: tests/bench/dense_epilogue.sh [BUILD_DIR (default build)] [STEPS (default 4)]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
steps=${2:-4}
src=$root/tests/bench/dense_layers.c
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=tests/bench/timing.sh
source "$root/tests/bench/timing.sh"
export PKG_CONFIG_PATH=$build/pkgconfig AUTOSCALE_SUMMARY=0

cc -O2 -fopenmp "$src" -lm -o "$work/fp32"
for rules in default passthrough; do
  "$build/bin/autoscale-rewrite" --rules "$root/rules/$rules.yaml" --out-dir "$work/$rules.src" "$src" -- -fopenmp >/dev/null
  # shellcheck disable=SC2046 # pkg-config prints several words on purpose
  cc -O2 -fopenmp $(pkg-config --cflags autoscale) "$(find "$work/$rules.src" -name dense_layers.c -print -quit)" \
    $(pkg-config --libs autoscale) -lm -o "$work/$rules"
done
printf 'dense layers, %d steps, -O2\n' "$steps"
for threads in 1 2; do
  export OMP_NUM_THREADS=$threads
  fp32_s=$(best_of 5 "$work/fp32" "$steps")
  original=$("$work/fp32" "$steps")
  printf '%d thread(s): original (fp32) %.3f s, %s\n' "$threads" "$fp32_s" "$original"
  for rules in default passthrough; do
    s=$(best_of 5 "$work/$rules" "$steps")
    printf '  %s rules: %.3f s, ratio %.2fx, %s\n' "$rules" "$s" "$(ratio "$s" "$fp32_s")" "$("$work/$rules" "$steps")"
  done
  if [ "$("$work/passthrough" "$steps")" = "$original" ]; then
    echo "  pass-through: the original's checksum"
  else
    echo "  pass-through: NOT the original's checksum" >&2
    exit 1
  fi
done
