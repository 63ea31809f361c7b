#!/usr/bin/env bash
# What emulation costs: the MLP example rewritten by autoscale-rewrite and compiled against the
# runtime, against the FP32 original, both at -O2, best of 5 runs each, in the same run: under the
# default rules (dot-product multiplies FP8 E4M3 with delayed scaling, elementwise arithmetic FP16)
# and under rules/passthrough.yaml (every operation rewritten at FP32). Goals: <= 3x and <= 1.5x.
# And the pass-through with `statistics: amax`, whose fp32 sites record nothing: what the rewrite
# itself costs, without the diagnosis. A speed report, not a test.
#
# Usage: tests/bench/emulation_overhead.sh [BUILD_DIR (default build)] [EPOCHS (default 100)]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
epochs=${2:-100}
src=$root/examples/mlp
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=tests/bench/timing.sh
source "$root/tests/bench/timing.sh"
export PKG_CONFIG_PATH=$build/pkgconfig AUTOSCALE_SUMMARY=0

c++ -std=c++17 -O2 -I "$src" "$src/mlp.cpp" "$src/data.cpp" -lm -o "$work/fp32"
fp32_s=$(best_of 5 "$work/fp32" "$epochs")
printf 'MLP, %d epochs, -O2\n' "$epochs"
printf 'original (fp32):          %.3f s\n' "$fp32_s"
cp "$root/rules/"{default,passthrough}.yaml "$work/"
{ cat "$root/rules/passthrough.yaml"; printf 'overrides:\n  - name: statistics-amax\n    set: {statistics: amax}\n'; } \
  >"$work/passthrough_amax.yaml"
for rules in default passthrough passthrough_amax; do
  "$build/bin/autoscale-rewrite" --rules "$work/$rules.yaml" --out-dir "$work/$rules" \
    --report "$work/$rules.json" "$src/mlp.cpp" -- -std=c++17 -I "$src" >/dev/null
  rewritten=$(find "$work/$rules" -name mlp.cpp -print -quit)
  # shellcheck disable=SC2046 # pkg-config prints several words on purpose
  c++ -std=c++17 -O2 -I "$src" $(pkg-config --cflags autoscale) "$rewritten" "$src/data.cpp" \
    $(pkg-config --libs autoscale) -o "$work/emulated_$rules"
  emulated_s=$(best_of 5 "$work/emulated_$rules" "$epochs")
  printf 'rewritten (%s rules): %.3f s, ratio %.2fx\n' "$rules" "$emulated_s" "$(ratio "$emulated_s" "$fp32_s")"
done
