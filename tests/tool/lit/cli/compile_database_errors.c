// -p naming a build directory that does not exist, or whose compile_commands.json does not parse,
// is a bad option (exit 2, nothing written): LibTooling would parse every file without its flags,
// a different program from the one the build compiles.
// RUN: rm -rf %t && mkdir -p %t/broken && cp %s %t/input.c && cd %t
// RUN: %expect-exit 2 %autoscale-rewrite -p nobuild --out-dir out input.c 2> missing.txt
// RUN: FileCheck %s --check-prefix=MISSING --input-file missing.txt
// MISSING: error: -p nobuild: no such directory (it names the build directory holding compile_commands.json); nothing written
// RUN: printf '[{"directory": "%t", "command": "cc -c input.c", "file": "input.c"\n' > broken/compile_commands.json
// RUN: %expect-exit 2 %autoscale-rewrite -p broken --out-dir out input.c 2> broken.txt
// RUN: FileCheck %s --check-prefix=BROKEN --input-file broken.txt
// BROKEN: error: broken/compile_commands.json:2:1: Expected , or } after object property; nothing written
// RUN: not ls out
float twice(float x) { return x * 2.0f; }
