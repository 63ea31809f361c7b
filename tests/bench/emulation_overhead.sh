#!/usr/bin/env bash
# What emulation costs: the MLP example rewritten with the default rules (every dot-product
# multiply FP8 E4M3 with delayed scaling, elementwise arithmetic FP16, all emulated on the CPU by
# the runtime) against the FP32 original, both at -O2, best of 3 runs each, in the same run.
# Goal: ratio <= 5. A speed report, not a test.
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

"$build/bin/autoscale-rewrite" --rules "$root/rules/default.yaml" --out-dir "$work/rewritten" \
  --report "$work/rewrite.json" "$src/mlp.cpp" -- -std=c++17 -I "$src" >/dev/null
rewritten=$(find "$work/rewritten" -name mlp.cpp -print -quit)
# shellcheck disable=SC2046 # pkg-config prints several words on purpose
c++ -std=c++17 -O2 -I "$src" $(pkg-config --cflags autoscale) "$rewritten" "$src/data.cpp" \
  $(pkg-config --libs autoscale) -o "$work/emulated"
c++ -std=c++17 -O2 -I "$src" "$src/mlp.cpp" "$src/data.cpp" -lm -o "$work/fp32"

fp32_s=$(best_of 3 "$work/fp32" "$epochs")
emulated_s=$(best_of 3 "$work/emulated" "$epochs")
printf 'MLP, %d epochs, -O2\n' "$epochs"
printf 'original (fp32):                     %.3f s\n' "$fp32_s"
printf 'rewritten (default rules, emulated): %.3f s\n' "$emulated_s"
printf 'ratio: %.1fx (goal <= 5x)\n' "$(ratio "$emulated_s" "$fp32_s")"
