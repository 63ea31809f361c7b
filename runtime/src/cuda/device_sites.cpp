// CUDA code's sites (autoscale/device_sites.h): the device state arrays rewritten files register,
// and the state of the host sites whose work runs on the GPU (library_sites.h: cuBLAS calls),
// rolled at every autoscale_step() (slot_rolls.cu), and the counters the report and the summary
// read (sites/device_sites.h).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <vector>

#include "autoscale/device_sites.h"
#include "autoscale/format.h"
#include "cuda/library_sites.h"
#include "cuda/slot_rolls.h"
#include "reports/report.h"
#include "scaling/scale_math.h"
#include "sites/device_sites.h"

namespace autoscale::detail {
namespace {

bool rolls_history(const autoscale_site &s) {
  return s.action == AUTOSCALE_ACTION_SCALE && s.strategy != AUTOSCALE_STRATEGY_STATIC && s.format != AUTOSCALE_FP32;
}

// One rewritten file's device sites, or one library site.
struct Table {
  autoscale_site *sites;  // the host's table: the same records as the device's
  int count;
  const void *symbol;     // its __device__ state array, as the host compilation names it; NULL for
                          // a library site, whose state the runtime allocated
  autoscale_device_site_state *device = nullptr;
  bool resolved = false;                          // its rolls and copy exist
  bool records = false;                           // a site not at fp32: something to read back
  autoscale_device_site_state *copy = nullptr;    // pinned: where a step's copy lands
  cudaEvent_t copied = nullptr;                   // recorded after that copy
  bool pending = false;                           // a copy is queued and not read yet
  std::vector<autoscale_device_site_state> last;  // as of the last copy read
  std::vector<float> amax_ever;                   // per site and slot
};

class CudaDeviceSites final : public DeviceSites {
 public:
  void add(autoscale_site *sites, int count, const void *symbol) {
    std::lock_guard<std::mutex> lock(mutex_);
    tables_.push_back(Table{sites, count, symbol});
  }

  // The site's state; *fresh when this call allocated it.
  LibrarySite library(autoscale_site *site, bool *fresh) {
    std::lock_guard<std::mutex> lock(mutex_);
    *fresh = false;
    auto found = library_.find(site);
    if (found == library_.end()) {
      void *state = nullptr;
      if (!complain_locked("allocating a library site's state", cudaMalloc(&state, sizeof(autoscale_device_site_state))) ||
          !complain_locked("clearing a library site's state", cudaMemset(state, 0, sizeof(autoscale_device_site_state))))
        return LibrarySite{nullptr, false};
      Table t{site, 1, nullptr};
      t.device = static_cast<autoscale_device_site_state *>(state);
      tables_.push_back(t);
      found = library_.emplace(site, LibraryEntry{t.device, steps_, {}}).first;
      *fresh = true;
    }
    return LibrarySite{found->second.state, steps_ > found->second.first_step};
  }

  void count(const autoscale_site *site, Fp8Refusal refusal) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto found = library_.find(site);
    if (found == library_.end()) return;
    ProductCounts &p = found->second.products;
    ++p.calls;
    if (refusal == Fp8Refusal::None) ++p.on_fp8;
    else p.otherwise = refusal_text(refusal);
  }

  // Nothing waits: the counters and this step's amaxes are copied behind the step's kernels on the
  // default stream (the previous step's copy is read first), then the roll is queued behind that.
  // A table whose sites all pass at fp32 records nothing, and costs nothing.
  void step() override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!resolve_locked()) return;
    for (Table &t : tables_) {
      if (!t.records) continue;
      read_copy_locked(t);
      t.pending = complain_locked("copying the device sites' counters",
                                  cudaMemcpyAsync(t.copy, t.device, bytes(t), cudaMemcpyDeviceToHost)) &&
                  complain_locked("copying the device sites' counters", cudaEventRecord(t.copied));
    }
    complain_locked("rolling the device sites", roll_slots(rolls_, roll_count_, steps_));
    ++steps_;
  }

  // Reads the counters as they are now. The report at exit runs after the CUDA runtime's teardown
  // (its handler was installed first), so the counters were read just before it (read_at_exit).
  void snapshot(std::vector<SiteSnapshot> &out, uint32_t first_id) override {
    std::lock_guard<std::mutex> lock(mutex_);
    read_now_locked();
    for (const Table &t : tables_) {
      if (t.last.empty()) continue;
      for (int i = 0; i < t.count; ++i) out.push_back(site_snapshot(t, i, first_id++));
    }
  }

 private:
  SiteSnapshot site_snapshot(const Table &t, int i, uint32_t id) const {
    const autoscale_site &site = t.sites[i];
    const bool rolls = rolls_history(site);
    SiteSnapshot s;
    s.site = &site;
    s.id = id;
    s.device = true;
    s.rolls = rolls ? steps_ : 0;
    for (int k = 0; k < AUTOSCALE_SLOT_COUNT; ++k) {
      const autoscale_device_slot &d = t.last[i].slot[k];
      SlotSnapshot &o = s.slot[k];
      o.passthrough = rolls && d.scale == 0.0f;  // calibrating
      o.scale = site.action == AUTOSCALE_ACTION_SCALE && site.strategy == AUTOSCALE_STRATEGY_STATIC
                    ? site.params.static_scale
                : rolls && !o.passthrough ? d.scale
                                          : 1.0f;
      o.amax = t.amax_ever[static_cast<size_t>(i) * AUTOSCALE_SLOT_COUNT + k];
      o.counters.amax_bits = d.amax_bits;
      o.counters.overflows = d.counts[AUTOSCALE_DEVICE_OVERFLOWS];
      o.counters.underflows = d.counts[AUTOSCALE_DEVICE_UNDERFLOWS];
      o.counters.nan_in = d.counts[AUTOSCALE_DEVICE_NAN_IN];
      o.counters.inf_in = d.counts[AUTOSCALE_DEVICE_INF_IN];
      o.counters.absorbed = d.counts[AUTOSCALE_DEVICE_ABSORBED];
    }
    if (t.symbol && rolls && site.strategy != AUTOSCALE_STRATEGY_DELAYED)
      s.strategy_note = "a device site: scaled as delayed scaling, one state per operand (no tensors)";
    // A host site without steps rolls every window of executions; the GPU counts none, so a device
    // site sets its scales at autoscale_step() only.
    if (t.symbol && rolls && steps_ == 0)
      s.warnings.push_back("no autoscale_step() call: a device site sets its scales at steps only, so its values "
                           "passed unrounded (calibrating) the whole run; name the step function in the rules "
                           "(step: {function: ...}) or call autoscale_step()");
    auto library = t.symbol ? library_.end() : library_.find(&site);
    if (library != library_.end()) {
      s.products = library->second.products;
      if (std::string warning = products_warning(s.products); !warning.empty()) s.warnings.push_back(warning);
    }
    return s;
  }

  void read_now_locked() {
    if (!resolve_locked()) return;
    for (Table &t : tables_) {
      if (!t.records) continue;
      read_copy_locked(t);
      if (complain_locked("reading the device sites' counters",
                          cudaMemcpy(t.copy, t.device, bytes(t), cudaMemcpyDeviceToHost)))
        fold_locked(t);
    }
  }

  static void read_at_exit();

  static size_t bytes(const Table &t) { return static_cast<size_t>(t.count) * sizeof(autoscale_device_site_state); }

  // Reads the copy the last step queued, if any.
  void read_copy_locked(Table &t) {
    if (!t.pending) return;
    t.pending = false;
    if (complain_locked("reading the device sites' counters", cudaEventSynchronize(t.copied))) fold_locked(t);
  }

  // The landed copy becomes the counters the report reads; its amaxes (the step's, before the roll
  // took them) raise the largest ever seen.
  void fold_locked(Table &t) {
    t.last.assign(t.copy, t.copy + t.count);
    for (int i = 0; i < t.count; ++i)
      for (int k = 0; k < AUTOSCALE_SLOT_COUNT; ++k) {
        float &ever = t.amax_ever[static_cast<size_t>(i) * AUTOSCALE_SLOT_COUNT + k];
        ever = nan_max(autoscale_bits_float_(t.last[i].slot[k].amax_bits), ever);
      }
  }

  // Finds the device arrays of tables registered since the last call and builds their rolls.
  // False when CUDA cannot (no device, or the runtime is gone at exit).
  bool resolve_locked() {
    // Registered when the program has used CUDA (it steps, or ends), so after the CUDA runtime's own
    // exit handler, and run before it.
    if (!exit_read_) exit_read_ = std::atexit(read_at_exit) == 0;
    std::vector<SlotRoll> added;
    for (Table &t : tables_) {
      if (t.resolved) continue;
      void *address = t.device;
      if (t.symbol && !complain_locked("finding the device sites", cudaGetSymbolAddress(&address, t.symbol)))
        return false;
      t.records = std::any_of(t.sites, t.sites + t.count, [](const autoscale_site &s) { return s.format != AUTOSCALE_FP32; });
      if (t.records) {
        void *copy = nullptr;
        if (!complain_locked("allocating the device sites' copy", cudaMallocHost(&copy, bytes(t))) ||
            !complain_locked("creating an event", cudaEventCreateWithFlags(&t.copied, cudaEventDisableTiming)))
          return false;
        t.copy = static_cast<autoscale_device_site_state *>(copy);
      }
      t.device = static_cast<autoscale_device_site_state *>(address);
      t.resolved = true;
      t.last.assign(static_cast<size_t>(t.count), autoscale_device_site_state{});
      t.amax_ever.assign(static_cast<size_t>(t.count) * AUTOSCALE_SLOT_COUNT, 0.0f);
      for (int i = 0; i < t.count; ++i) {
        const autoscale_site &s = t.sites[i];
        if (!rolls_history(s)) continue;
        const int length = s.params.history_len > 0 ? s.params.history_len : AUTOSCALE_DEFAULT_HISTORY_LEN;
        for (int k = 0; k < AUTOSCALE_SLOT_COUNT; ++k)
          added.push_back(SlotRoll{&t.device[i].slot[k], nullptr, length, s.params.amax_reduce, s.params.margin,
                                   scaling_max(s.format)});
      }
    }
    return added.empty() || grow_rolls_locked(added);
  }

  // The rolls and their histories live in device memory for the program's life.
  bool grow_rolls_locked(std::vector<SlotRoll> &added) {
    size_t floats = 0;
    for (const SlotRoll &r : added) floats += static_cast<size_t>(r.length);
    float *history = nullptr;
    SlotRoll *rolls = nullptr;
    if (!complain_locked("allocating the device sites' histories", cudaMalloc(&history, floats * sizeof(float))) ||
        !complain_locked("clearing the device sites' histories", cudaMemset(history, 0, floats * sizeof(float))))
      return false;
    for (SlotRoll &r : added) r.history = history, history += r.length;
    std::vector<SlotRoll> all(rolls_host_);
    all.insert(all.end(), added.begin(), added.end());
    if (!complain_locked("allocating the device sites' rolls", cudaMalloc(&rolls, all.size() * sizeof all[0])) ||
        !complain_locked("copying the device sites' rolls",
                         cudaMemcpy(rolls, all.data(), all.size() * sizeof all[0], cudaMemcpyHostToDevice)))
      return false;
    cudaFree(rolls_);
    rolls_ = rolls;
    rolls_host_ = std::move(all);
    roll_count_ = static_cast<int>(rolls_host_.size());
    return true;
  }

  // Says once what failed; true when nothing did. At exit, after the CUDA runtime's own teardown,
  // failing is expected and not worth a word.
  bool complain_locked(const char *what, cudaError_t e) {
    if (e == cudaSuccess) return true;
    cudaGetLastError();
    if (!complained_ && e != cudaErrorCudartUnloading)
      std::fprintf(stderr, "autoscale: %s: %s\n", what, cudaGetErrorString(e));
    complained_ = true;
    return false;
  }

  struct LibraryEntry {
    autoscale_device_site_state *state;
    unsigned long long first_step;  // steps_ at its first call
    ProductCounts products;         // at e4m3
  };

  static const char *refusal_text(Fp8Refusal r) {
    switch (r) {
    case Fp8Refusal::NoKernel:
      return "cuBLASLt has no FP8 kernel for the call (they need, among others, C's leading dimension and "
             "address in multiples of 16 bytes)";
    case Fp8Refusal::OldGpu: return "the GPU has none (FP8 needs sm_89 or later)";
    case Fp8Refusal::SwitchedOff: return "AUTOSCALE_CUDA_FP8=0";
    case Fp8Refusal::None: break;
    }
    return "";
  }

  std::mutex mutex_;
  std::vector<Table> tables_;
  std::map<const autoscale_site *, LibraryEntry> library_;
  std::vector<SlotRoll> rolls_host_;
  SlotRoll *rolls_ = nullptr;
  int roll_count_ = 0;
  unsigned long long steps_ = 0;
  bool complained_ = false;
  bool exit_read_ = false;
};

// Never destroyed: reports run from atexit handlers.
CudaDeviceSites &cuda_device_sites() {
  static CudaDeviceSites *sites = new CudaDeviceSites;
  return *sites;
}

void CudaDeviceSites::read_at_exit() {
  CudaDeviceSites &sites = cuda_device_sites();
  std::lock_guard<std::mutex> lock(sites.mutex_);
  sites.read_now_locked();
}

}  // namespace

LibrarySite library_site(autoscale_site *site) {
  bool fresh = false;
  LibrarySite found = cuda_device_sites().library(site, &fresh);
  if (fresh) install_device_sites(&cuda_device_sites());
  return found;
}

void count_product(const autoscale_site *site, Fp8Refusal refusal) { cuda_device_sites().count(site, refusal); }

}  // namespace autoscale::detail

extern "C" int autoscale_cuda_register_sites(autoscale_site *host_sites, int count, const void *device_state_symbol) {
  using namespace autoscale::detail;
  cuda_device_sites().add(host_sites, count, device_state_symbol);
  install_device_sites(&cuda_device_sites());
  return 0;
}
