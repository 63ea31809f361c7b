// CUDA code's sites (autoscale/device_sites.h) as the host runtime sees them. libautoscale_cuda
// installs them when a rewritten file registers its device sites; the host then has them roll at
// every autoscale_step(), after its own sites, and adds them to every snapshot (report, summary).
// Internal to the runtime.
#ifndef AUTOSCALE_SRC_DEVICE_SITES_H
#define AUTOSCALE_SRC_DEVICE_SITES_H

#include <vector>

#include "reports/snapshot.h"

namespace autoscale::detail {

class DeviceSites {
 public:
  virtual void step() = 0;
  // Appends the device sites, ids counting on from first_id.
  virtual void snapshot(std::vector<SiteSnapshot> &sites, uint32_t first_id) = 0;

 protected:
  ~DeviceSites() = default;
};

// Installs the device sites (once: libautoscale_cuda has one) and arranges the report and the
// summary at exit, as a host site's first use does.
void install_device_sites(DeviceSites *sites);
DeviceSites *device_sites();  // nullptr when no CUDA code registered sites

}  // namespace autoscale::detail

#endif
