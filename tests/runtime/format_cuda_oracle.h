// What format_cuda_oracle.cu compares on the GPU, for format_cuda_test.cpp.
#ifndef AUTOSCALE_TESTS_FORMAT_CUDA_ORACLE_H
#define AUTOSCALE_TESTS_FORMAT_CUDA_ORACLE_H

#include <cstdint>

// Encodings of every float32 (e4m3 and e5m2 saturating and not, fp16, bf16), then the decoders of
// every 8-bit code (e4m3, e5m2) and every 16-bit code (fp16, bf16).
enum Conversion { kEncodeFirst = 0, kDecodeFp8 = 6, kDecode16 = 7, kConversionCount = 8 };

struct ConversionReport {
  unsigned long long mismatches[kConversionCount];
  uint32_t first[kConversionCount];
};

// Null on success; otherwise the CUDA error.
const char *compare_conversions_on_gpu(ConversionReport *report);

#endif
