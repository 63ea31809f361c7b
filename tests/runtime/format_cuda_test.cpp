// format.h's conversions, run on a GPU, against the GPU's own (the cvt instructions), for every
// float32 and every code: the host-side oracle of format_test covers the toolkit's host code, this
// the hardware's. Skips, saying why, where no GPU answers.
#include <gtest/gtest.h>

#include "cuda_test_util.h"
#include "format_cuda_oracle.h"

namespace {

const char *const kNames[kConversionCount] = {"e4m3 saturating", "e4m3", "e5m2 saturating", "e5m2", "fp16", "bf16",
                                              "fp8 decoding (0x1xx: e5m2)", "16-bit decoding (0x1xxxx: bf16)"};

TEST(FormatCuda, EveryFloatAndCodeConvertsAsTheGpuDoes) {
  SKIP_WITHOUT_GPU("CUDA format");
  ConversionReport report{};
  const char *error = compare_conversions_on_gpu(&report);
  ASSERT_EQ(error, nullptr) << error;
  for (int c = 0; c < kConversionCount; ++c)
    EXPECT_EQ(report.mismatches[c], 0u) << kNames[c] << ": " << report.mismatches[c] << " differ, e.g. input 0x"
                                        << std::hex << report.first[c];
}

}  // namespace
