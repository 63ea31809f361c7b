//===- Depfile.h - the Makefile rule a build system reads for its dependencies -===//
#ifndef AUTOSCALE_TOOL_DRIVER_DEPFILE_H
#define AUTOSCALE_TOOL_DRIVER_DEPFILE_H

#include <set>
#include <string>
#include <vector>

namespace autoscale::driver {

/// One Makefile rule, "targets: prerequisites", as compilers write with -MD -MP and as Ninja and
/// CMake's add_custom_command(DEPFILE) read it: spaces, '#' and '$' escaped, one prerequisite a
/// line, then an empty rule for each prerequisite.
std::string depfileRule(const std::vector<std::string> &Targets,
                        const std::set<std::string> &Prerequisites);

} // namespace autoscale::driver

#endif
