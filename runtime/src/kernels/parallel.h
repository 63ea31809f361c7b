// Loops over work items on the OpenMP threads (OMP_NUM_THREADS) only where the work pays for the
// fork. An OpenMP region costs about 0.4 us even when its if clause keeps it on one thread
// (GCC 12's libgomp, measured), and a product of a few hundred elements runs several per call, so
// small loops run as plain loops, without entering OpenMP at all. Internal to the runtime.
#ifndef AUTOSCALE_SRC_PARALLEL_H
#define AUTOSCALE_SRC_PARALLEL_H

#include <cstddef>
#ifdef _OPENMP
#include <omp.h>
#endif

namespace autoscale::detail {

// Whether a loop over this many elements forks the OpenMP threads.
constexpr std::size_t kParallelElements = std::size_t(1) << 15;
inline bool parallel_pays(std::size_t elements) { return elements >= kParallelElements; }

// The threads a parallel loop below runs on: one inside another thread's active region.
inline int loop_threads() {
#ifdef _OPENMP
  return omp_in_parallel() ? 1 : omp_get_max_threads();
#else
  return 1;
#endif
}

// body(item) for item in [0, items), on the threads when parallel.
template <class Body> void for_items(long items, bool parallel, Body body) {
  if (!parallel) {
    for (long item = 0; item < items; ++item) body(item);
    return;
  }
#pragma omp parallel for schedule(static)
  for (long item = 0; item < items; ++item) body(item);
}

// combine(...combine(init, body(0))..., body(items - 1)) in some order of the items (combine is
// associative and commutative: a maximum, sums of integers), on the threads when parallel.
template <class T, class Combine, class Body>
T reduce_items(long items, bool parallel, T init, Combine combine, Body body) {
  T total = init;
  if (!parallel) {
    for (long item = 0; item < items; ++item) total = combine(total, body(item));
    return total;
  }
#pragma omp parallel
  {
    T mine = init;
#pragma omp for schedule(static)
    for (long item = 0; item < items; ++item) mine = combine(mine, body(item));
#pragma omp critical(autoscale_reduce_items)
    total = combine(total, mine);
  }
  return total;
}

}  // namespace autoscale::detail

#endif
