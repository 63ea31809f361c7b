#!/usr/bin/env bash
# The .deb on a machine that has never seen autoscale: builds build/autoscale_*.deb (cpack -G DEB),
# debootstraps a fresh Debian 12 (minbase), installs the package there with apt (its dependencies
# from the mirror), then, inside, runs the README's "Using it on your code" commands with the
# installed tool on a small C program, and builds C consumers with CMake (static and shared).
# Slow (a few hundred MB from the mirror), so ctest does not run it. As root:
#   bash tests/install/deb_in_chroot.sh [build-dir]
# AUTOSCALE_MIRROR overrides the mirror (default: the first bookworm one in /etc/apt/sources.list*);
# AUTOSCALE_CHROOT=<dir> keeps the chroot there instead of a temporary folder removed at the end.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)

mirror=${AUTOSCALE_MIRROR:-$(
  # One-line "deb URI bookworm ..." entries, then deb822 stanzas listing bookworm in Suites.
  { grep -hE '^deb +(\[[^]]*\] +)?[a-z]+://[^ ]+ +bookworm ' /etc/apt/sources.list 2>/dev/null |
      sed -E 's/^deb +(\[[^]]*\] +)?([^ ]+).*/\2/'
    cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
      awk '/^URIs:/ {u=$2} /^Suites:/ && / bookworm( |$)/ {print u} /^$/ {u=""}'
  } | head -n 1)}
[ -n "$mirror" ] || { echo "no bookworm mirror in /etc/apt/sources.list*; set AUTOSCALE_MIRROR" >&2; exit 1; }

step() { printf '\n=== %s\n' "$*"; }

step "build and package ($build)"
cmake --build "$build"
(cd "$build" && rm -f autoscale_*.deb && cpack -G DEB >/dev/null)
deb=$(ls "$build"/autoscale_*.deb)
dpkg-deb -f "$deb" Package Version Depends Recommends Suggests

command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap >/dev/null
chroot_dir=${AUTOSCALE_CHROOT:-$(mktemp -d /tmp/autoscale-bookworm.XXXXXX)}
cleanup() {
  umount "$chroot_dir/proc" 2>/dev/null || true
  [ -n "${AUTOSCALE_CHROOT:-}" ] || rm -rf "$chroot_dir"
}
trap cleanup EXIT

step "debootstrap --variant=minbase bookworm $chroot_dir $mirror"
rm -rf "$chroot_dir" && mkdir -p "$chroot_dir"
debootstrap --variant=minbase bookworm "$chroot_dir" "$mirror" >"$chroot_dir.debootstrap.log" 2>&1 ||
  { tail -n 30 "$chroot_dir.debootstrap.log"; exit 1; }
rm -f "$chroot_dir.debootstrap.log"
mount -t proc proc "$chroot_dir/proc"
cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf"
mkdir -p "$chroot_dir/proj/src" "$chroot_dir/proj/build" "$chroot_dir/consumers"
cp "$deb" "$chroot_dir/tmp/"
cp "$here/consumers/numeric.c" "$chroot_dir/proj/src/"
cp "$here/consumers/CMakeLists.txt" "$here/consumers/numeric.c" "$chroot_dir/consumers/"
# What "your-build-dir" holds for -p: the project's compilation database.
cat >"$chroot_dir/proj/build/compile_commands.json" <<'EOF'
[{"directory": "/proj", "command": "cc -std=c99 -O2 -c src/numeric.c -o build/numeric.o", "file": "src/numeric.c"}]
EOF

in_chroot() { chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
  DEBIAN_FRONTEND=noninteractive /bin/bash -euo pipefail -c "$1"; }

step "apt install ./$(basename "$deb") (with its Recommends, as apt does by default)"
in_chroot "apt-get update -qq && cd /tmp && apt-get install -y -qq ./$(basename "$deb") >/tmp/apt.log 2>&1 ||
  { tail -n 40 /tmp/apt.log; exit 1; }; grep -E '^(Setting up|Unpacking) autoscale' /tmp/apt.log"

step "the README's commands, with the installed tool"
in_chroot '
cd /proj
set -x
autoscale-rewrite -p build --rules /usr/share/autoscale/rules/default.yaml --out-dir rewritten/ src/*.c
cc -O2 $(pkg-config --cflags autoscale) rewritten/src/*.c $(pkg-config --libs autoscale) -lm -o app
AUTOSCALE_REPORT=report.json ./app
test -s report.json
cc -O2 src/numeric.c -lm -o original && ./original
autoscale-rewrite -p build --out-dir rewritten-default-rules/ src/*.c   # the rules it ships, found by itself
cmp rewritten/src/numeric.c rewritten-default-rules/src/numeric.c'

step "the static library: pkg-config and C consumers with CMake (with the Suggests: libdnnl-dev...)"
in_chroot '
apt-get install -y -qq cmake make libdnnl-dev ocl-icd-opencl-dev >/dev/null 2>&1
cd /proj
(set -x; cc -O2 $(pkg-config --cflags autoscale-static) rewritten/src/*.c $(pkg-config --libs autoscale-static) -lm -o app-static)
AUTOSCALE_SUMMARY=0 ./app-static
for target in autoscale::autoscale autoscale::autoscale_static; do
  rm -rf /tmp/c-consumer
  cmake -S /consumers -B /tmp/c-consumer -DCONSUMER_LANG=C -DCONSUMER_SOURCE=/proj/rewritten/src/numeric.c \
    -DCONSUMER_TARGET=$target "-DCONSUMER_FLAGS=-std=c99 -Wall -Wextra -Werror -Wpedantic -Wstrict-prototypes" >/dev/null
  cmake --build /tmp/c-consumer >/dev/null
  echo "$target:"; AUTOSCALE_SUMMARY=0 /tmp/c-consumer/consumer
done'
step "done: the .deb installed and worked in a fresh Debian 12"
