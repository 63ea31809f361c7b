// The runtime report: JSON for tools (report.cpp), a short summary for people (summary.cpp). Both
// are built from a RegistrySnapshot, so tests can check them without running a program to its exit.
#ifndef AUTOSCALE_SRC_REPORT_H
#define AUTOSCALE_SRC_REPORT_H

#include <cstddef>
#include <string>

#include "reports/snapshot.h"

namespace autoscale::detail {

// Version of the JSON report's schema; bumped on any incompatible change. Numbers that are not
// finite (an amax that reached inf, a NaN) are written as the strings "inf", "-inf" and "nan".
constexpr int kReportSchemaVersion = 2;

// What went wrong at a site and what to try (summary.cpp). Empty when nothing stands out. Sites
// that lost values (over/underflow, NaN/inf made, an error beyond the format's bound) rank before
// those whose results were only subnormal, which keep their values at lower precision; then by
// impact, the values they damaged: each value lost counts one, a subnormal one half, and an error
// beyond the format's bound its relative size per value rounded. A share would rank a line run
// once (a results report) above a kernel that lost a few percent of millions.
struct Finding {
  double impact = 0;
  bool lost_values = false;
  std::string what;
  std::string suggestion;
};
// Whether a ranks before b.
bool ranks_before(const Finding &a, const Finding &b);
Finding judge(const SiteSnapshot &s);

std::string report_json(const RegistrySnapshot &snapshot);
// The worst sites (at most max_sites), each with its source location and a suggestion.
std::string report_summary(const RegistrySnapshot &snapshot, std::size_t max_sites = 10);

// Slots whose values the site rounds to its format: where over/underflow can happen.
bool slot_rounded(const SiteSnapshot &s, int slot);
// The counters of the site's rounded slots, summed (amax_bits left 0).
SlotCounters rounded_totals(const SiteSnapshot &s);
// error_sum / value_sum, 0 when no value was counted.
double relative_error(const SlotCounters &c);
// The largest relative error of a rounded slot of s: an operand that loses 2% beside an exact one
// (a dot product of data with weights of -1, 0 and 1) lost 2%, not the 0.6% of their sums.
double worst_slot_error(const SiteSnapshot &s);
// A tensor as reports name it: its key's address, or "default" for the slot's own.
std::string tensor_name(const void *key);
// Where the first NaN or inf came from, and what to try, as one sentence.
std::string describe_origin(const NonFiniteOrigin &origin);
// The warning a rewritten cuBLAS call's products earn when some did not run on FP8 tensor cores;
// empty when all did.
std::string products_warning(const ProductCounts &products);

// The exit handler: the report to AUTOSCALE_REPORT (if set; a failure is printed), then the
// summary (unless AUTOSCALE_SUMMARY=0).
void report_at_exit();
// Has SIGINT and SIGTERM, where their action is the default, write the same before they end the
// program (interruptions.cpp).
void report_on_stop_signals();
// Writes them now for a signal that came while this thread held the registry's mutex, which it has
// just unlocked (RegistryMutex::unlock).
void stop_if_signalled();

}  // namespace autoscale::detail

#endif
