// The C++ generic calls of autoscale.h (autoscale/generics.h), which rewritten templates use: for every arithmetic type
// they have the plain operators' types and value categories, and compute their values bit for
// bit; float and double go through the runtime, every other type through the plain operator.
#include <autoscale/autoscale.h>

#include <gtest/gtest.h>

#include <complex>
#include <cstring>
#include <type_traits>
#include <utility>

namespace {

// The types and value categories of the generic calls are those of the plain operators, for each
// pair of operand types.
#define AUTOSCALE_LV(T) std::declval<T &>()
#define AUTOSCALE_SAME(call, plain) \
  static_assert(std::is_same<decltype(call), decltype(plain)>::value, #call " is not " #plain)
constexpr autoscale_site *NoSite = nullptr;
template <class A, class B> struct BinaryTypes {
  AUTOSCALE_SAME(::__autoscale::add(NoSite, AUTOSCALE_LV(A), AUTOSCALE_LV(B)), AUTOSCALE_LV(A) + AUTOSCALE_LV(B));
  AUTOSCALE_SAME(::__autoscale::sub(NoSite, AUTOSCALE_LV(A), std::declval<B>()), AUTOSCALE_LV(A) - std::declval<B>());
  AUTOSCALE_SAME(::__autoscale::mul(NoSite, std::declval<A>(), AUTOSCALE_LV(B)), std::declval<A>() * AUTOSCALE_LV(B));
  AUTOSCALE_SAME(::__autoscale::div(NoSite, AUTOSCALE_LV(A), AUTOSCALE_LV(B)), AUTOSCALE_LV(A) / AUTOSCALE_LV(B));
  AUTOSCALE_SAME(::__autoscale::add_assign(NoSite, AUTOSCALE_LV(A), AUTOSCALE_LV(B)), AUTOSCALE_LV(A) += AUTOSCALE_LV(B));
  AUTOSCALE_SAME(::__autoscale::sub_assign(NoSite, AUTOSCALE_LV(A), std::declval<B>()), AUTOSCALE_LV(A) -= std::declval<B>());
  AUTOSCALE_SAME(::__autoscale::mul_assign(NoSite, AUTOSCALE_LV(A), AUTOSCALE_LV(B)), AUTOSCALE_LV(A) *= AUTOSCALE_LV(B));
  AUTOSCALE_SAME(::__autoscale::div_assign(NoSite, AUTOSCALE_LV(A), AUTOSCALE_LV(B)), AUTOSCALE_LV(A) /= AUTOSCALE_LV(B));
  AUTOSCALE_SAME(::__autoscale::neg(NoSite, AUTOSCALE_LV(A)), -AUTOSCALE_LV(A));
};
template <class A> struct StepTypes {
  AUTOSCALE_SAME(::__autoscale::preinc(NoSite, AUTOSCALE_LV(A)), ++AUTOSCALE_LV(A));
  AUTOSCALE_SAME(::__autoscale::predec(NoSite, AUTOSCALE_LV(A)), --AUTOSCALE_LV(A));
  AUTOSCALE_SAME(::__autoscale::postinc(NoSite, AUTOSCALE_LV(A)), AUTOSCALE_LV(A)++);
  AUTOSCALE_SAME(::__autoscale::postdec(NoSite, AUTOSCALE_LV(A)), AUTOSCALE_LV(A)--);
};
template struct StepTypes<float>;
template struct StepTypes<double>;
template struct StepTypes<int>;
template struct StepTypes<long double>;
template struct StepTypes<volatile float>;
template struct StepTypes<unsigned char>;
template struct BinaryTypes<float, float>;
template struct BinaryTypes<double, double>;
template struct BinaryTypes<int, int>;
template struct BinaryTypes<long double, long double>;
template struct BinaryTypes<float, double>;
template struct BinaryTypes<int, float>;
template struct BinaryTypes<float, int>;
template struct BinaryTypes<short, double>;
template struct BinaryTypes<unsigned char, long>;
template struct BinaryTypes<long double, float>;
template struct BinaryTypes<std::complex<float>, std::complex<float>>;
template struct BinaryTypes<std::complex<double>, double>;
// Math-call pass-throughs: float and double become values of their type; others pass as they are.
AUTOSCALE_SAME(::__autoscale::operand(NoSite, 0, AUTOSCALE_LV(float)), float());
AUTOSCALE_SAME(::__autoscale::operand(NoSite, 0, AUTOSCALE_LV(const double)), double());
AUTOSCALE_SAME(::__autoscale::operand(NoSite, 0, AUTOSCALE_LV(int)), AUTOSCALE_LV(int));
AUTOSCALE_SAME(::__autoscale::operand(NoSite, 1, AUTOSCALE_LV(int *)), AUTOSCALE_LV(int *));
// A prvalue that is not float or double comes back as a value, not a reference to the temporary.
AUTOSCALE_SAME(::__autoscale::result(NoSite, std::declval<long double>()), (long double)0);
AUTOSCALE_SAME(::__autoscale::operand(NoSite, 0, std::declval<long double>()), (long double)0);
AUTOSCALE_SAME(::__autoscale::result(NoSite, AUTOSCALE_LV(long double)), AUTOSCALE_LV(long double));
AUTOSCALE_SAME(::__autoscale::result(NoSite, std::declval<float>()), float());

// Sites live as long as the program: the runtime registers them on first use and reports them at
// exit.
#define AUTOSCALE_TEST_SITE(format)                                                              \
  AUTOSCALE_SITE(new autoscale_site_state *(), "generics_test.cpp", __LINE__, 1, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER,     \
                 AUTOSCALE_ACTION_CAST, format, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16,   \
                 AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "test")
autoscale_site Fp32Site = AUTOSCALE_TEST_SITE(AUTOSCALE_FP32);
autoscale_site Fp16Site = AUTOSCALE_TEST_SITE(AUTOSCALE_FP16);

// Bits of the value representation (long double's padding bytes excluded).
template <class T> bool sameBits(T A, T B) {
  if (!std::is_floating_point<T>::value)
    return A == B;
  constexpr size_t Size = std::is_same<T, long double>::value ? 10 : sizeof(T);
  return std::memcmp(&A, &B, Size) == 0;
}

template <class A, class B> void expectPlainValues(A X, B Y) {
  autoscale_site &S = Fp32Site;
  SCOPED_TRACE(testing::Message() << "operands " << X << ", " << Y);
  EXPECT_TRUE(sameBits(::__autoscale::add(&S, X, Y), X + Y));
  EXPECT_TRUE(sameBits(::__autoscale::sub(&S, X, Y), X - Y));
  EXPECT_TRUE(sameBits(::__autoscale::mul(&S, X, Y), X * Y));
  EXPECT_TRUE(sameBits(::__autoscale::div(&S, X, Y), X / Y));
  EXPECT_TRUE(sameBits(::__autoscale::neg(&S, X), -X));
  A L = X, P = X;
  A &Ref = ::__autoscale::add_assign(&S, L, Y);
  EXPECT_EQ(&Ref, &L);
  EXPECT_TRUE(sameBits(L, P += Y));
  EXPECT_TRUE(sameBits(::__autoscale::sub_assign(&S, L, Y), P -= Y));
  EXPECT_TRUE(sameBits(::__autoscale::mul_assign(&S, L, Y), P *= Y));
  EXPECT_TRUE(sameBits(::__autoscale::div_assign(&S, L, Y), P /= Y));
  EXPECT_TRUE(sameBits(::__autoscale::postinc(&S, L), P++));
  EXPECT_TRUE(sameBits(L, P));
  EXPECT_EQ(&::__autoscale::preinc(&S, L), &L);
  EXPECT_TRUE(sameBits(L, ++P));
  EXPECT_TRUE(sameBits(::__autoscale::postdec(&S, L), P--));
  EXPECT_TRUE(sameBits(::__autoscale::predec(&S, L), --P));
}

TEST(Generics, PassThroughIsBitIdenticalForEveryArithmeticType) {
  expectPlainValues(0.1f, 3.0f);
  expectPlainValues(-1.5e30f, 7.25e-3f);
  expectPlainValues(1.0 / 3.0, -2.5e-300);
  expectPlainValues(0.1f, 1.0 / 3.0);  // float op double: double
  expectPlainValues(1.0 / 3.0, 0.1f);
  expectPlainValues(7, 0.1f);          // int op float: float; int op= float converts back to int
  expectPlainValues(0.3f, 3);
  expectPlainValues(-7, 3);
  expectPlainValues((short)5, 2.5);
  expectPlainValues(1.0L / 3.0L, 0.1f); // long double: the plain operator
  expectPlainValues(2.0L, 3);
}

// With a rounding site, float and double results are rounded by the runtime (the site executes);
// int, long double and class types keep their plain operators.
TEST(Generics, RoutesOnlyFloatAndDoubleThroughTheRuntime) {
  autoscale_site &S = Fp16Site;
  const float Third = 1.0f / 3.0f;
  const float Half = autoscale_round_float(Third, AUTOSCALE_FP16, 1);
  ASSERT_NE(Half, Third);
  EXPECT_EQ(::__autoscale::mul(&S, Third, 1.0f), Half);
  EXPECT_EQ(::__autoscale::mul(&S, 1.0 / 3.0, 1.0), autoscale_round_double(1.0 / 3.0, AUTOSCALE_FP16, 1));
  EXPECT_EQ(::__autoscale::div(&S, 1, 3.0f), Half);  // int / float computes in float
  EXPECT_EQ(::__autoscale::div(&S, 10, 3), 3);
  EXPECT_EQ(::__autoscale::div(&S, 1.0L, 3.0L), 1.0L / 3.0L);
  const std::complex<float> C(Third, 1.0f);
  EXPECT_EQ(::__autoscale::mul(&S, C, C), C * C);
  EXPECT_EQ(::__autoscale::result(&S, Third), Half);
  EXPECT_EQ(::__autoscale::result(&S, 1.0L / 3.0L), 1.0L / 3.0L);
  float F = Third;
  EXPECT_EQ(::__autoscale::postinc(&S, F), Third);
  EXPECT_EQ(F, autoscale_round_float(Third + 1.0f, AUTOSCALE_FP16, 1));
  int I = 1;
  EXPECT_EQ(::__autoscale::add_assign(&S, I, Third), 1); // (int)round16(1.333...)
}

// The left operand of a compound assignment is passed by reference: evaluated once.
TEST(Generics, CompoundAssignmentEvaluatesItsLeftOperandOnce) {
  autoscale_site &S = Fp32Site;
  float A[3] = {1.0f, 2.0f, 3.0f};
  int K = 0;
  ::__autoscale::add_assign(&S, A[K++], 0.5f);
  ::__autoscale::postinc(&S, A[K++]);
  EXPECT_EQ(K, 2);
  EXPECT_EQ(A[0], 1.5f);
  EXPECT_EQ(A[1], 3.0f);
  EXPECT_EQ(A[2], 3.0f);
}

} // namespace
