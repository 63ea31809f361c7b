//===- SiteTable.cpp - the per-file table of sites ----------------------------===//
#include "emit/SiteTable.h"

#include "find/Finder.h"
#include "ruleset/Vocabulary.h"

#include "autoscale/config.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>

namespace autoscale::emit {

using namespace rules;

std::string siteTableName(llvm::StringRef Display) {
  // FNV-1a: stable across runs and machines, unlike std::hash.
  uint64_t H = 1469598103934665603ull;
  for (unsigned char C : Display) {
    H ^= C;
    H *= 1099511628211ull;
  }
  return "autoscale_sites_" + llvm::utohexstr((H >> 32) ^ (H & 0xffffffffu), /*LowerCase=*/true,
                                              /*Width=*/8);
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

static std::string siteInitialiser(const FileEdits &F, size_t Index) {
  const Site &S = F.Sites[Index];
  const Operation &Op = *S.Op;
  const Treatment &T = S.D->Treatment;
  const StrategyParams &P = T.Params;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  // The arguments of AUTOSCALE_SITE, in the order of autoscale/site.h.
  OS << "AUTOSCALE_SITE(" << cString(F.Display) << ", " << Op.Line << ", " << Op.Column << ", "
     << runtimeConstant(Op.Base).Spelling << ", " << cString(Op.OpName) << ", "
     << cString(Op.Key.Spelling) << ", " << runtimeConstant(*S.D->Class).Spelling << ", "
     << runtimeConstant(T.Action).Spelling << ", " << runtimeConstant(T.Format).Spelling << ", "
     << runtimeConstant(*T.Rounding).Spelling << ", " << (P.Saturate ? 1 : 0) << ", "
     << runtimeConstant(T.Strategy).Spelling << ", " << P.HistoryLen << ", "
     << runtimeConstant(P.Reduce).Spelling << ", " << P.Margin << ", "
     << floatLiteral(P.StaticScale) << ", " << P.AnalysisSteps << ", " << P.RecheckEvery << ", "
     << runtimeConstant(T.Statistics).Spelling << ", " << Index << ", " << S.FedBy[0] << ", "
     << S.FedBy[1] << ", " << S.FedBy[2] << ", " << cString(S.D->Rule) << ")";
  return Out;
}

std::string siteTableRef(const FileEdits &F) {
  std::string Table = siteTableName(F.Display);
  return F.Cuda ? Table + "_here" : Table;
}

std::string prelude(const FileEdits &F, unsigned FirstLine) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << find::RewrittenMarker << AUTOSCALE_VERSION
     << ": sites of this file; see the rewrite report. */\n"
     << "#include <autoscale/autoscale.h>\n"
     << "#if AUTOSCALE_ABI_VERSION != " << AUTOSCALE_ABI_VERSION << "\n"
     << "#error \"rewritten for autoscale ABI " << AUTOSCALE_ABI_VERSION << "\"\n"
     << "#endif\n";
  if (!F.Sites.empty()) {
    std::string Table = siteTableName(F.Display);
    std::string Guard = llvm::StringRef(Table).upper();
    auto Entries = [&](llvm::raw_ostream &OS) {
      for (size_t I = 0; I < F.Sites.size(); ++I)
        OS << "  " << siteInitialiser(F, I) << ",\n";
    };
    OS << "#ifndef " << Guard << "\n#define " << Guard << "\n";
    if (F.Cuda) {
      // Device code cannot reach host variables: it reads a device copy of the sites (and
      // rounds with their static decision; see autoscale.h). nvcc registers the copy from the
      // host compilation, so both compilations declare it; only the host one needs the table.
      OS << "#ifdef __CUDACC__\n"
         << "static __device__ autoscale_site " << Table << "_device[] = {\n";
      Entries(OS);
      OS << "};\n#endif\n#ifdef __CUDA_ARCH__\n#define " << siteTableRef(F) << " " << Table
         << "_device\n#else\n";
    }
    if (F.Header) // a unit using none of the header's functions must not warn about the table
      OS << "#if defined(__GNUC__)\n__attribute__((unused))\n#endif\n";
    OS << "static autoscale_site " << Table << "[] = {\n";
    Entries(OS);
    OS << "};\n";
    if (F.Cuda)
      OS << "#define " << siteTableRef(F) << " " << Table << "\n#endif\n";
    OS << "#endif\n";
  }
  OS << "#line " << FirstLine << "\n";
  return Out;
}

} // namespace autoscale::emit
