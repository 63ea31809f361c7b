//===- CompileDatabase.h - a compilation database the command line names -----===//
#ifndef AUTOSCALE_TOOL_DRIVER_COMPILEDATABASE_H
#define AUTOSCALE_TOOL_DRIVER_COMPILEDATABASE_H

#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace autoscale::driver {

/// Why the compilation database that the arguments name with -p (a build directory, or one
/// below it) cannot be read, as an error message naming the file, line and column of a JSON
/// error; empty where -p is not given or the database loads. LibTooling would run without any
/// flags instead, and rewrite each file as the wrong program.
std::string compileDatabaseError(llvm::ArrayRef<const char *> Args);

} // namespace autoscale::driver

#endif
