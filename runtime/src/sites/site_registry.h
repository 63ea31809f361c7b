// The site registry: every registered site, the threads that keep counters for them, and the
// step bookkeeping, under one mutex. Internal to the runtime.
#ifndef AUTOSCALE_SRC_SITE_REGISTRY_H
#define AUTOSCALE_SRC_SITE_REGISTRY_H

#include <cstdint>
#include <mutex>
#include <vector>

#include "sites/site_state.h"

namespace autoscale::detail {

struct ThreadBlock;  // thread_counters.h

// The registry's mutex, which knows whether this thread holds it. Memory freed while it is held (a
// table of the registry growing, a report's strings) may hold a named tensor's key, when a site
// named an address after its array was freed; ending that tensor takes this mutex, so it waits
// until the thread unlocks it (allocations.cpp: end_blocks_freed_while_locked). So does the report
// of a SIGINT or SIGTERM that came meanwhile (interruptions.cpp).
class RegistryMutex {
 public:
  void lock() {
    mutex_.lock();
    held_here_ = true;
  }
  void unlock();
  static bool held_here() { return held_here_; }

 private:
  std::mutex mutex_;
  static thread_local bool held_here_;
};

struct Registry {
  RegistryMutex mutex;
  std::vector<SiteState *> sites;      // by id, in registration order
  std::vector<ThreadBlock *> threads;  // blocks of live threads
  uint64_t explicit_steps = 0;
  bool explicit_mode = false;   // autoscale_begin_steps or autoscale_step has been called: no more
                                // window rolls
  bool analysis_ended = false;  // an empirical site finished its analysis: rerun the on/off policy
  uint64_t window = 0;          // executions per window roll (AUTOSCALE_WINDOW)
  uint64_t tensors_freed = 0;   // named tensors ended by a free so far; read relaxed without the
                                // mutex by the caches of tensor indices (tensor_counters)
};

// The one registry. Never destroyed: sites run from static destructors and atexit handlers.
Registry &registry();

// The state of a site, registering it on first use. A site table the runtime cannot use stops the
// program, naming the site (site_check_failed).
SiteState *state_of(autoscale_site *site);

// Prints "file:line:column: autoscale: message" for the site and aborts: a site table that does
// not match this runtime is not an error a caller can handle (autoscale/status.h).
[[noreturn]] void site_check_failed(const autoscale_site *site, const char *what);

}  // namespace autoscale::detail

#endif
