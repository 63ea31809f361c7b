//===- ProgramSpelling.h - the runtime call of a loop program ----------------===//
#ifndef AUTOSCALE_TOOL_EMIT_PROGRAMSPELLING_H
#define AUTOSCALE_TOOL_EMIT_PROGRAMSPELLING_H

#include "decide/Decide.h"
#include "emit/Edit.h"
#include "find/loops/LoopProgramShape.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace autoscale::emit {

/// A rewritten operation of the program: the expression naming its site, and its records.
struct ProgramSite {
  std::string Ref;
  const Operation *Op;
  const Decision *D;
};

/// The edit of a loop program (Decision::Program): the `for` statement goes (its line breaks
/// stay, so the lines below keep their numbers) and in its place a block declares the program's
/// ops, arrays, strides, parameters, sites, tensor keys and functions and calls
///   autoscale_loop_f(ops, op_count, registers, count, arrays, strides, array_count, params,
///                    sites, keys, functions);
/// Each operation of the loop is its site's op where Sites has it, else its plain arithmetic.
/// CCasts: a C unit reads the file (casts are spelled C's way).
std::vector<Edit> programEdits(const LoopProgramShape &P, const std::map<OpKey, ProgramSite> &Sites,
                               bool CCasts, llvm::StringRef Text);

} // namespace autoscale::emit

#endif
