//===- SiteTable.h - the per-file table of sites ------------------------------===//
#ifndef AUTOSCALE_TOOL_EMIT_SITETABLE_H
#define AUTOSCALE_TOOL_EMIT_SITETABLE_H

#include "emit/Emit.h"

#include <string>

namespace autoscale::emit {

/// Identifier of the file's site table: a hash of its project-relative path, so a header's
/// table has the same name in every translation unit that includes it.
std::string siteTableName(llvm::StringRef Display);

/// What rewritten code names the table by: the table itself, or in CUDA files a macro that
/// means the device copy in device compilation and the host table otherwise.
std::string siteTableRef(const FileEdits &F);

/// The text put at the top of a rewritten file: the marker comment, the runtime include, the
/// ABI check and (when there are sites) the guarded table; then a #line directive so the lines
/// below keep their original numbers. FirstLine is the original line the prelude precedes;
/// Substitutions: every kind, each asked which header its sites need.
std::string prelude(const FileEdits &F, unsigned FirstLine,
                    llvm::ArrayRef<const SubstitutionKind *> Substitutions);

} // namespace autoscale::emit

#endif
