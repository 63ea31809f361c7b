//===- GemmSpelling.h - the runtime GEMM call of a matmul site ---------------===//
#ifndef AUTOSCALE_TOOL_EMIT_GEMMSPELLING_H
#define AUTOSCALE_TOOL_EMIT_GEMMSPELLING_H

#include "emit/Edit.h"
#include "find/Operation.h"

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace autoscale::emit {

/// The edits of a matmul site (Op.Shape->Gemm): the code it replaces goes (its line breaks
/// stay, so the lines below keep their numbers) and the call takes its place:
///   autoscale_matmul_f(site, m, n, k, a, a_rs, a_cs, b, b_rs, b_cs, d, d_rs, d_cs, c, c_rs, c_cs);
/// inside `for (size_t autoscale_batch0 = 0; ...)` loops for a batch. Site is the expression
/// naming its site, Text the file's contents.
std::vector<Edit> gemmEdits(const Operation &Op, llvm::StringRef Site, llvm::StringRef Text);

} // namespace autoscale::emit

#endif
