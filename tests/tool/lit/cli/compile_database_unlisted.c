// A source the compilation database does not list (a file added since the build was configured)
// is parsed with the command LibTooling infers from a listed neighbour, which ends in `-- FILE`:
// the tool's own flags go before that `--`, so the file is rewritten as a listed one is, with
// the neighbour's -D (here the type the code computes in).
// RUN: rm -rf %t && mkdir -p %t/build %t/src && cp %s %t/src/input.c && cd %t
// RUN: echo 'double listed(double x) { return x; }' > src/listed.c
// RUN: printf '[{"directory": "%t", "command": "cc -DREAL=double -c src/listed.c", "file": "src/listed.c"}]\n' > build/compile_commands.json
// RUN: %autoscale-rewrite -p build --rules %rules/default.yaml --out-dir out src/input.c 2> err.txt
// RUN: FileCheck %s --input-file out/src/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file err.txt --implicit-check-not=error
// CHECK: REAL scaled(REAL x, REAL s) { return autoscale_mul_d
// SUMMARY: 1 float operation in 1 file: 1 cast fp16, 0 kept, 0 skipped{{.*}}
REAL scaled(REAL x, REAL s) { return x * s; }
