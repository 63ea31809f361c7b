# shellcheck shell=bash
# Timing helpers the speed scripts source (bash 5: EPOCHREALTIME).

# best_of N COMMAND...: the smallest wall time, in seconds, of N runs of COMMAND (output discarded).
best_of() {
  local n=$1 best="" t0 t
  shift
  for ((i = 0; i < n; i++)); do
    t0=$EPOCHREALTIME
    "$@" >/dev/null
    t=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.6f", b - a }')
    best=$(awk -v a="$t" -v b="${best:-$t}" 'BEGIN { print (a < b) ? a : b }')
  done
  echo "$best"
}

# ratio A B: A / B with two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
