#!/usr/bin/env bash
# The checks that need a GPU, in two halves, so that a short lease of a GPU machine runs only the
# second:
#   tests/gpu/run.sh build   here, after `bash cmake/build.sh` (the rewriter, the lit suite's
#                            configuration): builds every GPU program into build/gpu/ (about 40
#                            MB: the runtime without oneDNN, so that nothing but the CUDA driver,
#                            cuBLAS and the C/C++ runtimes is needed where it runs)
#   tests/gpu/run.sh run     where the GPU is: runs them (under 5 minutes on an H100), prints
#                            every result and a verdict per check, and copies the log to $OUT when
#                            that is set; exits 1 if a check failed. Without a GPU it says so and
#                            exits 0.
# What runs: the runtime's CUDA tests (conversions against the GPU's instructions, the array
# kernels, the FP8 product), the device rounding and device scaling programs of the lit suite,
# the CUDA GPT-2 trainer (examples/gpt2/train_gpt2.cu) and its rewrites under the shipped rules
# (registers and launches of every kernel, pass-through bits, losses against FP32, step times; its
# cuBLAS products run as the runtime's scaled ones under every rule file but pass-through, e4m3
# ones on FP8 tensor cores, as the report's "products" say), the rewritten cuBLAS calls against
# cuBLAS (cublas_sites_cuda_test), the CUDA kernels' benchmark (autoscale_bench_cuda) against
# cuBLAS FP32 and BF16 and a device copy, each kernel's time in a gpt2s step (ncu, FP32 and
# default.yaml) and compute-sanitizer's memcheck and initcheck over two steps of the rewritten
# trainer.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
gpu=$root/build/gpu
variants="passthrough default bf16 fp16 e4m3_unscaled"
# The default rules with one change to their matrix products, run on the tiny config beside them to
# show what the products' precision costs (measurements, not checks).
probes="default_gemm_margin4 default_attention_fp32 default_gradients_e5m2"

rules_of() {
  case $1 in
    e4m3_unscaled) echo "$root/tests/end_to_end/gpt2_e4m3_unscaled.yaml" ;;
    default_*) echo "$gpu/rules/$1.yaml" ;;
    *) echo "$root/rules/$1.yaml" ;;
  esac
}

# default.yaml with the given overrides first (the first that matches decides).
probe_rules() {  # NAME OVERRIDES (YAML list items, \n between lines)
  mkdir -p "$gpu/rules"
  awk -v rules="$2" '/^  - name: gemm-current-scaling/ { printf "%s", rules } { print }' "$root/rules/default.yaml" \
    >"$gpu/rules/$1.yaml"
}
write_probe_rules() {
  local item='  - name: probe-%s\n    match: {op: matmul, function: %s}\n    set: %s\n'
  probe_rules default_gemm_margin4 '  - name: probe\n    match: {op: matmul}\n    set: {strategy: current, margin: 4}\n'
  probe_rules default_attention_fp32 "$(printf "$item" attention_forward attention_forward '{action: keep}')
$(printf "$item" attention_backward attention_backward '{action: keep}')
"
  probe_rules default_gradients_e5m2 "$(printf "$item" matmul_backward matmul_backward '{strategy: current, format: e5m2}')
$(printf "$item" attention_backward attention_backward '{strategy: current, format: e5m2}')
"
}

build() {
  set -e
  local tool=$root/build/bin/autoscale-rewrite
  [ -x "$tool" ] || { echo "tests/gpu/run.sh: build the rewriter first: bash cmake/build.sh" >&2; exit 2; }
  cd "$root"  # the rewriter writes each input under --out-dir at its path from here
  rm -rf "$gpu/bin" "$gpu/gpt2" && mkdir -p "$gpu/bin" "$gpu/gpt2"
  write_probe_rules
  cmake -S "$root" -B "$gpu/cmake" -G Ninja -DCMAKE_BUILD_TYPE=Release -DAUTOSCALE_BUILD_TOOL=OFF \
    -DAUTOSCALE_CUDA=ON -DCMAKE_DISABLE_FIND_PACKAGE_dnnl=ON >/dev/null
  local targets="format_cuda_test kernels_cuda_test matmul_cuda_test cublas_sites_cuda_test autoscale_bench_cuda"
  cmake --build "$gpu/cmake" --target autoscale autoscale_cuda $targets
  for t in $targets; do cp "$gpu/cmake/bin/$t" "$gpu/bin/"; done
  export PKG_CONFIG_PATH=$gpu/cmake/pkgconfig
  local link
  link=$(pkg-config --libs --static autoscale-cuda)

  # The lit suite's CUDA programs, linked with this runtime (lit.cfg.py reads the variable).
  AUTOSCALE_LIT_PKGCONFIG_DIR=$gpu/cmake/pkgconfig python3 /usr/lib/llvm-19/build/utils/lit/lit.py -q \
    "$root/build/tests/tool/lit" --filter 'cuda_device_'
  local out=$root/build/tests/tool/lit/run/Output
  cp "$out/cuda_device_rounding.cu.tmp/device_rounding" "$out/cuda_device_scaling.cu.tmp/device_scaling" "$gpu/bin/"

  # The trainer as written (FP32) and rewritten, all with -fmad=false so that pass-through can
  # be compared bit for bit.
  local nvflags="-O2 -arch=sm_90 -fmad=false -I$root/runtime/include"
  nvcc $nvflags "$root/examples/gpt2/train_gpt2.cu" "$root/examples/gpt2/data.c" -lcublas -o "$gpu/bin/train_gpt2_fp32"
  for v in $variants $probes; do
    "$tool" --rules "$(rules_of "$v")" --out-dir "$gpu/gpt2/$v" --report "$gpu/gpt2/$v/rewrite.json" \
      examples/gpt2/train_gpt2.cu -- | tail -1
    nvcc $nvflags -Xptxas -warn-spills "$gpu/gpt2/$v/examples/gpt2/train_gpt2.cu" "$root/examples/gpt2/data.c" $link -lcublas \
      -o "$gpu/bin/train_gpt2_$v"
  done
  mkdir -p "$gpu/bin/lib" && cp -L "$(gcc -print-file-name=libgomp.so.1)" "$gpu/bin/lib/"
  du -sh "$gpu/bin"
  echo "tests/gpu/run.sh: built; on the GPU machine run: bash tests/gpu/run.sh run (carry build/gpu/bin)"
}

failures=0
check() {  # check NAME CONDITION-EXIT-STATUS
  if [ "$2" -eq 0 ]; then echo "GPU CHECK PASS: $1"; else echo "GPU CHECK FAIL: $1"; failures=$((failures + 1)); fi
}

# The value after `key` on the line of a trainer's output that holds it.
field() { grep -o "$2 [^ ]*" "$1" | tail -1 | cut -d' ' -f"$3"; }

run_checks() {
  local bin=$gpu/bin log=${TMPDIR:-/tmp}/autoscale-gpu
  rm -rf "$log" && mkdir -p "$log"
  if ! nvidia-smi -L >/dev/null 2>&1; then
    echo "tests/gpu/run.sh: skipped: no GPU (nvidia-smi finds none)"
    return 0
  fi
  nvidia-smi -L
  # The toolkit's libraries, then the OpenMP runtime the build carries in case the machine has none.
  export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}:/usr/local/cuda/lib64:$bin/lib AUTOSCALE_SUMMARY=1
  export PATH=$PATH:/usr/local/cuda/bin  # ncu and compute-sanitizer

  timeout 60 "$bin/device_rounding" | tee "$log/device_rounding.txt"
  grep -q "operands 131072: 0 differences" "$log/device_rounding.txt"
  check "device rounding equals the host's" $?
  (cd "$log" && AUTOSCALE_REPORT=scaling.json timeout 60 "$bin/device_scaling") | tee "$log/device_scaling.txt"
  ! grep -q MISMATCH "$log/device_scaling.txt" && [ "$(grep -c "step 3: scale 4: " "$log/device_scaling.txt")" = 2 ]
  check "a device site calibrates, then scales from its amax (e4m3, bits as CUDA's conversion)" $?
  # The kernel of one product a thread counts at each value, the grid-stride loop in its
  # registers (AUTOSCALE_KERNEL_SITES): over the same products, the same amax and counters.
  python3 - "$log/scaling.json" <<'EOF'
import json, sys
sites = [s for s in json.load(open(sys.argv[1]))["sites"] if s.get("device")]
print("device sites in the report:", [(s["line"], s["slots"][-1]["scale"], s["slots"][-1]["amax"], s["counters"]) for s in sites])
same = len(sites) == 2 and sites[0]["counters"] == sites[1]["counters"] and \
    sites[0]["slots"][-1]["amax"] == sites[1]["slots"][-1]["amax"]
scaled = all(s["slots"][-1]["scale"] == 4 for s in sites)
sys.exit(0 if same and scaled and sites[0]["counters"]["underflows"] > 0 else 1)
EOF
  check "both device sites scale from their amax; a loop's tallies equal the per-value counts" $?

  # Every kernel of every variant launches with its block size; registers and local memory.
  for v in fp32 $variants; do
    timeout 30 "$bin/train_gpt2_$v" --kernels >"$log/kernels_$v.txt" 2>&1
    check "train_gpt2 $v: every kernel launches" $?
  done
  echo "kernel, then registers and local bytes: fp32, passthrough, default"
  paste -d' ' <(awk '/^kernel /{print $2, $4, $6}' "$log/kernels_fp32.txt") \
    <(awk '/^kernel /{print $4, $6}' "$log/kernels_passthrough.txt") <(awk '/^kernel /{print $4, $6}' "$log/kernels_default.txt")

  # Tiny config, 40 steps: final losses against FP32; pass-through's weights bit for bit.
  for v in fp32 $variants; do
    AUTOSCALE_REPORT=$log/report_$v.json timeout 120 "$bin/train_gpt2_$v" --time >"$log/tiny_$v.txt" 2>&1
    echo "tiny $v: $(grep -E '^final|fingerprint|time per step' "$log/tiny_$v.txt" | tr '\n' ' ')"
  done
  # Every e4m3 cuBLAS product ran on FP8 tensor cores (the report's "products" of each site).
  python3 - "$log/report_default.json" <<'EOF'
import json, sys
sites = [s for s in json.load(open(sys.argv[1]))["sites"] if "products" in s]
for s in sites: print("products of %s:%d: %s" % (s["file"], s["line"], s["products"]))
sys.exit(0 if sites and all(s["products"]["fp8_tensor_cores"] == s["products"]["calls"] for s in sites) else 1)
EOF
  check "tiny default: every e4m3 cuBLAS product on FP8 tensor cores" $?
  grep '^autoscale:' "$log/tiny_default.txt" | head -12  # the device sites' summary
  for v in $probes; do
    timeout 120 "$bin/train_gpt2_$v" --time >"$log/tiny_$v.txt" 2>&1
    echo "tiny $v (a probe): $(grep -E '^final|time per step' "$log/tiny_$v.txt" | tr '\n' ' ')"
  done
  # The default rules' products as bf16 values (FP32 accumulation) instead of on FP8 tensor cores.
  AUTOSCALE_CUDA_FP8=0 timeout 120 "$bin/train_gpt2_default" --time >"$log/tiny_default_no_fp8.txt" 2>&1
  echo "tiny default, AUTOSCALE_CUDA_FP8=0 (a probe): $(grep -E '^final|time per step' "$log/tiny_default_no_fp8.txt" | tr '\n' ' ')"
  [ "$(field "$log/tiny_fp32.txt" fingerprint 2)" = "$(field "$log/tiny_passthrough.txt" fingerprint 2)" ]
  check "pass-through: weights bit-identical to FP32's" $?
  local ref_train ref_val
  ref_train=$(field "$log/tiny_fp32.txt" "train loss" 3)
  ref_val=$(field "$log/tiny_fp32.txt" "val loss" 3)
  for spec in default:0.01 bf16:0.01 fp16:0.005; do
    local v=${spec%%:*} tol=${spec##*:} train val
    train=$(field "$log/tiny_$v.txt" "train loss" 3)
    val=$(field "$log/tiny_$v.txt" "val loss" 3)
    python3 -c "import sys; a,b,c,d,t=map(float,sys.argv[1:]); sys.exit(0 if abs(c-a)<=t*a and abs(d-b)<=t*b else 1)" \
      "$ref_train" "$ref_val" "${train:-nan}" "${val:-nan}" "$tol"
    check "tiny $v: final train and val loss within $tol of FP32's ($ref_train $ref_val)" $?
  done
  local e4_val
  e4_val=$(field "$log/tiny_e4m3_unscaled.txt" "val loss" 3)
  python3 -c "import sys,math; b,d=map(float,sys.argv[1:]); sys.exit(0 if not math.isfinite(d) or d>=1.1*b else 1)" \
    "$ref_val" "${e4_val:-nan}"
  check "tiny e4m3 unscaled: at least 10% worse than FP32 or diverged" $?

  # gpt2s (GEMM-dominated): step time (a measurement, not a check) and final loss within 1% after
  # 40 steps. At the trainer's lr (1e-3, no warm-up) these steps are chaotic: any rounding, bf16
  # casts too, moves the final loss by several percent (docs/PERFORMANCE.md#cuda).
  for v in fp32 default; do
    timeout 120 "$bin/train_gpt2_$v" --config gpt2s --steps 40 --val-every 100 --eval-batches 1 --time \
      >"$log/gpt2s_$v.txt" 2>&1
    echo "gpt2s $v: $(grep -E '^final|time per step' "$log/gpt2s_$v.txt" | tr '\n' ' ')"
  done
  grep '^autoscale:' "$log/gpt2s_default.txt" | head -12
  python3 -c "import sys; a,b=map(float,sys.argv[1:]); print('gpt2s step time fp32 / default: %.2fx' % (a / b))" \
    "$(field "$log/gpt2s_fp32.txt" "time per step" 4)" "$(field "$log/gpt2s_default.txt" "time per step" 4)"
  python3 -c "import sys; a,c=map(float,sys.argv[1:]); sys.exit(0 if abs(c-a)<=0.01*a else 1)" \
    "$(field "$log/gpt2s_fp32.txt" "train loss" 3)" "$(field "$log/gpt2s_default.txt" "train loss" 3)"
  check "gpt2s default: final train loss within 1% of FP32's" $?

  timeout 120 "$bin/autoscale_bench_cuda" | tee "$log/bench.txt"
  check "autoscale_bench_cuda ran" $?

  # Last: the runtime's CUDA tests (format_cuda_test walks every float32 and every code).
  for t in cublas_sites_cuda_test kernels_cuda_test matmul_cuda_test format_cuda_test; do
    timeout 120 "$bin/$t" --gtest_brief=1 >"$log/$t.txt" 2>&1
    check "$t" $?
    grep -E -A3 "Failure" "$log/$t.txt" | head -40  # what failed, where
    tail -3 "$log/$t.txt"
  done

  # Where gpt2s's step time goes, FP32 and default.yaml: each kernel's time in about its second
  # step, by name (ncu replays each kernel once for one metric; a measurement, not a check).
  if command -v ncu >/dev/null; then
    for v in fp32 default; do
      (cd "$log" && timeout 120 ncu --clock-control none --metrics gpu__time_duration.sum --csv --print-units base \
        "$bin/train_gpt2_$v" --config gpt2s --steps 2 --val-every 100 --eval-batches 1 >ncu_$v.csv 2>ncu_$v.err)
    done
    python3 - "$log/ncu_fp32.csv" "$log/ncu_default.csv" <<'PY'
import csv, collections, sys
def kernel_times(path):
    rows = [r for r in csv.reader(open(path)) if len(r) > 10]
    head, rows = rows[0], rows[1:]
    name, value = head.index("Kernel Name"), head.index("Metric Value")
    times = collections.Counter()
    for r in rows[len(rows) // 2:]:  # about the second step
        times[r[name].split("(")[0][:60]] += float(r[value].replace(",", "")) / 1e3
    return times
fp32, default = kernel_times(sys.argv[1]), kernel_times(sys.argv[2])
print("ncu, gpt2s, us in about one step: fp32 %.0f, default %.0f" % (sum(fp32.values()), sum(default.values())))
for k, t in (default + fp32).most_common(30):
    print("  %9.1f %9.1f %6s  %s" % (fp32[k], default[k], "%.2fx" % (default[k] / fp32[k]) if fp32[k] else "", k))
PY
  else
    echo "no ncu here: no kernel times"
  fi
  # Memory errors in the runtime's kernels and the rewritten trainer's (two tiny steps).
  if command -v compute-sanitizer >/dev/null; then
    for tool in memcheck initcheck; do
      timeout 120 compute-sanitizer --tool $tool --error-exitcode 1 --print-limit 5 "$bin/train_gpt2_default" \
        --steps 2 --val-every 100 --eval-batches 1 >"$log/sanitizer_$tool.txt" 2>&1
      check "compute-sanitizer $tool: train_gpt2 default, two steps" $?
      grep -E "ERROR SUMMARY|Invalid|Uninitialized" "$log/sanitizer_$tool.txt" | head -8
    done
  fi
  echo "tests/gpu/run.sh: $failures checks failed"
  if [ -n "${OUT:-}" ]; then tar -C "$log" -czf "$OUT/gpu-logs.tgz" .; fi
  [ "$failures" -eq 0 ]
}

case ${1:-} in
  build) build ;;
  run) run_checks ;;
  *) echo "usage: tests/gpu/run.sh build|run" >&2; exit 2 ;;
esac
