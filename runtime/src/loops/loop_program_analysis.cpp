// What a loop program's ops decide before it runs in blocks (loop_program.h).
#include <algorithm>
#include <cstring>

#include "loops/loop_program.h"

namespace autoscale::detail::loop_program {
namespace {

// Whether two ops count executions of one site: their blocks would count in another order.
bool site_counted_twice(const Program &p, std::vector<char> &counted) {
  bool twice = false;
  for (int o = 0; o < p.count; ++o) {
    const autoscale_loop_op &op = p.ops[o];
    if (!has_site(op.code) || op.code == AUTOSCALE_LOOP_OPERAND) continue;
    twice |= counted[static_cast<std::size_t>(op.site)] != 0;
    counted[static_cast<std::size_t>(op.site)] = 1;
  }
  for (int o = 0; o < p.count; ++o)
    if (has_site(p.ops[o].code)) counted[static_cast<std::size_t>(p.ops[o].site)] = 0;
  return twice;
}

// Program::chained and Program::carried for p: the loads of carried cells and every op that reads
// a register they feed, or stores to a cell.
void mark_chained(const Program &p, AnalysisCache &b, Analysis &a) {
  std::fill(b.carried_register.begin(), b.carried_register.end(), 0);
  a.chained.assign(static_cast<std::size_t>(p.count), 0);
  a.carried.clear();
  std::vector<char> &stored = b.marks;  // per array: the loop stores to it
  for (int o = 0; o < p.count; ++o)
    if (p.ops[o].code == AUTOSCALE_LOOP_STORE) stored[static_cast<std::size_t>(p.ops[o].a)] = 1;
  const auto cell = [&](int array) { return p.strides[array] == 0 && stored[static_cast<std::size_t>(array)] != 0; };
  for (int o = 0; o < p.count; ++o) {
    const autoscale_loop_op &op = p.ops[o];
    bool chained = false;
    switch (op.code) {
    case AUTOSCALE_LOOP_LOAD: chained = cell(op.a); break;
    case AUTOSCALE_LOOP_STORE: chained = cell(op.a) || b.carried_register[op.b]; break;
    case AUTOSCALE_LOOP_PARAM: break;
    case AUTOSCALE_LOOP_CALL:
    case AUTOSCALE_LOOP_COUNTER:
    case AUTOSCALE_LOOP_NEG:
    case AUTOSCALE_LOOP_SITE_NEG:
    case AUTOSCALE_LOOP_OPERAND:
    case AUTOSCALE_LOOP_RESULT: chained = b.carried_register[op.a]; break;
    default:
      chained = b.carried_register[op.a] || b.carried_register[op.b] ||
                (op.code == AUTOSCALE_LOOP_SELECT && b.carried_register[op.c]);
      break;
    }
    a.chained[static_cast<std::size_t>(o)] = chained;
    if (op.dst >= 0) b.carried_register[op.dst] = chained;
    if (!chained) continue;
    CarriedOp c{o};
    if (op.code == AUTOSCALE_LOOP_LOAD)
      for (int s = 0; s < p.count; ++s)
        if (p.ops[s].code == AUTOSCALE_LOOP_STORE && p.ops[s].a == op.a) {
          if (s < o) c.same = p.ops[s].b;
          c.previous = p.ops[s].b;
        }
    a.carried.push_back(c);
  }
  std::fill(stored.begin(), stored.begin() + p.array_count, 0);
}

// Analysis::recurrences among the carried ops, which then leave Analysis::carried (after
// mark_chained, whose carried registers it reads).
void find_recurrences(const Program &p, const AnalysisCache &b, Analysis &an) {
  an.recurrences.clear();
  for (const CarriedOp &c : an.carried) {
    const autoscale_loop_op &load = p.ops[c.op];
    if (load.code != AUTOSCALE_LOOP_LOAD || c.same >= 0) continue;
    int store = -1, stores = 0;
    for (int s = 0; s < p.count; ++s)
      if (p.ops[s].code == AUTOSCALE_LOOP_STORE && p.ops[s].a == load.a) store = s, ++stores;
    int arith = -1;  // the last op before the store that writes what it stores
    for (int o = c.op + 1; stores == 1 && o < store; ++o)
      if (p.ops[o].dst == p.ops[store].b) arith = o;
    if (arith < 0 || p.ops[arith].code < AUTOSCALE_LOOP_ADD || p.ops[arith].code > AUTOSCALE_LOOP_DIV) continue;
    const autoscale_loop_op &a = p.ops[arith];
    const bool left = a.a == load.dst, right = a.b == load.dst;
    if (left != right && !b.carried_register[static_cast<std::size_t>(left ? a.b : a.a)])
      an.recurrences.push_back({c.op, arith});
  }
  const auto fused = [&](const CarriedOp &c) {
    const autoscale_loop_op &op = p.ops[c.op];
    for (const Recurrence &r : an.recurrences)
      if (c.op == r.load || c.op == r.arith || (op.code == AUTOSCALE_LOOP_STORE && op.a == p.ops[r.load].a)) return true;
    return false;
  };
  an.carried.erase(std::remove_if(an.carried.begin(), an.carried.end(), fused), an.carried.end());
}

bool same_ops(const std::vector<autoscale_loop_op> &kept, const Program &p) {
  return kept.size() == static_cast<std::size_t>(p.count) &&
         std::memcmp(kept.data(), p.ops, kept.size() * sizeof(autoscale_loop_op)) == 0;
}

}  // namespace

// Whether blocks may run the loop: every array a store writes is apart from every other array of
// the loop, or is the same elements read only before the store (x[i] = f(x[i])), or is a cell of
// stride 0 (a value carried from one iteration to the next, which blocks run lane by lane).
bool blocks_are_exact(const Program &p) {
  if (p.n < 2) return true;
  const auto extent = [&](int a, const char **lo, const char **hi) {
    const float *first = p.arrays[a], *last = first + static_cast<std::ptrdiff_t>(p.n - 1) * p.strides[a];
    *lo = reinterpret_cast<const char *>(std::min(first, last));
    *hi = reinterpret_cast<const char *>(std::max(first, last)) + sizeof(float);
  };
  for (int s = 0; s < p.count; ++s) {
    if (p.ops[s].code != AUTOSCALE_LOOP_STORE) continue;
    const int stored = p.ops[s].a;
    const char *s_lo, *s_hi;
    extent(stored, &s_lo, &s_hi);
    for (int o = 0; o < p.count; ++o) {
      const autoscale_loop_op &op = p.ops[o];
      if (op.code != AUTOSCALE_LOOP_LOAD && op.code != AUTOSCALE_LOOP_STORE) continue;
      if (op.a == stored) {  // the same elements; a cell of stride 0 is carried
        if (op.code == AUTOSCALE_LOOP_LOAD && p.strides[stored] != 0 && o > s) return false;
        continue;
      }
      const char *lo, *hi;
      extent(op.a, &lo, &hi);
      const bool same_elements = p.arrays[op.a] == p.arrays[stored] && p.strides[op.a] == p.strides[stored];
      if (!(hi <= s_lo || s_hi <= lo) &&
          !(same_elements && p.strides[stored] != 0 && (op.code == AUTOSCALE_LOOP_STORE || o < s)))
        return false;
    }
  }
  return true;
}

// The program's analysis, from the thread's cache where its ops and stride-0 arrays are the same.
const Analysis &analysis_of(const Program &p, AnalysisCache &b) {
  uint64_t zeros = 0;
  for (int a = 0; a < p.array_count && a < 64; ++a) zeros |= static_cast<uint64_t>(p.strides[a] == 0) << a;
  Analysis &an = b.analyses[p.ops];
  if (p.array_count <= 64 && an.zero_strides == zeros && same_ops(an.ops, p)) return an;  // else analysed anew
  an.ops.assign(p.ops, p.ops + p.count);
  an.zero_strides = zeros;
  std::size_t marks = static_cast<std::size_t>(p.array_count);  // zeroed: cleared after each use
  for (int o = 0; o < p.count; ++o)
    if (has_site(p.ops[o].code)) marks = std::max(marks, static_cast<std::size_t>(p.ops[o].site) + 1);
  if (b.marks.size() < marks) b.marks.resize(marks);
  an.twice = site_counted_twice(p, b.marks);
  mark_chained(p, b, an);
  find_recurrences(p, b, an);
  return an;
}

}  // namespace autoscale::detail::loop_program
