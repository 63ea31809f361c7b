// The hook for CUDA code's sites (device_sites.h).
#include "sites/device_sites.h"

#include <atomic>

#include "sites/site_calls.h"

namespace autoscale::detail {
namespace {
std::atomic<DeviceSites *> installed{nullptr};
}  // namespace

void install_device_sites(DeviceSites *sites) {
  DeviceSites *none = nullptr;
  installed.compare_exchange_strong(none, sites);
  arrange_report_at_exit();
}

DeviceSites *device_sites() { return installed.load(std::memory_order_acquire); }

}  // namespace autoscale::detail
