#!/usr/bin/env bash
# Installs the Debian 12 packages autoscale builds with, when any is missing. Run as root.
set -euo pipefail
packages=(build-essential cmake ninja-build pkg-config git python3
          clang-19 libclang-19-dev llvm-19-dev llvm-19-tools
          libyaml-cpp-dev libgtest-dev libgmock-dev libbenchmark-dev
          libdnnl-dev ocl-icd-opencl-dev  # oneDNN's CMake package requires OpenCL
          libopenblas-dev)                # the matmul benchmark's SGEMM baseline
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "autoscale: installing ${missing[*]}" >&2
  if [ "$(id -u)" -ne 0 ]; then
    echo "autoscale: missing Debian packages and not root; run: apt-get install ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
