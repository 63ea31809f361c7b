//===- Depfile.cpp - the Makefile rule a build system reads for its dependencies ===//
#include "driver/Depfile.h"

namespace autoscale::driver {
namespace {

/// A path as a Makefile word: a space or '#' behind a backslash, '$' doubled (what GCC's -MD
/// writes, and what Ninja's depfile parser undoes).
std::string makeWord(const std::string &Path) {
  std::string Out;
  for (char C : Path) {
    if (C == ' ' || C == '#')
      Out += '\\';
    else if (C == '$')
      Out += '$';
    Out += C;
  }
  return Out;
}

} // namespace

std::string depfileRule(const std::vector<std::string> &Targets,
                        const std::set<std::string> &Prerequisites) {
  std::string Out;
  for (const std::string &T : Targets)
    Out += (Out.empty() ? "" : " ") + makeWord(T);
  Out += ":";
  for (const std::string &P : Prerequisites)
    Out += " \\\n  " + makeWord(P);
  Out += "\n";
  // A rule without prerequisites for each (GCC's -MP): a header deleted or renamed since makes
  // the targets out of date instead of stopping make ("no rule to make target").
  for (const std::string &P : Prerequisites)
    Out += "\n" + makeWord(P) + ":\n";
  return Out;
}

} // namespace autoscale::driver
