// Runtime settings read from the environment once, at the first site registration.
#ifndef AUTOSCALE_SRC_ENV_H
#define AUTOSCALE_SRC_ENV_H

#include <cstdint>
#include <optional>
#include <string>

#include "autoscale/defaults.h"

namespace autoscale::detail {

struct Settings {
  std::string report_path;     // AUTOSCALE_REPORT: JSON report written at exit; empty: none
  bool summary = true;         // AUTOSCALE_SUMMARY: human summary on stderr at exit
  uint64_t window = AUTOSCALE_DEFAULT_WINDOW;  // AUTOSCALE_WINDOW: executions per history roll without steps
  // AUTOSCALE_EMPIRICAL_OP_FRACTION: the fraction of empirical sites, the most variable first,
  // that re-measure their multiplier after analysis (choose_remeasured in scaling.h).
  double empirical_op_fraction = 1.0;
  // AUTOSCALE_CUDA_FP8: rewritten cuBLAS calls at e4m3 run on FP8 tensor cores (cublas_sites.cu);
  // 0 runs the same rounded values as bf16 with float32 accumulation, which tells the tensor
  // cores' accumulation apart from the rounding.
  bool cuda_fp8 = true;
  // AUTOSCALE_CPU_BF16: fp8 and bf16 operands of CPU products as bf16 on oneDNN (1) or as
  // float32 (0); unset, by what the CPU has (dnnl_bf16_pays in gemm/matmul_dnnl.h).
  std::optional<bool> cpu_bf16;
};

// What each value of a 0/1 variable means, as its message says.
inline constexpr const char *kSummaryOff = "no summary at exit", *kSummaryOn = "summary on stderr";
inline constexpr const char *kCudaFp8Off = "e4m3 cuBLAS products as bf16 values on cublasGemmEx",
                            *kCudaFp8On = "on FP8 tensor cores";
inline constexpr const char *kCpuBf16Off = "CPU products of low-precision operands in float32",
                            *kCpuBf16On = "as bf16 wherever oneDNN has bf16 kernels";

// Each parser takes the variable's value (never NULL) and returns the message to print when it
// is invalid, empty when it is valid. The message names the variable and the accepted values.
std::string parse_switch(const char *variable, const char *value, const char *off, const char *on, bool *out);
std::string parse_window(const char *value, uint64_t *out);
std::string parse_op_fraction(const char *value, double *out);

// Reads the variables once; an invalid value prints its message on stderr and keeps the default.
const Settings &settings();

}  // namespace autoscale::detail

#endif
