// A cublasLtMatmul whose operation descriptor the function gives an epilogue (llm.c's bias in
// matmul_forward_cublaslt) is rewritten, but the runtime scales only calls whose epilogue is
// CUBLASLT_EPILOGUE_DEFAULT and runs the others as written, in FP32: the report says so where the
// site is, rather than promising an e4m3 product. A descriptor given no epilogue has no note.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
#include <cublasLt.h>
void with_bias(cublasLtHandle_t lt, float *out, const float *w, const float *x, const float *bias,
               cublasLtMatrixLayout_t lw, cublasLtMatrixLayout_t lx, cublasLtMatrixLayout_t lo, void *ws,
               size_t wsz) {
  cublasLtMatmulDesc_t d;
  cublasLtMatmulDescCreate(&d, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtEpilogue_t ep = bias ? CUBLASLT_EPILOGUE_BIAS : CUBLASLT_EPILOGUE_DEFAULT;
  cublasLtMatmulDescSetAttribute(d, CUBLASLT_MATMUL_DESC_EPILOGUE, &ep, sizeof ep);
  const float one = 1.0f, zero = 0.0f;
  cublasLtMatmul(lt, d, &one, w, lw, x, lx, &zero, out, lo, out, lo, nullptr, ws, wsz, 0);
  // REPORT: input.cu:[[@LINE-1]]:3: {"action":"scale","callee":"cublasLtMatmul",{{.*}}"note":"its descriptor is given an epilogue at line [[#@LINE-3]]: calls whose epilogue is not CUBLASLT_EPILOGUE_DEFAULT (a bias) run as written, in FP32",{{.*}}
}
void plain(cublasLtHandle_t lt, cublasLtMatmulDesc_t d, float *out, const float *w, const float *x,
           cublasLtMatrixLayout_t lw, cublasLtMatrixLayout_t lx, cublasLtMatrixLayout_t lo, void *ws, size_t wsz) {
  const float one = 1.0f, zero = 0.0f;
  cublasLtMatmul(lt, d, &one, w, lw, x, lx, &zero, out, lo, out, lo, nullptr, ws, wsz, 0);
  // REPORT-NOT: "note"
  // REPORT: input.cu:[[@LINE-2]]:3: {"action":"scale","callee":"cublasLtMatmul","class":"allow","format":"e4m3","function":"plain","gemm":"cublas","op":"matmul"
}
