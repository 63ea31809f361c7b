// Per-thread blocks: growth, set-up, tensor switches, the sums and amaxes readers take, and the
// fold at thread exit.
#include "sites/thread_counters.h"

#include <pthread.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "check.h"
#include "sites/site_scaling.h"

extern "C" {
__thread autoscale_thread_view_ autoscale_tls_ = {nullptr, 0};
}

namespace autoscale::detail {

namespace {
// dst's event counts += src's (src read relaxed: its owner may be writing); the amax the larger.
template <class Dst> void add_events(Dst &dst, const Counters &src) {
  dst.amax_bits = std::max(dst.amax_bits, load_relaxed(src.amax_bits));
  dst.quantized += load_relaxed(src.quantized);
  dst.overflows += load_relaxed(src.overflows);
  dst.underflows += load_relaxed(src.underflows);
  dst.subnormals += load_relaxed(src.subnormals);
  dst.nan_in += load_relaxed(src.nan_in);
  dst.inf_in += load_relaxed(src.inf_in);
  dst.nan_out += load_relaxed(src.nan_out);
  dst.inf_out += load_relaxed(src.inf_out);
  dst.absorbed += load_relaxed(src.absorbed);
}
}  // namespace

void accumulate(SlotCounters &dst, const Counters &src) {
  add_events(dst, src);
  for (int lane = 0; lane < kLanes; ++lane) {
    dst.error_sum += load_relaxed(src.error_sum[lane]);
    dst.value_sum += load_relaxed(src.value_sum[lane]);
  }
}

void accumulate(Counters &dst, const Counters &src) {
  add_events(dst, src);
  for (int lane = 0; lane < kLanes; ++lane) {
    dst.error_sum[lane] += load_relaxed(src.error_sum[lane]);
    dst.value_sum[lane] += load_relaxed(src.value_sum[lane]);
  }
}

void accumulate(SlotCounters &dst, const SlotCounters &src) {
  dst.amax_bits = std::max(dst.amax_bits, src.amax_bits);
  dst.quantized += src.quantized;
  dst.error_sum += src.error_sum;
  dst.value_sum += src.value_sum;
  dst.overflows += src.overflows;
  dst.underflows += src.underflows;
  dst.subnormals += src.subnormals;
  dst.nan_in += src.nan_in;
  dst.inf_in += src.inf_in;
  dst.nan_out += src.nan_out;
  dst.inf_out += src.inf_out;
  dst.absorbed += src.absorbed;
}

uint64_t executions(const ThreadSite &t) {
  return load_relaxed(t.base) + load_relaxed(t.budget) - load_relaxed(t.left);
}

namespace {

// pthread destructor of a thread's block: its counters move into the sites' tensors, so reports
// still count them after the thread is gone.
void fold_thread_block(void *p) {
  auto *b = static_cast<ThreadBlock *>(p);
  Registry &reg = registry();
  std::lock_guard<RegistryMutex> lock(reg.mutex);
  uint32_t n = std::min<uint32_t>(b->capacity, static_cast<uint32_t>(reg.sites.size()));
  for (uint32_t id = 0; id < n; ++id) {
    ThreadSite &t = b->sites[id];
    SiteState *st = reg.sites[id];
    if (t.slot[AUTOSCALE_SLOT_OUTPUT].tag == 0) continue;  // never set up: nothing counted
    st->folded_executions += executions(t);
    for (int k = 0; k < kSlots; ++k) accumulate(st->tensors[t.active[k]].folded, t.slot[k].c);
    for (std::size_t i = 0; i < std::min<std::size_t>(t.parked_capacity, st->tensors.size()); ++i)
      accumulate(st->tensors[i].folded, t.parked[i]);
    std::free(t.parked);
  }
  reg.threads.erase(std::find(reg.threads.begin(), reg.threads.end(), b));
  std::free(b->sites);
  delete b;
  autoscale_tls_ = autoscale_thread_view_{nullptr, 0};
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

// The calling thread's array has no block for site id yet: creates or enlarges it.
__attribute__((noinline, cold)) ThreadSite &grow_thread_block(uint32_t id) {
  pthread_key_t key = thread_key();
  Registry &reg = registry();
  std::lock_guard<RegistryMutex> lock(reg.mutex);
  auto *b = static_cast<ThreadBlock *>(pthread_getspecific(key));
  if (!b) {
    b = new ThreadBlock;
    reg.threads.push_back(b);
    pthread_setspecific(key, b);
  }
  uint32_t cap = std::max<uint32_t>(64, b->capacity);
  while (cap <= id || cap < reg.sites.size()) cap *= 2;
  // calloc: a zero block is one not set up yet (tags 0), with zero counters.
  auto *sites = static_cast<ThreadSite *>(std::calloc(cap, sizeof(ThreadSite)));
  AUTOSCALE_CHECK(sites != nullptr, "out of memory for %u site counter blocks", cap);
  // Safe to copy: this thread is the only writer of its counters, and readers hold the mutex.
  if (b->sites) std::memcpy(sites, b->sites, b->capacity * sizeof(ThreadSite));
  std::free(b->sites);
  b->sites = sites;
  b->capacity = cap;
  autoscale_tls_ = autoscale_thread_view_{reinterpret_cast<unsigned char *>(sites), cap};
  return sites[id];
}

void copy_words(ThreadSlot &slot, const ScaleWords &w) {
  store_relaxed(slot.scale, w.scale);
  store_relaxed(slot.range_f, w.range_f);
  store_relaxed(slot.range_d, w.range_d);
}

// Every slot's default tensor active, with its scale; the first execution runs the window count.
void set_up_locked(SiteState *st, ThreadSite &t) {
  for (int k = 0; k < kSlots; ++k) {
    copy_words(t.slot[k], st->tensors[static_cast<std::size_t>(k)].words);
    t.active[k] = static_cast<uint8_t>(k);
    t.slot[k].tag = autoscale_tag_(nullptr);
  }
  t.budget = t.left = 1;
}

// The thread's parked counters of tensor `index`, the array grown to hold it.
Counters &parked(ThreadSite &t, std::size_t index) {
  if (index >= t.parked_capacity) {
    auto cap = static_cast<uint32_t>(std::max<std::size_t>(2 * index + 1, 8));
    auto *p = static_cast<Counters *>(std::realloc(t.parked, cap * sizeof(Counters)));
    AUTOSCALE_CHECK(p != nullptr, "out of memory for %u tensor counters", cap);
    std::memset(p + t.parked_capacity, 0, (cap - t.parked_capacity) * sizeof(Counters));
    t.parked = p;
    t.parked_capacity = cap;
  }
  return t.parked[index];
}

// The counters of thread block t for tensor `index` of its site: the active ones, or parked ones.
Counters *counters_of(const SiteState *st, ThreadSite &t, std::size_t index) {
  int slot = st->tensors[index].slot;
  if (t.slot[AUTOSCALE_SLOT_OUTPUT].tag == 0) return nullptr;
  if (t.active[slot] == index) return &t.slot[slot].c;
  return index < t.parked_capacity ? &t.parked[index] : nullptr;
}

}  // namespace

ThreadSite &thread_site(SiteState *st) {
  ThreadSite &t = st->id < autoscale_tls_.capacity ? this_thread_sites()[st->id] : grow_thread_block(st->id);
  if (__builtin_expect(t.slot[AUTOSCALE_SLOT_OUTPUT].tag == 0, 0)) {
    std::lock_guard<RegistryMutex> lock(registry().mutex);
    set_up_locked(st, t);
  }
  return t;
}

void use_tensors(SiteState *st, ThreadSite &t, std::initializer_list<int> slots, const void *const keys[kSlots]) {
  bool same = true;
  for (int slot : slots) same = same && t.slot[slot].tag == autoscale_tag_(keys[slot]);
  if (same) return;
  Registry &reg = registry();
  std::lock_guard<RegistryMutex> lock(reg.mutex);
  for (int slot : slots) {
    if (t.slot[slot].tag == autoscale_tag_(keys[slot])) continue;  // its tensor is active already
    std::size_t index = tensor_index_locked(reg, st, slot, keys[slot]);
    std::size_t old = t.active[slot];
    if (index != old) {
      parked(t, old) = t.slot[slot].c;
      Counters &next = parked(t, index);
      t.slot[slot].c = next;
      next = Counters{};
      t.active[slot] = static_cast<uint8_t>(index);
    }
    // Also when the index is the same: a freed tensor's place taken by a new key has a new scale.
    copy_words(t.slot[slot], st->tensors[index].words);
    store_relaxed(t.slot[slot].tag, autoscale_tag_(keys[slot]));
  }
}

Counters &tensor_counters(SiteState *st, ThreadSite &t, int slot, const void *key) {
  // The indices this thread looked up last: a site's tensor keeps its index until its memory is
  // freed (forget_keys_locked), so an entry holds while no tensor was freed since it was made
  // (Registry::tensors_freed). Two ways a set, the one used last first, in one
  // cache line: room for the operands of some hundred GEMM sites, or for the rows of a data set
  // that a per-sample product names one by one. The MLP example's 256 rows, 64 bytes apart, at
  // two sites: direct-mapped on an xor of the addresses, about a fifth of the keys shared an entry
  // (a simulation), and each miss took the registry's lock to search the site's named tensors.
  struct Entry {
    const SiteState *st;
    const void *key;
    int slot;
    std::size_t index;
    uint64_t freed;  // Registry::tensors_freed when the entry was made
  };
  constexpr int kSetBits = 9;
  alignas(64) thread_local Entry cache[std::size_t{1} << kSetBits][2] = {};
  // Fibonacci hashing: the product's high bits depend on every bit of the key.
  const std::uint64_t h = ((reinterpret_cast<std::uintptr_t>(st) * 0x9E3779B97F4A7C15u) ^
                           reinterpret_cast<std::uintptr_t>(key) ^ static_cast<std::uint64_t>(slot)) *
                          0xD6E8FEB86659FD93u;
  Entry *set = cache[h >> (64 - kSetBits)];
  Registry &reg = registry();
  const uint64_t freed = load_relaxed(reg.tensors_freed);
  const auto holds = [&](const Entry &e) { return e.st == st && e.key == key && e.slot == slot && e.freed == freed; };
  if (!holds(set[0])) {
    if (holds(set[1])) {
      std::swap(set[0], set[1]);
    } else {
      std::lock_guard<RegistryMutex> lock(reg.mutex);
      set[1] = set[0];
      set[0] = {st, key, slot, tensor_index_locked(reg, st, slot, key), load_relaxed(reg.tensors_freed)};
    }
  }
  const Entry &e = set[0];
  if (t.active[slot] == e.index) return t.slot[slot].c;
  if (e.index >= t.parked_capacity) {  // the array grows: readers hold the lock
    std::lock_guard<RegistryMutex> lock(reg.mutex);
    return parked(t, e.index);
  }
  return t.parked[e.index];
}

// A tag no key gives (a key's tag is its address + 1): the slot's next execution looks its tensor up.
constexpr uint64_t kNoTensorTag = ~uint64_t{0};

void forget_tensor_locked(Registry &reg, SiteState *st, std::size_t index) {
  const int slot = st->tensors[index].slot;
  for (ThreadBlock *b : reg.threads) {
    if (st->id >= b->capacity) continue;
    ThreadSite &t = b->sites[st->id];
    if (t.slot[AUTOSCALE_SLOT_OUTPUT].tag != 0 && t.active[slot] == index) store_relaxed(t.slot[slot].tag, kNoTensorTag);
  }
}

void publish_scale_locked(Registry &reg, SiteState *st, int index, float scale) {
  publish_words_locked(reg, st, index, scale_words(st->format, scale));
}

void publish_words_locked(Registry &reg, SiteState *st, int index, const ScaleWords &words) {
  Tensor &tensor = st->tensors[static_cast<std::size_t>(index)];
  tensor.words = words;
  for (ThreadBlock *b : reg.threads) {
    if (st->id >= b->capacity) continue;
    ThreadSite &t = b->sites[st->id];
    if (t.slot[AUTOSCALE_SLOT_OUTPUT].tag != 0 && t.active[tensor.slot] == index) copy_words(t.slot[tensor.slot], tensor.words);
  }
}

SlotCounters sum_tensor_locked(Registry &reg, const SiteState *st, int index) {
  SlotCounters sum;
  const auto i = static_cast<std::size_t>(index);
  accumulate(sum, st->tensors[i].folded);
  for (ThreadBlock *b : reg.threads)
    if (st->id < b->capacity)
      if (Counters *c = counters_of(st, b->sites[st->id], i)) accumulate(sum, *c);
  return sum;
}

uint64_t sum_executions_locked(Registry &reg, const SiteState *st) {
  uint64_t n = st->folded_executions;
  for (ThreadBlock *b : reg.threads)
    if (st->id < b->capacity) n += executions(b->sites[st->id]);
  return n;
}

uint32_t take_amax_locked(Registry &reg, SiteState *st, int index) {
  const auto i = static_cast<std::size_t>(index);
  uint32_t a = st->tensors[i].folded.amax_bits;
  st->tensors[i].folded.amax_bits = 0;
  for (ThreadBlock *b : reg.threads)
    if (st->id < b->capacity)
      if (Counters *c = counters_of(st, b->sites[st->id], i))
        a = std::max(a, __atomic_exchange_n(&c->amax_bits, 0u, __ATOMIC_RELAXED));
  return a;
}

}  // namespace autoscale::detail
