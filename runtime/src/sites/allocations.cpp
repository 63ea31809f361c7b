// The runtime's free and realloc, which end the tensors of the memory they free and then call the
// ones they replace (the C library's, a replacement allocator's or a sanitizer's). An ELF program's own
// definition of free takes the place of the C library's for every caller, the C++ library's
// operator delete included, as a replacement allocator's does; linking libautoscale brings this
// one in, because the sites' registration calls note_tensor_key.
//
// Cost: while no site names a tensor, one relaxed load per free; otherwise one per page of the block
// as well, and a lock and a binary search over the named keys only when a page of the block (or a
// page 16 MiB apart) holds a key; the registry's lock only when the block held one.
#include "sites/allocations.h"

#include <dlfcn.h>
#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "sites/site_registry.h"
#include "sites/site_scaling.h"

extern "C" {
// glibc's own entry points, for the calls made while the next definition is being looked up.
void __libc_free(void *);
void *__libc_realloc(void *, size_t);
// A sanitizer's (gcc's libasan, libtsan): the next definition where one is linked in. Looked up by
// name, not with dlsym, whose error strings a sanitizer's malloc allocates and glibc frees.
void __interceptor_free(void *) __attribute__((weak));
void *__interceptor_realloc(void *, size_t) __attribute__((weak));
}

namespace autoscale::detail {
namespace {

// The keys named tensors have, sorted, once per (site, slot) that names them.
struct KeyIndex {
  std::mutex mutex;
  std::vector<std::uintptr_t> keys;
};
KeyIndex &key_index() {
  static KeyIndex *index = new KeyIndex;  // never destroyed: frees run after static destructors
  return *index;
}
std::atomic<std::size_t> indexed_keys{0};

// The keys per 4 KiB page, direct-mapped onto kPageBuckets counters (a heap's pages are
// consecutive): a block whose pages count none holds no key, and its free takes no lock. Changed
// under the index's mutex, read without it.
constexpr std::size_t kPageBuckets = 4096;
constexpr unsigned kPageBits = 12;
std::atomic<std::uint32_t> page_keys[kPageBuckets];

std::atomic<std::uint32_t> &bucket_of(std::uintptr_t key) { return page_keys[(key >> kPageBits) % kPageBuckets]; }

bool may_hold_keys(std::uintptr_t begin, std::uintptr_t end) {
  const std::uintptr_t first = begin >> kPageBits, last = (end - 1) >> kPageBits;
  if (last - first >= kPageBuckets) return true;
  for (std::uintptr_t page = first; page <= last; ++page)
    if (page_keys[page % kPageBuckets].load(std::memory_order_relaxed) != 0) return true;
  return false;
}

// Set on a thread while it holds the index's mutex (whose vector may free memory): its frees then
// go straight to the next definition.
thread_local bool in_key_index = false;
// Set on a thread while it looks the next definitions up: a free inside dlsym goes to glibc's.
thread_local bool resolving = false;

struct Flag {
  explicit Flag(bool &flag) : flag(flag) { flag = true; }
  ~Flag() { flag = false; }
  bool &flag;
};

// Blocks with keys this thread freed while it held the registry mutex, whose tensors end when it
// unlocks it: the registry may be in the middle of a change then. Few ever are (a site named an
// address after its array was freed, and the runtime's own memory is there now); past the array's
// size the last range widens to cover the next, which may end a tensor between them early (it
// starts afresh, as a new array would).
struct FreedBlock {
  std::uintptr_t begin, end;
};
constexpr int kDeferredBlocks = 8;
thread_local FreedBlock deferred_blocks[kDeferredBlocks];
thread_local int deferred_count = 0;

void defer_block(std::uintptr_t begin, std::uintptr_t end) {
  if (deferred_count == kDeferredBlocks) {
    FreedBlock &last = deferred_blocks[kDeferredBlocks - 1];
    last = {std::min(last.begin, begin), std::max(last.end, end)};
    return;
  }
  deferred_blocks[deferred_count++] = {begin, end};
}

// Ends the tensors whose keys lie in the block [begin, end), about to be freed.
void forget_block(const void *block, std::size_t size) {
  const auto begin = reinterpret_cast<std::uintptr_t>(block), end = begin + size;
  if (size == 0 || !may_hold_keys(begin, end)) return;
  {
    Flag scope(in_key_index);
    KeyIndex &index = key_index();
    std::lock_guard<std::mutex> lock(index.mutex);
    auto first = std::lower_bound(index.keys.begin(), index.keys.end(), begin);
    auto last = std::lower_bound(first, index.keys.end(), end);
    if (first == last) return;
    for (auto k = first; k != last; ++k) bucket_of(*k).fetch_sub(1, std::memory_order_relaxed);
    indexed_keys.fetch_sub(static_cast<std::size_t>(last - first), std::memory_order_relaxed);
    index.keys.erase(first, last);
  }
  if (RegistryMutex::held_here()) {
    defer_block(begin, end);
    return;
  }
  Registry &reg = registry();
  std::lock_guard<RegistryMutex> lock(reg.mutex);
  forget_keys_locked(reg, begin, end);
}

bool tensors_named() { return indexed_keys.load(std::memory_order_relaxed) != 0 && !in_key_index; }

// The definition this one replaces: a sanitizer's, else the next in the lookup order (a replacement
// allocator's, or glibc's).
template <class Fn> Fn next_definition(std::atomic<Fn> &cache, const char *name, Fn sanitizer, Fn libc) {
  Fn fn = cache.load(std::memory_order_acquire);
  if (fn) return fn;
  if (sanitizer) return sanitizer;
  if (resolving) return libc;  // dlsym itself freeing memory
  {
    Flag scope(resolving);
    fn = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, name));
  }
  if (!fn) fn = libc;
  cache.store(fn, std::memory_order_release);
  return fn;
}

using FreeFn = void (*)(void *);
using ReallocFn = void *(*)(void *, std::size_t);
std::atomic<FreeFn> next_free{nullptr};
std::atomic<ReallocFn> next_realloc{nullptr};

}  // namespace

void end_blocks_freed_while_locked() {
  while (deferred_count > 0) {
    const FreedBlock block = deferred_blocks[--deferred_count];
    Registry &reg = registry();
    std::lock_guard<RegistryMutex> lock(reg.mutex);
    forget_keys_locked(reg, block.begin, block.end);
  }
}

void note_tensor_key(const void *key) {
  Flag scope(in_key_index);
  KeyIndex &index = key_index();
  std::lock_guard<std::mutex> lock(index.mutex);
  const auto k = reinterpret_cast<std::uintptr_t>(key);
  index.keys.insert(std::upper_bound(index.keys.begin(), index.keys.end(), k), k);
  bucket_of(k).fetch_add(1, std::memory_order_relaxed);
  indexed_keys.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace autoscale::detail

using namespace autoscale::detail;

extern "C" void free(void *p) {
  // Before the memory goes back: another thread may allocate it the moment it does.
  if (p && tensors_named()) forget_block(p, malloc_usable_size(p));
  next_definition(next_free, "free", &__interceptor_free, &__libc_free)(p);
}

extern "C" void *realloc(void *p, std::size_t size) {
  ReallocFn next = next_definition(next_realloc, "realloc", &__interceptor_realloc, &__libc_realloc);
  if (!p || !tensors_named()) return next(p, size);
  const std::size_t before = malloc_usable_size(p);
  void *q = next(p, size);
  // Moved (or freed, size 0): the old block is gone. A thread that allocated the old block again
  // and named it in a site between the two calls loses that new tensor's first state too; it
  // starts afresh once more, which changes no result of a program without a race.
  if (q != p && (q || size == 0)) {
    forget_block(p, before);
  } else if (q == p) {
    const std::size_t after = malloc_usable_size(q);
    if (after < before) forget_block(static_cast<char *>(p) + after, before - after);
  }
  return q;
}
