// element_from_code (runtime/src/formats/quantize_element.h), which the CUDA quantising kernels
// use with the GPU's conversion instructions, against quantize_element's integer rounding: given
// the code the instruction gives (format.h's encoder, saturating for fp8, as format_cuda_test
// checks the instructions), the element (code, |data|, overflow and underflow flags) must be the
// same bits. Inputs: every float whose low 12 bits are one of {0, 1, 0x7FF, 0x800, 0x801, 0xFFF}.
// Every rounding decision of e4m3, e5m2, fp16 and bf16 has its tie bit at bit 12 or above (fp16's
// normals drop 13 bits, and subnormals and bf16 drop more), so those six cover each decision's
// exact ties, the values just off them and the values with and without bits below; both overflow
// modes, with x finite, infinite and zero.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include "autoscale/format.h"
#include "formats/quantize_element.h"

namespace {

using namespace autoscale::detail;

float float_of(uint32_t u) {
  float x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}

// The conversion instruction's code (format_cuda_oracle.cu compares these with it on a GPU).
template <int F> uint32_t instruction_code(float data) {
  switch (F) {
  case AUTOSCALE_E4M3: return autoscale_e4m3_from_float(data, 1);
  case AUTOSCALE_E5M2: return autoscale_e5m2_from_float(data, 1);
  case AUTOSCALE_FP16: return autoscale_fp16_from_float(data, 0);
  default: return autoscale_bf16_from_float(data, 0);
  }
}

// How many inputs gave another element (the first one's bits in *first).
template <int F> long mismatches(int saturate, uint32_t *first) {
  const Overflow of = overflow_for(F, saturate);
  const uint32_t low[] = {0x000u, 0x001u, 0x7FFu, 0x800u, 0x801u, 0xFFFu};
  long count = 0;
  for (uint64_t high = 0; high < (uint64_t(1) << 32); high += 0x1000u)
    for (uint32_t l : low) {
      const uint32_t u = uint32_t(high) | l;
      const float data = float_of(u);
      // x's bits: data's own (scale 1), a finite x whose quotient this is, an infinite x, and 0.
      for (uint32_t ax : {u & 0x7FFFFFFFu, 0x3F800000u, 0x7F800000u, 0u}) {
        const Element want = quantize_element<F, Emit::Code>(ax, data, of);
        const Element got = element_from_code<F>(ax, data, instruction_code<F>(data), of);
        if (got.out != want.out || got.a != want.a || (got.over != 0) != (want.over != 0) ||
            (got.under != 0) != (want.under != 0)) {
          if (count++ == 0) *first = u;
        }
      }
    }
  return count;
}

template <int F> void expect_same_elements(const char *name) {
  for (int saturate : {1, 0}) {
    uint32_t first = 0;
    EXPECT_EQ(mismatches<F>(saturate, &first), 0)
        << name << (saturate ? " saturating" : " overflowing") << ", first at data bits 0x" << std::hex << first;
  }
}

TEST(ElementFromCode, E4m3MatchesTheIntegerRounding) { expect_same_elements<AUTOSCALE_E4M3>("e4m3"); }
TEST(ElementFromCode, E5m2MatchesTheIntegerRounding) { expect_same_elements<AUTOSCALE_E5M2>("e5m2"); }
TEST(ElementFromCode, Fp16MatchesTheIntegerRounding) { expect_same_elements<AUTOSCALE_FP16>("fp16"); }
TEST(ElementFromCode, Bf16MatchesTheIntegerRounding) { expect_same_elements<AUTOSCALE_BF16>("bf16"); }

// The edges by name: the largest values that stay, the ties at the top (e4m3's 464 goes down to
// 448, as 448's mantissa is even; fp16's 65520 goes to inf), NaN's code, and an underflow.
TEST(ElementFromCode, NamedEdges) {
  const Overflow e4m3_sat = overflow_for(AUTOSCALE_E4M3, 1), e4m3_nan = overflow_for(AUTOSCALE_E4M3, 0);
  const uint32_t one = 0x3F800000u;
  Element e = element_from_code<AUTOSCALE_E4M3>(one, 464.0f, instruction_code<AUTOSCALE_E4M3>(464.0f), e4m3_nan);
  EXPECT_EQ(e.out, 0x7Eu);
  EXPECT_EQ(e.over, 0u);
  e = element_from_code<AUTOSCALE_E4M3>(one, 464.00003f, instruction_code<AUTOSCALE_E4M3>(464.00003f), e4m3_nan);
  EXPECT_EQ(e.out, 0x7Fu);  // NaN: e4m3 has no inf
  EXPECT_NE(e.over, 0u);
  e = element_from_code<AUTOSCALE_E4M3>(one, -500.0f, instruction_code<AUTOSCALE_E4M3>(-500.0f), e4m3_sat);
  EXPECT_EQ(e.out, 0xFEu);  // -448
  EXPECT_NE(e.over, 0u);
  const Overflow fp16 = overflow_for(AUTOSCALE_FP16, 0);
  e = element_from_code<AUTOSCALE_FP16>(one, 65504.0f, instruction_code<AUTOSCALE_FP16>(65504.0f), fp16);
  EXPECT_EQ(e.out, 0x7BFFu);
  e = element_from_code<AUTOSCALE_FP16>(one, 65520.0f, instruction_code<AUTOSCALE_FP16>(65520.0f), fp16);
  EXPECT_EQ(e.out, 0x7C00u);
  EXPECT_NE(e.over, 0u);
  const float nan = float_of(0xFFC00001u);
  e = element_from_code<AUTOSCALE_FP16>(0xFFC00001u & 0x7FFFFFFFu, nan, instruction_code<AUTOSCALE_FP16>(nan), fp16);
  EXPECT_EQ(e.out, autoscale_format_desc_of_(AUTOSCALE_FP16).nan_code);
  EXPECT_EQ(e.over, 0u);  // x is not finite
  const float tiny = float_of(0x3A000000u);  // 2^-11: below half of e4m3's smallest subnormal 2^-9
  e = element_from_code<AUTOSCALE_E4M3>(one, tiny, instruction_code<AUTOSCALE_E4M3>(tiny), e4m3_sat);
  EXPECT_EQ(e.out, 0u);
  EXPECT_NE(e.under, 0u);
}

}  // namespace
