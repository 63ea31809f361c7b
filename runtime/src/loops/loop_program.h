// A loop program (autoscale_loop_f) as the runtime holds it, and what it knows of one before it
// runs it in blocks: whether blocks may run it, and which of its ops carry values from one
// iteration to the next (loop_program_analysis.cpp). loop_programs.cpp runs it.
#ifndef AUTOSCALE_RUNTIME_LOOPS_LOOP_PROGRAM_H
#define AUTOSCALE_RUNTIME_LOOPS_LOOP_PROGRAM_H

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "autoscale/autoscale.h"

namespace autoscale::detail::loop_program {

inline constexpr int kBlock = 64;  // iterations per block: a multiple of the 8 lanes of a vector

// The ops a block runs lane after lane, in program order; a load of a cell reads the register of
// the cell's last store before it in the same iteration (same >= 0), else that of its last store
// in the iteration before (previous), else, in a block's first lane, memory.
struct CarriedOp {
  int op, same = -1, previous = -1;
};
// A value carried in a cell by one plain operation with a value the block computed — a sum,
// LOAD c; r = c + x; STORE c <- r, the cell's only store — runs over a block's lanes as a tight
// loop, in the loop's order, before the other carried ops: it reads none of them.
struct Recurrence {
  int load, arith;
};

struct Program {
  const autoscale_loop_op *ops;
  int count, registers;
  std::size_t n;
  float *const *arrays;
  const std::ptrdiff_t *strides;
  int array_count;
  const float *params;
  autoscale_site *const *sites;
  const void *const *keys;
  const autoscale_loop_function *functions;
  // Per op: it computes or stores a value carried from one iteration to the next (it depends on a
  // load of a carried cell: an element of stride 0 the loop also stores to), so blocks run it lane
  // after lane, in order, after the ops that do not (carried, in program order).
  const char *chained = nullptr;
  const std::vector<CarriedOp> *carried = nullptr;  // but the recurrences' ops
  const std::vector<Recurrence> *recurrences = nullptr;

  const void *key(int k) const { return k < 0 ? nullptr : keys[k]; }
  float &at(int array, std::size_t i) const { return arrays[array][static_cast<std::ptrdiff_t>(i) * strides[array]]; }
};

inline bool is_site_arithmetic(int code) { return code >= AUTOSCALE_LOOP_SITE_ADD && code <= AUTOSCALE_LOOP_SITE_DIV; }
inline bool has_site(int code) { return code >= AUTOSCALE_LOOP_SITE_ADD && code <= AUTOSCALE_LOOP_RESULT; }
// What a program's ops and which of its arrays have stride 0 decide: whether blocks may run it at
// all (no site counted twice), and its carried ops. Kept per thread and program, so a loop run
// again skips the analysis, which costs about as much as a short loop's run.
struct Analysis {
  std::vector<autoscale_loop_op> ops;  // the program it is of: a program's ops may be a buffer
                                       // reused at the same address
  uint64_t zero_strides = 0;           // bit a: array a has stride 0
  bool twice = false;
  std::vector<char> chained;
  std::vector<CarriedOp> carried;  // but the recurrences' ops
  std::vector<Recurrence> recurrences;
};

// What the analyses of a thread's programs keep between runs, and their scratch space.
struct AnalysisCache {
  std::vector<char> carried_register, marks;  // marks: per site or array, zeroed after use
  std::unordered_map<const autoscale_loop_op *, Analysis> analyses;
};

// Whether blocks may run the loop: every array a store writes is apart from every other array of
// the loop, or is the same elements read only before the store (x[i] = f(x[i])), or is a cell of
// stride 0 (a value carried from one iteration to the next, which blocks run lane by lane).
bool blocks_are_exact(const Program &p);

// The program's analysis, from the thread's cache where its ops and stride-0 arrays are the same.
const Analysis &analysis_of(const Program &p, AnalysisCache &cache);

}  // namespace autoscale::detail::loop_program

#endif
