// The runtime report: JSON for tools, a short summary for people. Both are built from a
// RegistrySnapshot, so tests can check them without running a program to its exit.
#ifndef AUTOSCALE_SRC_REPORT_H
#define AUTOSCALE_SRC_REPORT_H

#include <string>

#include "site_registry.h"

namespace autoscale {

// Version of the JSON report's schema; bumped on any incompatible change.
constexpr int kReportSchemaVersion = 1;

std::string report_json(const RegistrySnapshot &snapshot);
// The worst sites (at most max_sites), each with its source location and a suggestion.
std::string report_summary(const RegistrySnapshot &snapshot, size_t max_sites = 10);

}  // namespace autoscale

#endif
