// What a cuBLASLt call's descriptors say (gemm_calls.h).
#include "cuda/gemm_calls.h"

#include <climits>
#include <cstdint>

namespace autoscale::detail {

bool float32_compute(cublasComputeType_t t) {
  return t == CUBLAS_COMPUTE_32F || t == CUBLAS_COMPUTE_32F_PEDANTIC || t == CUBLAS_COMPUTE_32F_FAST_TF32 ||
         t == CUBLAS_COMPUTE_32F_FAST_16F || t == CUBLAS_COMPUTE_32F_FAST_16BF;
}

namespace {

// A cuBLASLt matrix layout as the wrapper reads it.
struct LtLayout {
  cudaDataType type;
  cublasLtOrder_t order = CUBLASLT_ORDER_COL;
  uint64_t rows = 0, cols = 0;
  int64_t ld = 0, stride = 0;
  int32_t batch = 1;
  bool operator==(const LtLayout &o) const {
    return type == o.type && order == o.order && rows == o.rows && cols == o.cols && ld == o.ld &&
           stride == o.stride && batch == o.batch;
  }
};

template <class T> bool attribute(cublasLtMatrixLayout_t l, cublasLtMatrixLayoutAttribute_t a, T *out) {
  size_t written = 0;
  return cublasLtMatrixLayoutGetAttribute(l, a, out, sizeof *out, &written) == CUBLAS_STATUS_SUCCESS;
}
template <class T> bool attribute(cublasLtMatmulDesc_t d, cublasLtMatmulDescAttributes_t a, T *out) {
  size_t written = 0;
  return cublasLtMatmulDescGetAttribute(d, a, out, sizeof *out, &written) == CUBLAS_STATUS_SUCCESS;
}

bool read_layout(cublasLtMatrixLayout_t l, LtLayout *out) {
  return attribute(l, CUBLASLT_MATRIX_LAYOUT_TYPE, &out->type) && attribute(l, CUBLASLT_MATRIX_LAYOUT_ORDER, &out->order) &&
         attribute(l, CUBLASLT_MATRIX_LAYOUT_ROWS, &out->rows) && attribute(l, CUBLASLT_MATRIX_LAYOUT_COLS, &out->cols) &&
         attribute(l, CUBLASLT_MATRIX_LAYOUT_LD, &out->ld) &&
         attribute(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &out->batch) &&
         attribute(l, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &out->stride);
}

}  // namespace

bool lt_call(cublasLtMatmulDesc_t desc, const void *alpha, const void *a, cublasLtMatrixLayout_t a_desc,
             const void *b, cublasLtMatrixLayout_t b_desc, const void *beta, const void *c,
             cublasLtMatrixLayout_t c_desc, void *d, cublasLtMatrixLayout_t d_desc, GemmCall *g,
             cublasPointerMode_t *mode) {
  cublasComputeType_t compute;
  cudaDataType scale_type;
  cublasLtPointerMode_t pointers = CUBLASLT_POINTER_MODE_HOST;
  cublasOperation_t ta = CUBLAS_OP_N, tb = CUBLAS_OP_N;
  cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_DEFAULT;
  LtLayout la, lb, lc, ld;
  if (!attribute(desc, CUBLASLT_MATMUL_DESC_COMPUTE_TYPE, &compute) ||
      !attribute(desc, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &scale_type) ||
      !attribute(desc, CUBLASLT_MATMUL_DESC_POINTER_MODE, &pointers) ||
      !attribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &ta) || !attribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &tb) ||
      !attribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue) || !read_layout(a_desc, &la) ||
      !read_layout(b_desc, &lb) || !read_layout(c_desc, &lc) || !read_layout(d_desc, &ld))
    return false;
  const bool float32 = float32_compute(compute) && scale_type == CUDA_R_32F && la.type == CUDA_R_32F &&
                       lb.type == CUDA_R_32F && ld.type == CUDA_R_32F;
  const bool plain = epilogue == CUBLASLT_EPILOGUE_DEFAULT &&
                     (pointers == CUBLASLT_POINTER_MODE_HOST || pointers == CUBLASLT_POINTER_MODE_DEVICE) &&
                     la.order == CUBLASLT_ORDER_COL && lb.order == CUBLASLT_ORDER_COL && c == d && lc == ld &&
                     la.batch == ld.batch && lb.batch == ld.batch;
  const uint64_t m = ld.rows, n = ld.cols, k = ta == CUBLAS_OP_N ? la.cols : la.rows;
  if (!float32 || !plain || m > INT32_MAX || n > INT32_MAX || k > INT32_MAX || la.ld > INT32_MAX ||
      lb.ld > INT32_MAX || ld.ld > INT32_MAX)
    return false;
  *mode = pointers == CUBLASLT_POINTER_MODE_DEVICE ? CUBLAS_POINTER_MODE_DEVICE : CUBLAS_POINTER_MODE_HOST;
  *g = GemmCall{ta, tb, int(m), int(n), int(k), static_cast<const float *>(alpha), static_cast<const float *>(a),
                int(la.ld), la.stride, static_cast<const float *>(b), int(lb.ld), lb.stride,
                static_cast<const float *>(beta), static_cast<float *>(d), int(ld.ld), ld.stride, ld.batch};
  return true;
}

}  // namespace autoscale::detail
