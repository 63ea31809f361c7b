// The operand memo (operand_memo.h): a few entries per thread, each an operand's address and layout,
// a copy of its values, its last job's quantised values and statistics.
#include "gemm/operand_memo.h"

#include <cfenv>
#include <cstring>
#include <vector>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "autoscale/format.h"

namespace autoscale::detail {
namespace {

constexpr int kEntries = 8;
// An operand whose values changed on two calls running is an activation, new every call: it is
// not copied for the next kSkipCalls calls, so a program of large products pays one comparison per
// call for it, not a copy.
constexpr int kMissesBeforeSkip = 2, kSkipCalls = 64;

struct Entry {
  QuantizeJob job{};                  // the operand and the job that quantised it; x null: empty
  std::vector<float> values;          // memory_order: x[0..n), else job.rows x job.cols row-major
  std::vector<unsigned char> out;     // its quantised values, rows x cols, densely
  QuantizeStats stats;
  unsigned mode = 0;                  // fp_mode() when the pass ran
  // Whether values, out and stats hold a pass: an operand is copied from its second call on, so
  // one met once (an input row at a new address every call) costs no copy.
  bool remembered = false;
  int misses = 0, skip = 0;
  // A new operand replaces the entry of fewest hits, the least recently used of them: operands met
  // once (an input row at a new address every call) take each other's place, not a weight's.
  uint64_t hits = 0, used = 0;
  uint64_t verified = 0;  // the product whose remembered_amax found the values unchanged
};

struct Memo {
  Entry entries[kEntries];
  uint64_t product = 1;  // the product now quantising (product_quantised counts them)
};

Memo &memo() {
  thread_local Memo m;
  return m;
}

bool same_layout(const QuantizeJob &a, const QuantizeJob &b) {
  return a.x == b.x && a.rows == b.rows && a.cols == b.cols && a.rs == b.rs && a.cs == b.cs;
}

// Whether the operand fills the memory from x on without a gap, in either orientation (a dense
// matrix or its transpose): then its values are kept and compared as that memory, in one memcmp.
bool memory_order(const QuantizeJob &j) {
  return (j.cs == 1 && (j.rows == 1 || j.rs == ptrdiff_t(j.cols))) || (j.rs == 1 && (j.cols == 1 || j.cs == ptrdiff_t(j.rows)));
}

// Whether the operand's values now are the entry's copy, bit for bit (-0 is not 0, and a NaN
// equals its own bits).
bool unchanged(const Entry &e) {
  const QuantizeJob &j = e.job;
  const float *copy = e.values.data();
  if (memory_order(j)) return std::memcmp(j.x, copy, j.rows * j.cols * sizeof(float)) == 0;
  for (size_t i = 0; i < j.rows; ++i, copy += j.cols) {
    const float *row = j.x + ptrdiff_t(i) * j.rs;
    uint32_t differ = 0;  // or-ed without a branch per element
    for (size_t c = 0; c < j.cols; ++c)
      differ |= autoscale_float_bits_(row[ptrdiff_t(c) * j.cs]) ^ autoscale_float_bits_(copy[c]);
    if (differ) return false;
  }
  return true;
}

// rows rows of row_bytes each, from_ld and to_ld bytes apart: one copy when both are dense.
void copy_rows(const unsigned char *from, size_t from_ld, unsigned char *to, size_t to_ld, size_t rows, size_t row_bytes) {
  if (from_ld == row_bytes && to_ld == row_bytes) return static_cast<void>(std::memcpy(to, from, rows * row_bytes));
  for (size_t i = 0; i < rows; ++i) std::memcpy(to + i * to_ld, from + i * from_ld, row_bytes);
}

// The floating-point environment a pass rounds under, part of what it answers for: SSE's control
// bits (rounding mode, flush-to-zero, denormals-are-zero) where there are, else the rounding mode.
unsigned fp_mode() {
#if defined(__SSE__)
  return _mm_getcsr() & ~0x3Fu;  // the low 6 bits are sticky exception flags
#else
  return static_cast<unsigned>(std::fegetround());
#endif
}

// Whether e's quantised values are job's output: the same rounding of values it found unchanged.
bool answers(const Entry &e, const QuantizeJob &job, uint64_t product, unsigned mode) {
  return e.remembered && e.job.format == job.format && e.job.saturate == job.saturate && e.job.emit == job.emit &&
         std::memcmp(&e.job.scale, &job.scale, sizeof job.scale) == 0 && e.job.value_exponent == job.value_exponent &&
         e.mode == mode && (e.verified == product || unchanged(e));
}

// quantize(job), kept in e. The buffers grow first, so a failed allocation leaves e holding
// nothing; the values are copied before the pass and compared after it, so a pass that saw them
// change (another thread writing them) is not kept.
QuantizeStats quantize_into(Entry &e, const QuantizeJob &job, unsigned mode) {
  e.remembered = false;
  const size_t bytes = emit_bytes(job.format, job.emit), row_bytes = job.cols * bytes;
  e.values.resize(job.rows * job.cols);
  e.out.resize(job.rows * row_bytes);
  e.job = job;
  if (memory_order(job))
    std::memcpy(e.values.data(), job.x, e.values.size() * sizeof(float));
  else
    for (size_t i = 0; i < job.rows; ++i)
      for (size_t c = 0; c < job.cols; ++c) e.values[i * job.cols + c] = job.x[ptrdiff_t(i) * job.rs + ptrdiff_t(c) * job.cs];
  const QuantizeStats stats = quantize(job);
  if (!unchanged(e)) return stats;
  copy_rows(static_cast<const unsigned char *>(job.out), job.ld * bytes, e.out.data(), row_bytes, job.rows, row_bytes);
  e.stats = stats;
  e.mode = mode;
  e.remembered = true;
  return stats;
}

}  // namespace

bool remembered_amax(const float *x, size_t rows, size_t cols, ptrdiff_t rs, ptrdiff_t cs, uint32_t *amax_bits) {
  QuantizeJob asked{};
  asked.x = x, asked.rows = rows, asked.cols = cols, asked.rs = rs, asked.cs = cs;
  QuantizeJob transposed = asked;
  transposed.rows = cols, transposed.cols = rows, transposed.rs = cs, transposed.cs = rs;
  for (Entry &e : memo().entries)
    if (e.remembered && e.skip == 0 && (same_layout(e.job, asked) || same_layout(e.job, transposed)))
      if (unchanged(e)) {
        e.verified = memo().product;
        *amax_bits = e.stats.amax_bits;  // a quantising pass's amax is the operand's
        return true;
      }
  return false;
}

QuantizeStats quantize_remembered(const QuantizeJob &job) {
  if (job.rows > kMemoElements || job.cols > kMemoElements || job.rows * job.cols > kMemoElements ||
      job.rows * job.cols == 0)
    return quantize(job);
  Memo &m = memo();
  Entry *e = nullptr;
  for (Entry &candidate : m.entries)
    if (candidate.job.x && same_layout(candidate.job, job)) e = &candidate;
  if (!e) {  // met for the first time: only its address and layout are kept
    e = &m.entries[0];
    for (Entry &candidate : m.entries)
      if (candidate.hits < e->hits || (candidate.hits == e->hits && candidate.used < e->used)) e = &candidate;
    for (Entry &other : m.entries) other.hits /= 2;  // hits decay: operands no longer used give way
    *e = Entry{};
    e->job = job;
    e->used = m.product;
    return quantize(job);
  }
  e->used = m.product;
  if (e->skip > 0) {
    --e->skip;
    return quantize(job);
  }
  const unsigned mode = fp_mode();
  if (answers(*e, job, m.product, mode)) {
    const size_t bytes = emit_bytes(job.format, job.emit);
    copy_rows(e->out.data(), job.cols * bytes, static_cast<unsigned char *>(job.out), job.ld * bytes, job.rows,
              job.cols * bytes);
    e->misses = 0;
    ++e->hits;
    return e->stats;
  }
  if (e->remembered && ++e->misses >= kMissesBeforeSkip) {
    e->misses = 0;
    e->skip = kSkipCalls;
    return quantize(job);
  }
  return quantize_into(*e, job, mode);
}

void product_quantised() { ++memo().product; }

}  // namespace autoscale::detail
