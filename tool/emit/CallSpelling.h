//===- CallSpelling.h - runtime calls spelled from shapes and decisions ------===//
//
// The one place that spells the runtime's entry points in rewritten code: an operation's call
// (autoscale_mul_f(site, a, b), autoscale_add_assign_f(site, &(x), y), the C++ generics, math
// calls through autoscale_operand_* / autoscale_result_*), and autoscale_step().
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_EMIT_CALLSPELLING_H
#define AUTOSCALE_TOOL_EMIT_CALLSPELLING_H

#include "emit/Edit.h"
#include "decide/Decide.h"
#include "find/Operation.h"
#include "ruleset/Vocabulary.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace autoscale::emit {

/// The type column of the runtime's entry points (autoscale/entry_points.h) for a type K computes in.
rules::EntryType entryType(FloatKind K);

/// How a scalar call is spelled. Inline, the call compiles to its site's whole hot path (a few
/// hundred instructions): worth it where the call runs often and the code around it is small, in
/// the body of a loop of at most MaxInlineLoopOperations rewritten operations. Elsewhere (code
/// outside loops, large loop bodies) the runtime's out-of-line twin, one call to compile with the
/// same bits (autoscale/entry_points.h). CUDA units are always inline: device code has no twins.
/// docs/PERFORMANCE.md has the measurements behind the bound.
enum class CallForm { Inline, Compact };
constexpr unsigned MaxInlineLoopOperations = 64;
CallForm callForm(const Operation &Op, unsigned OperationsInItsLoop);

/// The edits that turn the rewritten operation Op into its runtime call; Site is the expression
/// naming its site ("&autoscale_sites_1a2b3c4d[7]"), Text the file's current contents.
std::vector<Edit> callEdits(const Operation &Op, const Decision &D, CallForm Form,
                            llvm::StringRef Site, llvm::StringRef Text);

/// The tensor keys a scaled binary operation passes its site (autoscale_mul_tensors_f's last
/// two arguments), in operand order; none where the call takes none (autoscale_mul_f).
std::vector<std::string> tensorKeys(const RewriteShape &S, const Decision &D);

/// The edits of P: the autoscale_step() that ends a step, or the autoscale_begin_steps() where
/// the steps begin.
std::vector<Edit> stepEdits(const StepPoint &P);

} // namespace autoscale::emit

#endif
