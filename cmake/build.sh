#!/usr/bin/env bash
# Configures and builds build/ with Ninja; the README's commands and .ci/run call this.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/cmake/install-deps.sh"
# AUTOSCALE_WERROR=ON (as CI sets it) makes warnings in autoscale's own sources errors.
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DAUTOSCALE_WERROR="${AUTOSCALE_WERROR:-OFF}" >/dev/null
cmake --build "$root/build" -j"$(nproc)"
