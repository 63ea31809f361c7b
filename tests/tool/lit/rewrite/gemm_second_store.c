/* A GEMM nest whose loops store each sum twice (the pre-activation kept beside the activation, as
 * a layer does for its backward pass) keeps its loops behind the call, which computes the sums
 * only where the second array, laid out as the result, shares no memory with an operand
 * (the runtime's output_apart_f). A second store that cannot be checked so (into a factor, in
 * another layout, adding) leaves the nest as written, with the reason in the report. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c

void dense_cached(float *z, float *y, const float *x, const float *w, const float *b, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // CHECK: { float *const autoscale_gemm_sums = autoscale_matmul_output_apart_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], AUTOSCALE_CAST(size_t, M > 0 ? M : 0), AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), x, K, 1, w, 1, K, b, 0, 1, y, N, 1) ? autoscale_matmul_nest_sums_f(&[[SITES]][0], AUTOSCALE_CAST(size_t, M > 0 ? M : 0), AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), 1, x, K, 1, 1, w, 1, K, 1, b, 0, 1, z, N, 1) : AUTOSCALE_NULL; for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"dense_cached","gemm":"loops","note":"its loops stay to compute the values stored from the sum at lines 24 and 25, each sum read from the call's buffer","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":0,"spelling":"matmul","strategy":"current","type":"float","variable":"z"}
    for (int j = 0; j < N; j++) {
      float s = b[j];
      for (int k = 0; k < K; k++)
      // CHECK: if (autoscale_gemm_sums) s = autoscale_gemm_sums[&(z[i * N + j]) - (z)]; else for (int k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
        // CHECK: s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-2]]:11: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:27"],"function":"dense_cached","matmul":"input.c:[[@LINE-9]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-3]]:27: {"action":"in_matmul","class":"allow","function":"dense_cached","matmul":"input.c:[[@LINE-10]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"s"}
      z[i * N + j] = s;
      y[i * N + j] = s > 0.0f ? s : 0.01f * s;
      // CHECK: y[i * N + j] = s > 0.0f ? s : 0.01f * s;
      // REPORT: input.c:[[@LINE-2]]:43: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-7]]:11"],"function":"dense_cached","op":"mul","rule":"class:deny","spelling":"*","type":"float","variable":"y"}
    }
    // CHECK: } autoscale_matmul_sums_free(autoscale_gemm_sums); }
}

void stored_into_factor(float *z, float *x, const float *w, int M, int N, int K) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
        // CHECK: s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-2]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:27"],"function":"stored_into_factor","op":"update","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-3]]:27: {"action":"keep","class":"deny","function":"stored_into_factor","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"s"}
      z[i * N + j] = s;
      x[i * K + j] = s;
    }
}

void stored_transposed(float *z, float *zt, const float *x, const float *w, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // CHECK: for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"skipped","class":"allow","function":"stored_transposed","op":"matmul","reason":"not substituted as a GEMM: the sum's store at line 58 writes an element laid out otherwise than the result's","spelling":"matmul","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
      // CHECK: s = autoscale_dot_f(&[[SITES]][1], s, K > 0 ? AUTOSCALE_CAST(size_t, K) : 0, &x[i * K + 0], 1, &w[j * K + 0], 1, x, w);
        s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"stored_transposed","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"scale","class":"allow","format":"e4m3","function":"stored_transposed","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
      z[i * N + j] = s;
      zt[j * M + i] = s;
    }
}

void stored_and_added(float *z, float *total, const float *x, const float *w, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // CHECK: for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"skipped","class":"allow","function":"stored_and_added","op":"matmul","reason":"not substituted as a GEMM: the accumulator 's' is stored more than once after the sum, not each by `=`","spelling":"matmul","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
      // CHECK: s = autoscale_dot_f(&[[SITES]][2], s, K > 0 ? AUTOSCALE_CAST(size_t, K) : 0, &x[i * K + 0], 1, &w[j * K + 0], 1, x, w);
        s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"stored_and_added","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"scale","class":"allow","format":"e4m3","function":"stored_and_added","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
      z[i * N + j] = s;
      total[i * N + j] += s;
      // CHECK: total[i * N + j] += s;
      // REPORT: input.c:[[@LINE-2]]:24: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-6]]:11"],"function":"stored_and_added","op":"update","rule":"class:deny","spelling":"+=","type":"float","variable":"total"}
    }
}
// REPORT: file: {"changed":true,"path":"input.c","sites":3,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"dense_cached":{"conversions":0,"converted":1,"line":"converted 1 of 4 operations using 0 conversions","operations":4},"stored_and_added":{"conversions":1,"converted":1,"line":"converted 1 of 4 operations using 1 conversions","operations":4},"stored_into_factor":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"stored_transposed":{"conversions":1,"converted":1,"line":"converted 1 of 3 operations using 1 conversions","operations":3}},"total":{"conversions":2,"converted":3,"line":"converted 3 of 13 operations using 2 conversions","operations":13}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 11 float operations in 1 file: 3 scaled e4m3, 6 kept, 2 in matmuls, 0 skipped; no step found: each site rolls its history every 1024 executions; 2 matmuls not substituted (the report says why)
