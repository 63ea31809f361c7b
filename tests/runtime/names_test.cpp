// The name functions beside each enum of site.h and format.h: every value has a name, the names
// are unique and spelled as the rules spell them (rules/README.md), and values outside the enum
// give NULL, so callers can enumerate the accepted spellings by counting from 0.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "autoscale/autoscale.h"

namespace {

struct Enum {
  const char *what;
  const char *(*name)(int);
  int count;
  std::vector<std::string> spellings;  // in value order
};

const std::vector<Enum> &enums() {
  static const std::vector<Enum> all = {
      {"op", autoscale_op_name, AUTOSCALE_OP_COUNT, {"add", "sub", "mul", "div", "neg", "inc", "dec", "call", "matmul"}},
      {"class", autoscale_class_name, AUTOSCALE_CLASS_COUNT, {"allow", "infer", "deny", "clear"}},
      {"action", autoscale_action_name, AUTOSCALE_ACTION_COUNT, {"keep", "cast", "scale"}},
      {"format", autoscale_format_name, AUTOSCALE_FORMAT_COUNT, {"fp32", "e4m3", "e5m2", "fp16", "bf16"}},
      {"rounding", autoscale_rounding_name, AUTOSCALE_ROUNDING_COUNT, {"output", "inputs"}},
      {"strategy", autoscale_strategy_name, AUTOSCALE_STRATEGY_COUNT,
       {"delayed", "current", "propagate", "static", "empirical"}},
      {"amax_reduce", autoscale_amax_reduce_name, AUTOSCALE_AMAX_REDUCE_COUNT, {"max", "most_recent"}},
      {"statistics", autoscale_statistics_name, AUTOSCALE_STATISTICS_COUNT, {"full", "amax"}},
      {"slot", autoscale_slot_name, AUTOSCALE_SLOT_COUNT, {"a", "b", "c", "output"}},
      {"idiom", autoscale_idiom_name, AUTOSCALE_IDIOM_COUNT,
       {"dot_mul", "accumulate", "square_sum", "update", "guard", "compensation", "report", "outer_product"}},
  };
  return all;
}

TEST(Names, EveryValueHasItsRulesSpelling) {
  for (const Enum &e : enums()) {
    ASSERT_EQ(static_cast<size_t>(e.count), e.spellings.size()) << e.what;
    for (int v = 0; v < e.count; ++v) {
      const char *n = e.name(v);
      ASSERT_NE(n, nullptr) << e.what << " " << v;
      EXPECT_EQ(std::string(n), e.spellings[static_cast<size_t>(v)]) << e.what << " " << v;
    }
  }
}

TEST(Names, AreUniqueWithinEachEnum) {
  for (const Enum &e : enums()) {
    std::set<std::string> seen;
    for (int v = 0; v < e.count; ++v) EXPECT_TRUE(seen.insert(e.name(v)).second) << e.what << " " << e.name(v);
  }
}

TEST(Names, OutOfRangeGivesNull) {
  for (const Enum &e : enums()) {
    for (int v : {-1, e.count, e.count + 1, 1 << 20, -(1 << 30)}) EXPECT_EQ(e.name(v), nullptr) << e.what << " " << v;
  }
}

// The enumerators the names belong to, by value (a renumbering would break site tables).
TEST(Names, MatchTheEnumerators) {
  EXPECT_STREQ(autoscale_op_name(AUTOSCALE_OP_CALL), "call");
  EXPECT_STREQ(autoscale_op_name(AUTOSCALE_OP_MATMUL), "matmul");
  EXPECT_STREQ(autoscale_statistics_name(AUTOSCALE_STATS_AMAX), "amax");
  EXPECT_STREQ(autoscale_class_name(AUTOSCALE_CLASS_CLEAR), "clear");
  EXPECT_STREQ(autoscale_action_name(AUTOSCALE_ACTION_KEEP), "keep");
  EXPECT_STREQ(autoscale_action_name(AUTOSCALE_ACTION_SCALE), "scale");
  EXPECT_STREQ(autoscale_format_name(AUTOSCALE_BF16), "bf16");
  EXPECT_STREQ(autoscale_rounding_name(AUTOSCALE_ROUND_INPUTS), "inputs");
  EXPECT_STREQ(autoscale_strategy_name(AUTOSCALE_STRATEGY_EMPIRICAL), "empirical");
  EXPECT_STREQ(autoscale_amax_reduce_name(AUTOSCALE_AMAX_MOST_RECENT), "most_recent");
  EXPECT_STREQ(autoscale_slot_name(AUTOSCALE_SLOT_OUTPUT), "output");
  EXPECT_STREQ(autoscale_idiom_name(AUTOSCALE_IDIOM_OUTER_PRODUCT), "outer_product");
}

}  // namespace
