//===- SiteTable.cpp - the per-file table of sites ----------------------------===//
#include "emit/SiteTable.h"

#include "find/Finder.h"
#include "ruleset/Vocabulary.h"

#include "autoscale/config.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>
#include <set>

namespace autoscale::emit {

using namespace rules;

std::string siteTableName(llvm::StringRef Display) {
  // FNV-1a: stable across runs and machines, unlike std::hash. All 64 bits: two files of one
  // unit whose names agree share a table guard, and the second indexes the first's table (32 bits
  // gave realistic pairs: image_graph_ops.h and include/solver_dot_utils.h).
  uint64_t H = 1469598103934665603ull;
  for (unsigned char C : Display) {
    H ^= C;
    H *= 1099511628211ull;
  }
  return "autoscale_sites_" + llvm::utohexstr(H, /*LowerCase=*/true, /*Width=*/16);
}

static std::string cString(llvm::StringRef S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (C == '\n') {
      Out += "\\n";
      continue;
    }
    Out += C;
  }
  return Out + "\"";
}

/// A float literal that reads back as exactly V in C and C++ ("1.0f", "0.25f", "1e+10f").
static std::string floatLiteral(float V) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.9g", static_cast<double>(V));
  std::string S = Buf;
  if (S.find_first_of(".e") == std::string::npos)
    S += ".0";
  return S + "f";
}

/// The arguments of AUTOSCALE_SITE for a site, in the order of autoscale/site.h (without the
/// parentheses): AUTOSCALE_DEVICE_SITE takes the same after the site's device state.
static std::string siteArguments(const FileEdits &F, size_t Index) {
  const Site &S = F.Sites[Index];
  const Operation &Op = *S.Op;
  const Treatment &T = S.D->Treatment;
  const StrategyParams &P = T.Params;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << cString(F.Display) << ", " << Op.Line << ", " << Op.Column << ", "
     << runtimeConstant(Op.Base).Spelling << ", " << cString(Op.OpName) << ", "
     << cString(Op.Key.Spelling) << ", " << runtimeConstant(*S.D->Class).Spelling << ", "
     << runtimeConstant(T.Action).Spelling << ", " << runtimeConstant(T.Format).Spelling << ", "
     << runtimeConstant(*T.Rounding).Spelling << ", " << (P.Saturate ? 1 : 0) << ", "
     << runtimeConstant(T.Strategy).Spelling << ", " << P.HistoryLen << ", "
     << runtimeConstant(P.Reduce).Spelling << ", " << P.Margin << ", "
     << floatLiteral(P.StaticScale) << ", " << P.AnalysisSteps << ", " << P.RecheckEvery << ", "
     << runtimeConstant(T.Statistics).Spelling << ", " << Index << ", " << S.FedBy[0] << ", "
     << S.FedBy[1] << ", " << S.FedBy[2] << ", " << cString(S.D->Rule);
  return Out;
}

std::string siteTableRef(const FileEdits &F) {
  std::string Table = siteTableName(F.Display);
  return F.Cuda ? Table + "_here" : Table;
}

std::string prelude(const FileEdits &F, unsigned FirstLine,
                    llvm::ArrayRef<const SubstitutionKind *> Substitutions) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << find::RewrittenMarker << AUTOSCALE_VERSION
     << ": sites of this file; see the rewrite report. */\n"
     << "#include <autoscale/autoscale.h>\n"
     << "#if AUTOSCALE_ABI_VERSION != " << AUTOSCALE_ABI_VERSION << "\n"
     << "#error \"rewritten for autoscale ABI " << AUTOSCALE_ABI_VERSION << "\"\n"
     << "#endif\n";
  std::set<std::string> Headers;
  for (const Site &S : F.Sites)
    for (const SubstitutionKind *K : Substitutions)
      if (llvm::StringRef Header = K->headerFor(*S.Op); !Header.empty())
        Headers.insert(Header.str());
  for (const std::string &Header : Headers)
    OS << "#include <" << Header << ">\n";
  if (!F.Sites.empty()) {
    std::string Table = siteTableName(F.Display);
    std::string Guard = llvm::StringRef(Table).upper();
    OS << "#ifndef " << Guard << "\n#define " << Guard << "\n";
    if (F.Cuda) {
      // Device code reads a constant device copy of the sites, whose fields the device compiler
      // folds, each pointing at its slots' state in device memory (autoscale/device_sites.h). nvcc
      // registers device variables from the host compilation, so both compilations declare them;
      // the host one registers the state with the runtime and keeps its own table.
      OS << "#ifdef __CUDACC__\n"
         << "static __device__ autoscale_device_site_state " << Table << "_device_state["
         << F.Sites.size() << "];\n"
         << "static __device__ autoscale_device_site_state *const " << Table << "_device_cells[] = {";
      for (size_t I = 0; I < F.Sites.size(); ++I)
        OS << (I ? ", " : "") << "&" << Table << "_device_state[" << I << "]";
      OS << "};\n"
         << "static __device__ const autoscale_site " << Table << "_device[] = {\n";
      for (size_t I = 0; I < F.Sites.size(); ++I)
        OS << "  AUTOSCALE_DEVICE_SITE(&" << Table << "_device_cells[" << I << "], "
           << siteArguments(F, I) << ", " << (F.Sites[I].Tallied ? 1 : 0) << "),\n";
      OS << "};\n#endif\n#ifdef __CUDA_ARCH__\n#define " << siteTableRef(F)
         << (F.KernelBodies.empty() ? " AUTOSCALE_SITE_TABLE(" : " AUTOSCALE_KERNEL_SITE_TABLE(") << Table
         << "_device)\n#else\n";
    }
    // The records are constant, so the compiler folds each call's path (autoscale/site.h); the
    // runtime registers each site's state in its cell.
    const std::string Unused = // a unit using none of the header's functions must not warn
        F.Header ? "#if defined(__GNUC__)\n__attribute__((unused))\n#endif\n" : "";
    OS << Unused << "static struct autoscale_site_state *" << Table << "_cells[" << F.Sites.size()
       << "];\n"
       << Unused << "static const autoscale_site " << Table << "_records[] = {\n";
    for (size_t I = 0; I < F.Sites.size(); ++I)
      OS << "  AUTOSCALE_SITE(&" << Table << "_cells[" << I << "], " << siteArguments(F, I) << "),\n";
    // Host code names the table through a function: an OpenMP region under default(none) asks
    // no data-sharing clause for it, as it would for the variable (inlined, the records still
    // fold). A CUDA file's host pass also reads its kernels, which cannot call a host function.
    OS << "};\n";
    if (F.Cuda)
      OS << "#define " << Table << " AUTOSCALE_SITE_TABLE(" << Table << "_records)\n";
    else
      OS << Unused << "static inline AUTOSCALE_FORCE_INLINE autoscale_site *" << Table
         << "_table(void) { return AUTOSCALE_SITE_TABLE(" << Table << "_records); }\n"
         << "#define " << Table << " (" << Table << "_table())\n";
    if (F.Cuda)
      OS << "__attribute__((unused)) static const int " << Table
         << "_registered = autoscale_cuda_register_sites(" << Table << ", " << F.Sites.size() << ", &"
         << Table << "_device_state);\n"
         << "#define " << siteTableRef(F) << " " << Table << "\n#endif\n";
    OS << "#endif\n";
  }
  OS << "#line " << FirstLine << "\n";
  return Out;
}

} // namespace autoscale::emit
