// Per-thread counter blocks: growth, the sums readers take, and the fold at thread exit.
#include "thread_counters.h"

#include <pthread.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "check.h"

namespace autoscale::detail {

__thread ThreadView tl_view __attribute__((tls_model("initial-exec"))) = {nullptr, 0};

void accumulate(SiteCounters &dst, const SiteCounters &src) {
  dst.executions += load_relaxed(src.executions);
  for (int k = 0; k < kSlots; ++k) {
    SlotCounters &d = dst.slot[k];
    const SlotCounters &s = src.slot[k];
    d.amax_bits = std::max(d.amax_bits, load_relaxed(s.amax_bits));
    d.quantized += load_relaxed(s.quantized);
    d.error_sum += load_relaxed(s.error_sum);
    d.value_sum += load_relaxed(s.value_sum);
    d.overflows += load_relaxed(s.overflows);
    d.underflows += load_relaxed(s.underflows);
    d.subnormals += load_relaxed(s.subnormals);
    d.nan_in += load_relaxed(s.nan_in);
    d.inf_in += load_relaxed(s.inf_in);
    d.nan_out += load_relaxed(s.nan_out);
    d.inf_out += load_relaxed(s.inf_out);
  }
}

namespace {

// pthread destructor of a thread's block: its counters move into the sites, so reports still
// count them after the thread is gone.
void fold_thread_block(void *p) {
  auto *b = static_cast<ThreadBlock *>(p);
  Registry &reg = registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  uint32_t n = std::min<uint32_t>(b->capacity, static_cast<uint32_t>(reg.sites.size()));
  for (uint32_t id = 0; id < n; ++id) accumulate(reg.sites[id]->folded, b->sites[id]);
  reg.threads.erase(std::find(reg.threads.begin(), reg.threads.end(), b));
  std::free(b->sites);
  delete b;
  tl_view = ThreadView{nullptr, 0};
}

// The key whose destructor folds a thread's block at its exit.
pthread_key_t thread_key() {
  static const pthread_key_t key = [] {
    pthread_key_t k;
    AUTOSCALE_CHECK(pthread_key_create(&k, fold_thread_block) == 0, "no pthread key for the counter blocks");
    return k;
  }();
  return key;
}

}  // namespace

__attribute__((noinline, cold)) SiteCounters &grow_thread_block(uint32_t id) {
  pthread_key_t key = thread_key();
  Registry &reg = registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  auto *b = static_cast<ThreadBlock *>(pthread_getspecific(key));
  if (!b) {
    b = new ThreadBlock;
    reg.threads.push_back(b);
    pthread_setspecific(key, b);
  }
  uint32_t cap = std::max<uint32_t>(64, b->capacity);
  while (cap <= id || cap < reg.sites.size()) cap *= 2;
  // calloc: zero counters, and next_flush 0 makes the first execution compute the real one.
  auto *sites = static_cast<SiteCounters *>(std::calloc(cap, sizeof(SiteCounters)));
  AUTOSCALE_CHECK(sites != nullptr, "out of memory for %u site counters", cap);
  // Safe to copy: this thread is the only writer, and readers hold the mutex we hold.
  if (b->sites) std::memcpy(sites, b->sites, b->capacity * sizeof(SiteCounters));
  std::free(b->sites);
  b->sites = sites;
  b->capacity = cap;
  tl_view = ThreadView{sites, cap};
  return sites[id];
}

SiteCounters sum_counters_locked(Registry &reg, const SiteState *st) {
  SiteCounters sum = st->folded;
  for (ThreadBlock *b : reg.threads)
    if (st->id < b->capacity) accumulate(sum, b->sites[st->id]);
  return sum;
}

uint32_t take_amax_locked(Registry &reg, SiteState *st, int slot) {
  uint32_t a = st->folded.slot[slot].amax_bits;
  st->folded.slot[slot].amax_bits = 0;
  for (ThreadBlock *b : reg.threads)
    if (st->id < b->capacity)
      a = std::max(a, __atomic_exchange_n(&b->sites[st->id].slot[slot].amax_bits, 0u, __ATOMIC_RELAXED));
  return a;
}

}  // namespace autoscale::detail
