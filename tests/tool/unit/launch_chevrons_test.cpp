// Unit tests of the joining of spaced launch chevrons: which chevrons are a launch's, and that the
// text keeps its length and lines.
#include "driver/LaunchChevrons.h"

#include <gtest/gtest.h>

namespace autoscale::driver {
namespace {

std::string joined(llvm::StringRef Text) {
  std::optional<std::string> Out = joinLaunchChevrons(Text);
  EXPECT_TRUE(Out.has_value()) << Text.str();
  if (!Out)
    return Text.str();
  EXPECT_EQ(Out->size(), Text.size());
  return *Out;
}

TEST(LaunchChevrons, JoinsBothPairsInPlace) {
  EXPECT_EQ(joined("k << <g, b >> > (x);"), "k <<< g, b >>>  (x);");
  EXPECT_EQ(joined("k<< <g, b>>>(x);"), "k<<< g, b>>>(x);");
  EXPECT_EQ(joined("k<<<g, b>> >(x);"), "k<<<g, b>>> (x);");
  EXPECT_EQ(joined("k <<\t<g, b >>\t>(x);"), "k <<< g, b >>> (x);");
}

TEST(LaunchChevrons, ConfigurationMayHoldShiftsAndBrackets) {
  EXPECT_EQ(joined("k << <dim3(n >> 1, (m > 2) ? 4 : 8), b[i >> 2] >> >(x);"),
            "k <<< dim3(n >> 1, (m > 2) ? 4 : 8), b[i >> 2] >>> (x);");
}

TEST(LaunchChevrons, DigitSeparatorsAreNumbers) {
  EXPECT_EQ(joined("k << <n / 256, 1'024 >> >(x);"), "k <<< n / 256, 1'024 >>> (x);");
}

TEST(LaunchChevrons, JoinsEveryLaunchOfTheText) {
  EXPECT_EQ(joined("f << <1, 2 >> >(a);\ng << <3, 4 >> >(b);"),
            "f <<< 1, 2 >>> (a);\ng <<< 3, 4 >>> (b);");
}

TEST(LaunchChevrons, LeavesWhatIsNotALaunch) {
  for (const char *Text : {
           "int x = a << b;",                          // no chevrons after a shift
           "Box<Box<Box<int>> > b;",                   // a template's closers, no opener
           "const char *s = \"k << <g, b >> >\";",     // in a string
           "// k << <g, b >> >(x)\nint y;",            // in a comment
           "/* k << <g, b >> >(x) */ int y;",          // in a block comment
           "k <<<g, b>>>(x);",                         // already joined
           "k << <g, b >>\n>(x);",                     // split across lines
           "k <<\n<g, b >> >(x);",
           // A specialisation of operator<<, then a template's closers further on.
           "friend std::ostream &operator<< <>(std::ostream &, const V<T> &);\n"
           "std::map<int, std::vector<std::vector<T>> > rows;",
           "k << <g, b; std::vector<std::vector<int>> > v;", // no closer within the statement
       })
    EXPECT_EQ(joinLaunchChevrons(Text), std::nullopt) << Text;
}

} // namespace
} // namespace autoscale::driver
