#!/usr/bin/env bash
# Configures and builds build/ with Ninja; the README's commands and .ci/run call this.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/cmake/install-deps.sh"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build" -j"$(nproc)"
