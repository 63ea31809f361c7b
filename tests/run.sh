#!/usr/bin/env bash
# Builds everything in build/ (installing missing Debian packages first) and runs every test.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/cmake/build.sh"
ctest --test-dir "$root/build" --output-on-failure -j"$(nproc)"
