// cuBLAS's products (cublasSgemm, cublasSgemmStridedBatched, cublasGemmEx, cublasLtMatmul) become
// the runtime's scaled products: the callee is replaced (the name as written: cublasSgemm is
// cublas_v2.h's macro), the site goes first, every argument stays as written, also inside a
// checking macro's argument; the output includes autoscale/cublas.h and
// compiles and links for sm_89 and sm_90. Under pass-through (fp32) every call stays cuBLAS's and
// the file is unchanged.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %code out/input.cu | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: grep -c '^#include <autoscale/cublas.h>$' out/input.cu | FileCheck %s --check-prefix=INCLUDE
// INCLUDE: 1
// RUN: %nvcc -c -arch=sm_89 -I %runtime-include out/input.cu -o input89.o
// RUN: %nvcc -arch=sm_90 -I %runtime-include out/input.cu %link-for-nvcc -lcublas -o input90
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir pass --report pass.json input.cu --
// RUN: %report pass.json | FileCheck %s --check-prefix=PASS
// PASS: file: {"changed":false{{.*}}
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cstdio>

#define CUBLAS_CHECK(call)                                                         \
  do {                                                                             \
    cublasStatus_t status_ = (call);                                               \
    if (status_ != CUBLAS_STATUS_SUCCESS) std::printf("cuBLAS error %d\n", int(status_)); \
  } while (0)

void linear(cublasHandle_t h, float *out, const float *inp, const float *w, int bt, int c, int oc) {
  const float one = 1.0f, zero = 0.0f;
  cublasSgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, oc, bt, c, &one, w, c, inp, c, &zero, out, oc);
  // CHECK: autoscale_cublas_sgemm(&[[SITES:autoscale_sites_[0-9a-f]+]]_here[0], h, CUBLAS_OP_T, CUBLAS_OP_N, oc, bt, c, &one, w, c, inp, c, &zero, out, oc);
  // REPORT: input.cu:[[@LINE-2]]:3: {"action":"scale","callee":"cublasSgemm","class":"allow","format":"e4m3","function":"linear","gemm":"cublas","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":0,"spelling":"cublasSgemm","strategy":"current","type":"float","variable":null}
}

void weight_gradient(cublasHandle_t h, float *dw, const float *inp, const float *dout, int bt, int c, int oc) {
  const float one = 1.0f;
  CUBLAS_CHECK(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, c, oc, bt, &one, inp, c, dout, oc, &one, dw, c));
  // CHECK: CUBLAS_CHECK(autoscale_cublas_sgemm(&[[SITES]]_here[1], h, CUBLAS_OP_N, CUBLAS_OP_T, c, oc, bt, &one, inp, c, dout, oc, &one, dw, c));
  // REPORT: input.cu:[[@LINE-2]]:16: {"action":"scale","callee":"cublasSgemm","class":"allow","format":"e4m3","function":"weight_gradient","gemm":"cublas","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":1,"spelling":"cublasSgemm","strategy":"current","type":"float","variable":null}
}

void scores(cublasHandle_t h, float *att, const float *q, const float *k, int t, int hs, int heads) {
  const float scale = 0.125f, zero = 0.0f;
  cublasSgemmStridedBatched(h, CUBLAS_OP_T, CUBLAS_OP_N, t, t, hs, &scale, k, hs, t * hs, q, hs, t * hs, &zero, att, t,
  // CHECK: autoscale_cublas_sgemm_strided_batched(&[[SITES]]_here[2], h, CUBLAS_OP_T, CUBLAS_OP_N, t, t, hs, &scale, k, hs, t * hs, q, hs, t * hs, &zero, att, t,
  // REPORT: input.cu:[[@LINE-2]]:3: {"action":"scale","callee":"cublasSgemmStridedBatched","class":"allow","format":"e4m3","function":"scores","gemm":"cublas","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":2,"spelling":"cublasSgemmStridedBatched","strategy":"current","type":"float","variable":null}
                            t * t, heads);
}

void square(cublasHandle_t h, float *c, const float *a, const float *b, int n) {
  const float one = 1.0f, zero = 0.0f;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, CUDA_R_32F, n, b, CUDA_R_32F, n, &zero, c, CUDA_R_32F, n,
  // CHECK: autoscale_cublas_gemm_ex(&[[SITES]]_here[3], h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, CUDA_R_32F, n, b, CUDA_R_32F, n, &zero, c, CUDA_R_32F, n,
  // REPORT: input.cu:[[@LINE-2]]:3: {"action":"scale","callee":"cublasGemmEx","class":"allow","format":"e4m3","function":"square","gemm":"cublas","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":3,"spelling":"cublasGemmEx","strategy":"current","type":"float","variable":null}
               CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

void lt(cublasLtHandle_t h, cublasLtMatmulDesc_t op, float *d, const float *a, cublasLtMatrixLayout_t la,
        const float *b, cublasLtMatrixLayout_t lb, cublasLtMatrixLayout_t ld, void *ws, size_t ws_bytes,
        cudaStream_t stream) {
  const float one = 1.0f, zero = 0.0f;
  cublasLtMatmul(h, op, &one, a, la, b, lb, &zero, d, ld, d, ld, nullptr, ws, ws_bytes, stream);
  // CHECK: autoscale_cublaslt_matmul(&[[SITES]]_here[4], h, op, &one, a, la, b, lb, &zero, d, ld, d, ld, nullptr, ws, ws_bytes, stream);
  // REPORT: input.cu:[[@LINE-2]]:3: {"action":"scale","callee":"cublasLtMatmul","class":"allow","format":"e4m3","function":"lt","gemm":"cublas","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":4,"spelling":"cublasLtMatmul","strategy":"current","type":"float","variable":null}
}

int main() { return 0; }
// REPORT: file: {"changed":true,"path":"input.cu","sites":5,"written_to":"out/input.cu"}
// REPORT: conversions: {"functions":{"linear":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"lt":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"scores":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"square":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"weight_gradient":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":5,"line":"converted 5 of 5 operations using 0 conversions","operations":5}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 5 float operations in 1 file: 5 scaled e4m3, 0 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
