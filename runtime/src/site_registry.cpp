// Site registration, the scalar hot path (autoscale_quantize_*, autoscale_result_record_*,
// autoscale_binary_inputs_*), and steps. The layout and the threading rules are explained in
// site_registry.h.
#include "site_registry.h"

#include <pthread.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <type_traits>

#include "autoscale/scaling.h"
#include "env.h"
#include "scale_math.h"

#define AUTOSCALE_LIKELY(x) __builtin_expect(!!(x), 1)
#define AUTOSCALE_UNLIKELY(x) __builtin_expect(!!(x), 0)

namespace autoscale {
namespace {

// Executions a thread counts privately before adding them to the site's window count.
constexpr uint64_t kFlushBatch = 64;

template <class T> inline T load_relaxed(const T &x) {
  T r;
  __atomic_load(&x, &r, __ATOMIC_RELAXED);
  return r;
}
template <class T> inline void store_relaxed(T &x, T v) { __atomic_store(&x, &v, __ATOMIC_RELAXED); }
// Owner-only increments: the owner is the only writer, so load + store is enough.
inline void bump(uint64_t &c) { store_relaxed(c, c + 1); }
inline void add(double &s, double v) { store_relaxed(s, s + v); }

inline uint32_t float_bits(float x) { return autoscale_float_bits_(x); }
inline float bits_float(uint32_t u) { return autoscale_bits_float_(u); }

// Raises the slot's amax to |v| (v not NaN); positive floats order like their bits.
inline void raise_amax(uint32_t &amax_bits, float abs_v) {
  uint32_t b = float_bits(abs_v);
  uint32_t cur = load_relaxed(amax_bits);
  while (b > cur &&
         !__atomic_compare_exchange_n(&amax_bits, &cur, b, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
}

}  // namespace
}  // namespace autoscale

// The runtime's side of the opaque pointer in autoscale_site (site.h).
struct autoscale_site_state {
  // Read on every call; written only at registration and (scale_word, mode) at rolls.
  uint32_t id;
  int format;
  int saturate;
  bool round_output;
  float fmt_max;
  float fmt_min_normal;
  // The format every slot rounds to now; AUTOSCALE_FP32 (0) when values pass unchanged (format
  // fp32, empirical analysis). One for all slots, so a fused call dispatches on it once.
  uint8_t mode;
  uint64_t scale_word[autoscale::kSlots];  // a ScalePair
  // Executions flushed by threads, for window rolls; written by all threads, so on its own line.
  alignas(64) uint64_t window_total;

  // Everything below is guarded by the registry mutex.
  autoscale_site *site;
  // Counters of threads that have exited; its amax_bits hold their amax since the last roll.
  autoscale::SiteCounters folded{};
  float amax_ever[autoscale::kSlots]{};
  uint64_t rolls = 0;
  std::vector<std::optional<autoscale::DelayedScaling>> delayed;  // per slot, for strategies that use it
  std::optional<autoscale::EmpiricalScaling> empirical;         // the output slot of an empirical site
  float estimate = 1.0f;        // empirical: the propagated output scale in force
  std::string note;
  std::vector<std::string> warnings;  // empirical re-measures that found the old scale wrong
};

namespace autoscale {
namespace {

// One thread's counters for every site, indexed by site id. Only its thread writes it; report,
// step and thread exit read it under the registry mutex.
struct ThreadBlock {
  SiteCounters *sites = nullptr;
  uint32_t capacity = 0;
};

// The hot path's copy of its own thread's block (initial-exec TLS: a plain %fs-relative load).
struct ThreadView {
  SiteCounters *sites;
  uint32_t capacity;
};
__attribute__((tls_model("initial-exec"))) thread_local ThreadView tl_view;

struct Registry {
  std::mutex mutex;
  std::vector<SiteState *> sites;
  std::vector<ThreadBlock *> threads;
  pthread_key_t thread_key;
  uint64_t explicit_steps = 0;
  bool explicit_mode = false;  // autoscale_step has been called: no more window rolls
  bool analysis_ended = false;  // an empirical site finished its analysis: rerun the on/off policy
  uint64_t window = 1024;
};

void fold_thread_block(void *block);

// Never destroyed: sites run from static destructors and atexit handlers.
Registry &registry() {
  static Registry *r = [] {
    auto *reg = new Registry;
    pthread_key_create(&reg->thread_key, fold_thread_block);
    return reg;
  }();
  return *r;
}

ScalePair load_scale(const SiteState *st, int slot) {
  uint64_t w = load_relaxed(st->scale_word[slot]);
  ScalePair p;
  std::memcpy(&p, &w, sizeof p);
  return p;
}

void publish_scale(SiteState *st, int slot, float scale) {
  ScalePair p{scale, exact_inverse(scale)};
  uint64_t w;
  std::memcpy(&w, &p, sizeof w);
  store_relaxed(st->scale_word[slot], w);
}

[[noreturn]] void site_error(const autoscale_site *site, const char *what) {
  std::fprintf(stderr, "%s:%d:%d: autoscale: %s\n", site->file ? site->file : "?", site->line,
               site->column, what);
  std::abort();
}

bool uses_delayed(const autoscale_site &s) {
  return s.action == AUTOSCALE_ACTION_SCALE &&
         (s.strategy == AUTOSCALE_STRATEGY_DELAYED || s.strategy == AUTOSCALE_STRATEGY_CURRENT ||
          s.strategy == AUTOSCALE_STRATEGY_PROPAGATE || s.strategy == AUTOSCALE_STRATEGY_EMPIRICAL);
}

// The output slot's scale comes from the operand scales, not from its own amax history.
bool output_propagates(const autoscale_site &s) {
  return s.action == AUTOSCALE_ACTION_SCALE &&
         (s.strategy == AUTOSCALE_STRATEGY_PROPAGATE || s.strategy == AUTOSCALE_STRATEGY_EMPIRICAL);
}

// The output scale a propagating site expects from its operand scales (1 for operands the site
// does not quantise).
float propagated_estimate(const SiteState *st) {
  bool inputs = st->site->rounding == AUTOSCALE_ROUND_INPUTS;
  float s[3];
  for (int k = 0; k < 3; ++k) s[k] = inputs ? load_scale(st, k).scale : 1.0f;
  return PropagateScaling::output_scale(static_cast<autoscale_op>(st->site->op), st->site->name, s[0], s[1], s[2]);
}

void set_output_scale_locked(SiteState *st) {
  const autoscale_site &s = *st->site;
  if (s.strategy == AUTOSCALE_STRATEGY_PROPAGATE) {
    publish_scale(st, AUTOSCALE_SLOT_OUTPUT, propagated_estimate(st));
  } else if (s.strategy == AUTOSCALE_STRATEGY_EMPIRICAL) {
    st->estimate = propagated_estimate(st);
    bool fp32 = st->empirical->compute_in_fp32();
    store_relaxed(st->mode, uint8_t(fp32 ? AUTOSCALE_FP32 : st->format));
    publish_scale(st, AUTOSCALE_SLOT_OUTPUT, st->empirical->scale(st->estimate));
  }
}

// What a strategy does on a scalar site where that differs from what its name promises; empty
// where it does what it says.
std::string scalar_strategy_note(const autoscale_site &s) {
  bool at_output = s.rounding == AUTOSCALE_ROUND_OUTPUT;
  switch (s.strategy) {
  case AUTOSCALE_STRATEGY_CURRENT:
    return "current on a scalar site acts as delayed scaling with a one-step history (most_recent): a "
           "scalar has no tensor to take the amax of before quantising it";
  case AUTOSCALE_STRATEGY_PROPAGATE:
    // Scalars carry no scale: only operand scales this site measures itself can propagate.
    return at_output ? "propagate on a scalar site acts as a cast: rounding at the output leaves the operands "
                       "unquantised, their scales count as 1, so the output scale is always 1"
                     : "propagate on a scalar site acts as delayed scaling of its operands: the output is not "
                       "rounded (rounding at the inputs), so its propagated scale is only reported";
  case AUTOSCALE_STRATEGY_EMPIRICAL:
    return at_output ? "operands are not quantised at this site (rounding at the output): their scales count as 1"
                     : "";
  default: return "";
  }
}

// A strategy note goes to stderr once per strategy and process (with the summary, so
// AUTOSCALE_SUMMARY=0 silences it); the report lists it for every site.
void say_note_once(const autoscale_site &s, const std::string &note) {
  static bool said[AUTOSCALE_STRATEGY_EMPIRICAL + 1] = {};
  if (note.empty() || said[s.strategy] || !settings().summary) return;
  said[s.strategy] = true;
  std::fprintf(stderr, "%s:%d:%d: autoscale: note: %s (said once; the report notes every such site)\n",
               s.file ? s.file : "?", s.line, s.column, note.c_str());
}

SiteState *create_state_locked(Registry &reg, autoscale_site *site) {
  const autoscale_site &s = *site;
  if (s.format < 0 || s.format >= AUTOSCALE_FORMAT_COUNT) site_error(site, "unknown format in the site table");
  if (s.action != AUTOSCALE_ACTION_CAST && s.action != AUTOSCALE_ACTION_SCALE)
    site_error(site, "unknown action in the site table");
  if (s.strategy < AUTOSCALE_STRATEGY_DELAYED || s.strategy > AUTOSCALE_STRATEGY_EMPIRICAL)
    site_error(site, "unknown strategy in the site table");
  if (s.rounding != AUTOSCALE_ROUND_OUTPUT && s.rounding != AUTOSCALE_ROUND_INPUTS)
    site_error(site, "unknown rounding point in the site table");
  if (s.params.history_len < 0 || (s.params.amax_reduce != AUTOSCALE_AMAX_MAX &&
                                   s.params.amax_reduce != AUTOSCALE_AMAX_MOST_RECENT))
    site_error(site, "delayed scaling needs history_len >= 0 and amax_reduce max or most_recent");
  if (s.params.analysis_steps < 0 || s.params.recheck_every < 0)
    site_error(site, "empirical scaling needs analysis_steps >= 0 and recheck_every >= 0");
  auto *st = new SiteState;
  st->id = static_cast<uint32_t>(reg.sites.size());
  st->site = site;
  st->format = s.format;
  st->saturate = s.saturate;
  st->round_output = s.rounding == AUTOSCALE_ROUND_OUTPUT;
  st->fmt_max = autoscale_format_max(s.format);
  st->fmt_min_normal = autoscale_format_min_normal(s.format);
  st->window_total = 0;
  st->mode = static_cast<uint8_t>(s.format);
  for (int k = 0; k < kSlots; ++k) publish_scale(st, k, 1.0f);
  st->delayed.resize(kSlots);
  if (s.action == AUTOSCALE_ACTION_SCALE && s.strategy == AUTOSCALE_STRATEGY_STATIC) {
    if (!valid_scale(s.params.static_scale))
      site_error(site, "strategy static needs a finite scale > 0");
    for (int k = 0; k < kSlots; ++k) publish_scale(st, k, s.params.static_scale);
  } else if (uses_delayed(s)) {
    DelayedScalingConfig c = delayed_config(s.params);
    if (s.strategy == AUTOSCALE_STRATEGY_CURRENT) {
      // A scalar has no tensor to take the amax of before quantising it.
      c.history_len = 1;
      c.reduce = AUTOSCALE_AMAX_MOST_RECENT;
    }
    for (int k = 0; k < kSlots; ++k) st->delayed[k].emplace(st->fmt_max, c);
  }
  if (s.action == AUTOSCALE_ACTION_SCALE && s.strategy == AUTOSCALE_STRATEGY_EMPIRICAL) {
    st->empirical.emplace(empirical_config(s.format, s.params));
  }
  if (s.action == AUTOSCALE_ACTION_SCALE) {
    set_output_scale_locked(st);
    st->note = scalar_strategy_note(s);
  }
  return st;
}

// ---- thread blocks ------------------------------------------------------------------------------

// Adds src's counters into dst; the amax becomes the larger of the two.
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

// The calling thread's block has no entry for site id yet: create or enlarge it.
__attribute__((noinline, cold)) SiteCounters &grow_thread_block(uint32_t id) {
  Registry &reg = registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  auto *b = static_cast<ThreadBlock *>(pthread_getspecific(reg.thread_key));
  if (!b) {
    b = new ThreadBlock;
    reg.threads.push_back(b);
    pthread_setspecific(reg.thread_key, b);
  }
  uint32_t cap = std::max<uint32_t>(64, b->capacity);
  while (cap <= id || cap < reg.sites.size()) cap *= 2;
  // calloc: zero counters, and next_flush 0 makes the first execution compute the real one.
  auto *sites = static_cast<SiteCounters *>(std::calloc(cap, sizeof(SiteCounters)));
  if (!sites) {
    std::fprintf(stderr, "autoscale: out of memory for %u site counters\n", cap);
    std::abort();
  }
  // Safe to copy: this thread is the only writer, and readers hold the mutex we hold.
  if (b->sites) std::memcpy(sites, b->sites, b->capacity * sizeof(SiteCounters));
  std::free(b->sites);
  b->sites = sites;
  b->capacity = cap;
  tl_view = ThreadView{sites, cap};
  return sites[id];
}

inline SiteCounters &counters_for(uint32_t id) {
  if (AUTOSCALE_LIKELY(id < tl_view.capacity)) return tl_view.sites[id];
  return grow_thread_block(id);
}

// ---- registration -------------------------------------------------------------------------------

__attribute__((noinline, cold)) SiteState *register_site(autoscale_site *site) {
  Registry &reg = registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  if (SiteState *st = __atomic_load_n(&site->state, __ATOMIC_ACQUIRE)) return st;
  if (reg.sites.empty()) {
    reg.window = settings().window;
    std::atexit(report_at_exit);
  }
  SiteState *st = create_state_locked(reg, site);
  say_note_once(*site, st->note);
  SiteState *expected = nullptr;
  // Registration is serialised by the mutex; the compare-exchange publishes the state to threads
  // that read site->state without it.
  if (!__atomic_compare_exchange_n(&site->state, &expected, st, false, __ATOMIC_ACQ_REL,
                                   __ATOMIC_ACQUIRE)) {
    delete st;
    return expected;
  }
  reg.sites.push_back(st);
  return st;
}

inline SiteState *state_of(autoscale_site *site) {
  SiteState *st = __atomic_load_n(&site->state, __ATOMIC_ACQUIRE);
  if (AUTOSCALE_LIKELY(st != nullptr)) return st;
  return register_site(site);
}

// ---- rolls and steps ----------------------------------------------------------------------------

// Ends the site's step: the amax of every thread since the last roll enters the scaling state.
void roll_site_locked(Registry &reg, SiteState *st) {
  float amax[kSlots];
  for (int k = 0; k < kSlots; ++k) {
    uint32_t a = st->folded.slot[k].amax_bits;
    st->folded.slot[k].amax_bits = 0;
    for (ThreadBlock *b : reg.threads)
      if (st->id < b->capacity)
        a = std::max(a, __atomic_exchange_n(&b->sites[st->id].slot[k].amax_bits, 0u, __ATOMIC_RELAXED));
    amax[k] = bits_float(a);
    st->amax_ever[k] = std::max(st->amax_ever[k], amax[k]);
  }
  const autoscale_site &s = *st->site;
  if (st->delayed[0]) {
    for (int k = 0; k < kSlots; ++k) {
      if (k == AUTOSCALE_SLOT_OUTPUT && output_propagates(s)) continue;
      st->delayed[k]->record(amax[k]);
      st->delayed[k]->step();
      publish_scale(st, k, st->delayed[k]->scale());
    }
  }
  if (st->empirical) {
    st->empirical->record(amax[AUTOSCALE_SLOT_OUTPUT], st->estimate);
    if (std::optional<EmpiricalWarning> w = st->empirical->step()) st->warnings.push_back(w->message);
    if (st->empirical->step_index() == st->empirical->config().analysis_steps) reg.analysis_ended = true;
  }
  if (s.action == AUTOSCALE_ACTION_SCALE) set_output_scale_locked(st);
  ++st->rolls;
}

// The on/off policy (seeds/002): of the empirical sites past their analysis, the
// AUTOSCALE_EMPIRICAL_OP_FRACTION most variable re-measure their multiplier, the rest keep it
// frozen. Rerun whenever another site ends its analysis, so the ranking covers every measured site.
void apply_remeasure_policy_locked(Registry &reg) {
  if (!reg.analysis_ended) return;
  reg.analysis_ended = false;
  std::vector<EmpiricalScaling *> measured;
  std::vector<float> variability;
  for (SiteState *st : reg.sites) {
    if (!st->empirical || st->empirical->compute_in_fp32()) continue;
    measured.push_back(&*st->empirical);
    variability.push_back(st->empirical->variability());
  }
  std::vector<bool> on = choose_remeasured(variability, settings().empirical_op_fraction);
  for (size_t i = 0; i < measured.size(); ++i) measured[i]->set_remeasure(on[i]);
}

// Adds this thread's executions to the site's window count; rolls the site when the count
// crosses a multiple of the window and the program has never called autoscale_step.
__attribute__((noinline, cold)) void flush_window(SiteState *st, SiteCounters &tc) {
  Registry &reg = registry();
  if (load_relaxed(reg.explicit_mode)) {
    tc.next_flush = UINT64_MAX;
    return;
  }
  const uint64_t w = reg.window;
  uint64_t delta = tc.executions - tc.flushed;
  tc.flushed = tc.executions;
  uint64_t total = __atomic_add_fetch(&st->window_total, delta, __ATOMIC_RELAXED);
  if (total / w != (total - delta) / w) {
    std::lock_guard<std::mutex> lock(reg.mutex);
    if (!reg.explicit_mode) {
      roll_site_locked(reg, st);
      apply_remeasure_policy_locked(reg);
    }
  }
  // Flush again at the next window boundary at the latest, so one thread rolls exactly every w.
  tc.next_flush = tc.executions + std::min(kFlushBatch, w - total % w);
}

// ---- the hot path -------------------------------------------------------------------------------

inline float round_to(float x, int format, int saturate) { return autoscale_round_float(x, format, saturate); }
inline double round_to(double x, int format, int saturate) { return autoscale_round_double(x, format, saturate); }

// A finite value recorded as it is (pass_through's common case).
template <class T> inline void record_finite(SlotCounters &c, T v) {
  bump(c.quantized);
  raise_amax(c.amax_bits, static_cast<float>(std::fabs(v)));
}

// A value that passes unchanged (format fp32, empirical analysis) still feeds amax and counters;
// there is no rounding error, so the error sums stay for rounded values.
template <class T> inline T pass_through(SlotCounters &c, T v) {
  if (AUTOSCALE_LIKELY(std::isfinite(v))) {
    record_finite(c, v);
    return v;
  }
  bump(c.quantized);
  if (std::isnan(v)) {
    bump(c.nan_in);
    bump(c.nan_out);
  } else {
    bump(c.inf_in);
    bump(c.inf_out);
    raise_amax(c.amax_bits, INFINITY);
  }
  return v;
}

inline uint32_t bits_of(float x) { return autoscale_float_bits_(x); }
inline uint64_t bits_of(double x) { return autoscale_double_bits_(x); }

// x (the value over its scale) is normal in format F and not beyond its max. Magnitudes order
// like their bits, so one unsigned compare checks both ends (a NaN's bits lie above the max).
template <int F, class T> inline bool in_normal_range(T x) {
  using U = decltype(bits_of(x));
  const U lo = bits_of(static_cast<T>(autoscale_format_min_normal(F)));
  const U hi = bits_of(static_cast<T>(autoscale_format_max(F)));
  return (bits_of(x) & (~U(0) >> 1)) - lo <= hi - lo;
}

// format.h's rounding (autoscale_round_float/double) for an x in_normal_range: no subnormal shift,
// no overflow, so round-to-nearest-even drops a fixed number of mantissa bits, and a carry into
// the exponent is the next binade, still within max. The site tests check it bit for bit against
// format.h over strided sweeps of all float32 values.
template <int F> inline float round_normal(float x) {
  const int drop = 23 - autoscale_format_desc_of_(F).mant_bits;
  uint32_t b = autoscale_float_bits_(x);
  b = (b + ((1u << (drop - 1)) - 1u) + ((b >> drop) & 1u)) & ~((1u << drop) - 1u);
  return autoscale_bits_float_(b);
}
template <int F> inline double round_normal(double x) {
  const int drop = 52 - autoscale_format_desc_of_(F).mant_bits;
  uint64_t b = autoscale_double_bits_(x);
  b = (b + ((uint64_t(1) << (drop - 1)) - 1u) + ((b >> drop) & 1u)) & ~((uint64_t(1) << drop) - 1u);
  return autoscale_bits_double_(b);
}

// The common case of quantising v in a slot: the scale has an exact inverse (a power of two) and
// v over it is in_normal_range. Sets q and returns true; otherwise returns false and the caller
// takes quantize_general. Writes nothing, so callers can check several values before counting.
template <class T, int F> inline bool round_common(const SiteState *st, int slot, T v, T &q) {
  ScalePair sp = load_scale(st, slot);
  // Multiplying by the exact inverse is dividing by the scale; an inverse of 0 (none exact) gives
  // x = 0, which is not in range.
  T x = v * static_cast<T>(sp.inverse);
  q = round_normal<F>(x) * static_cast<T>(sp.scale);
  if (AUTOSCALE_LIKELY(in_normal_range<F>(x))) return true;
  // A zero (common after ReLU) rounds to itself, sign kept, in every format and counts nothing
  // but the value: record_common's sums and amax are unchanged by it.
  if (v == 0) {
    q = v;
    return true;
  }
  return false;
}

// The counters of v rounded to q by round_common: nothing to count but the value itself.
template <class T> inline void record_common(SlotCounters &c, T v, T q) {
  bump(c.quantized);
  // q is within a factor 2 of v, so q - v is exact (Sterbenz).
  add(c.error_sum, static_cast<double>(std::fabs(q - v)));
  add(c.value_sum, static_cast<double>(std::fabs(v)));
  raise_amax(c.amax_bits, static_cast<float>(std::fabs(v)));
}

// x (finite v over its scale) rounds beyond the format's max: to inf or NaN, or, saturating, to
// the max from a value that would not round to it. Values between the max and the midpoint to the
// next binade round to the max by round-to-nearest-even and are not overflows.
template <int F, class T> inline bool overflows(T x, T r, int saturate) {
  if (!saturate) return !std::isfinite(r);
  return std::fabs(r) == static_cast<T>(autoscale_format_max(F)) && !std::isfinite(round_to(x, F, 0));
}

// Every value, by the definitions: zero, NaN, inf, overflow, underflow, subnormal results, scales
// without an exact inverse; round_common is its fast case.
template <class T, int F>
__attribute__((noinline)) T quantize_general(const SiteState *st, SlotCounters &c, int slot, T v) {
  ScalePair sp = load_scale(st, slot);
  T x = sp.inverse != 0.0f ? v * static_cast<T>(sp.inverse) : v / static_cast<T>(sp.scale);
  bump(c.quantized);
  if (std::isnan(v)) {
    bump(c.nan_in);
    bump(c.nan_out);
    return round_to(x, F, st->saturate);
  }
  T r = round_to(x, F, st->saturate);
  T q = r * static_cast<T>(sp.scale);
  if (std::isinf(v)) {
    bump(c.inf_in);
  } else if (overflows<F>(x, r, st->saturate)) {
    bump(c.overflows);
  } else if (r == 0 && v != 0) {
    bump(c.underflows);
  } else if (r != 0 && std::fabs(r) < static_cast<T>(st->fmt_min_normal)) {
    bump(c.subnormals);
  }
  if (std::isnan(q)) {
    bump(c.nan_out);
  } else if (std::isinf(q)) {
    bump(c.inf_out);
  } else if (std::isfinite(v)) {
    add(c.error_sum, std::fabs(static_cast<double>(q) - static_cast<double>(v)));
    add(c.value_sum, std::fabs(static_cast<double>(v)));
  }
  raise_amax(c.amax_bits, static_cast<float>(std::fabs(v)));
  return q;
}

// Rounds v in the slot to format F (AUTOSCALE_FP32: passes it) and records it.
template <class T, int F> inline T quantize_in(const SiteState *st, SiteCounters &tc, int slot, T v) {
  if constexpr (F == AUTOSCALE_FP32) {
    return pass_through(tc.slot[slot], v);
  } else {
    T q;
    if (AUTOSCALE_LIKELY((round_common<T, F>(st, slot, v, q)))) {
      record_common(tc.slot[slot], v, q);
      return q;
    }
    return quantize_general<T, F>(st, tc.slot[slot], slot, v);
  }
}

// Calls fn(std::integral_constant<int, F>) for format F = mode, so each format's path is compiled
// with its constants.
template <class Fn> inline auto with_format(int mode, Fn fn) {
  switch (mode) {
  case AUTOSCALE_E4M3: return fn(std::integral_constant<int, AUTOSCALE_E4M3>{});
  case AUTOSCALE_E5M2: return fn(std::integral_constant<int, AUTOSCALE_E5M2>{});
  case AUTOSCALE_FP16: return fn(std::integral_constant<int, AUTOSCALE_FP16>{});
  case AUTOSCALE_BF16: return fn(std::integral_constant<int, AUTOSCALE_BF16>{});
  default: return fn(std::integral_constant<int, AUTOSCALE_FP32>{});
  }
}

// The format the output slot rounds to now: none (FP32) unless the site rounds at its output.
inline int output_mode(const SiteState *st) {
  return st->round_output ? int(load_relaxed(st->mode)) : int(AUTOSCALE_FP32);
}

// The site is registered and the calling thread has its counters (tl_view.sites[st->id]);
// otherwise the caller takes its general path, which registers the site or grows the block.
inline bool ready(const SiteState *st) { return st && st->id < tl_view.capacity; }

// A call, so the caller's common path needs no stack frame: it tail-calls this.
template <class T> __attribute__((noinline, cold)) T flush_window_then(SiteState *st, SiteCounters &tc, T r) {
  flush_window(st, tc);
  return r;
}

// Counts one execution whose values are recorded (so a window roll includes it); returns r.
template <class T> inline T count_execution(SiteState *st, SiteCounters &tc, T r) {
  uint64_t n = tc.executions + 1;
  store_relaxed(tc.executions, n);
  if (AUTOSCALE_UNLIKELY(n >= tc.next_flush)) return flush_window_then(st, tc, r);
  return r;
}

// The end of every execution: the result is rounded (output rounding) or recorded as it is, then
// counted.
template <class T> inline T finish_execution(SiteState *st, SiteCounters &tc, T v) {
  T r = with_format(output_mode(st), [&](auto f) { return quantize_in<T, f()>(st, tc, AUTOSCALE_SLOT_OUTPUT, v); });
  return count_execution(st, tc, r);
}

template <class T> inline T quantize(autoscale_site *site, int slot, T v) {
  SiteState *st = state_of(site);
  if (AUTOSCALE_UNLIKELY(static_cast<unsigned>(slot) >= static_cast<unsigned>(kSlots)))
    site_error(site, "quantize: slot out of range (0..3)");
  SiteCounters &tc = counters_for(st->id);
  return with_format(load_relaxed(st->mode), [&](auto f) { return quantize_in<T, f()>(st, tc, slot, v); });
}

// The common paths below check everything before they write a counter, and any other case hands
// the whole call to its general path (the definitions, above); the values are the ones the
// general path computes (same round_common, same arithmetic). Without calls but tail calls they
// need no stack frame.

template <class T> __attribute__((noinline)) T result_record_general(autoscale_site *site, T v) {
  SiteState *st = state_of(site);
  return finish_execution(st, counters_for(st->id), v);
}

template <class T> inline T result_record(autoscale_site *site, T v) {
  SiteState *st = __atomic_load_n(&site->state, __ATOMIC_ACQUIRE);
  if (AUTOSCALE_UNLIKELY(!ready(st))) return result_record_general(site, v);
  SiteCounters *tc = &tl_view.sites[st->id];
  return with_format(output_mode(st), [&](auto f) {
    constexpr int F = f();
    if constexpr (F == AUTOSCALE_FP32) {
      return count_execution(st, *tc, pass_through(tc->slot[AUTOSCALE_SLOT_OUTPUT], v));
    } else {
      T q;
      if (AUTOSCALE_UNLIKELY(!(round_common<T, F>(st, AUTOSCALE_SLOT_OUTPUT, v, q)))) return result_record_general(site, v);
      record_common(tc->slot[AUTOSCALE_SLOT_OUTPUT], v, q);
      return count_execution(st, *tc, q);
    }
  });
}

inline float apply(int op, float a, float b) { return autoscale_apply_f(op, a, b); }
inline double apply(int op, double a, double b) { return autoscale_apply_d(op, a, b); }

// autoscale_binary_inputs_* by its definition: both operands quantised, the operation applied,
// the result recorded.
template <class T> __attribute__((noinline)) T binary_inputs_general(autoscale_site *site, int op, T a, T b) {
  SiteState *st = state_of(site);
  SiteCounters &tc = counters_for(st->id);
  T r = with_format(load_relaxed(st->mode), [&](auto f) {
    T qa = quantize_in<T, f()>(st, tc, 0, a);
    T qb = quantize_in<T, f()>(st, tc, 1, b);
    return apply(op, qa, qb);
  });
  return finish_execution(st, tc, r);
}

// Its common path: both operands round_common, the output not rounded, a finite result.
template <class T> inline T binary_inputs(autoscale_site *site, int op, T a, T b) {
  SiteState *st = __atomic_load_n(&site->state, __ATOMIC_ACQUIRE);
  if (AUTOSCALE_UNLIKELY(!ready(st) || st->round_output)) return binary_inputs_general(site, op, a, b);
  SiteCounters *tc = &tl_view.sites[st->id];
  return with_format(load_relaxed(st->mode), [&](auto f) {
    constexpr int F = f();
    if constexpr (F == AUTOSCALE_FP32) {
      return binary_inputs_general(site, op, a, b);
    } else {
      T qa, qb;
      // & rather than &&: both are computed anyway, and one branch is cheaper than two.
      bool common = round_common<T, F>(st, 0, a, qa) & round_common<T, F>(st, 1, b, qb);
      T r = apply(op, qa, qb);
      if (AUTOSCALE_UNLIKELY(!common || !std::isfinite(r))) return binary_inputs_general(site, op, a, b);
      record_common(tc->slot[0], a, qa);
      record_common(tc->slot[1], b, qb);
      record_finite(tc->slot[AUTOSCALE_SLOT_OUTPUT], r);
      return count_execution(st, *tc, r);
    }
  });
}

}  // namespace

// ---- snapshot -----------------------------------------------------------------------------------

RegistrySnapshot snapshot_registry() {
  Registry &reg = registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  RegistrySnapshot out;
  out.explicit_steps = reg.explicit_steps;
  out.window = reg.window;
  out.sites.reserve(reg.sites.size());
  for (SiteState *st : reg.sites) {
    SiteCounters sum = st->folded;
    for (ThreadBlock *b : reg.threads)
      if (st->id < b->capacity) accumulate(sum, b->sites[st->id]);
    SiteSnapshot s;
    s.site = st->site;
    s.id = st->id;
    s.executions = sum.executions;
    s.rolls = st->rolls;
    s.strategy_note = st->note;
    s.remeasured = st->empirical && !st->empirical->compute_in_fp32() && st->empirical->remeasure();
    s.warnings = st->warnings;
    if (st->empirical)
      if (std::optional<EmpiricalWarning> w = st->empirical->final_check())
        s.warnings.push_back("final check: " + w->message);
    for (int k = 0; k < kSlots; ++k) {
      SlotSnapshot &o = s.slot[k];
      o.counters = sum.slot[k];
      o.scale = load_scale(st, k).scale;
      o.amax = std::max(st->amax_ever[k], bits_float(sum.slot[k].amax_bits));
      o.passthrough = st->mode == AUTOSCALE_FP32;
      if (st->delayed[k] && !(k == AUTOSCALE_SLOT_OUTPUT && output_propagates(*st->site)))
        o.amax_history = st->delayed[k]->history();
    }
    out.sites.push_back(std::move(s));
  }
  return out;
}

}  // namespace autoscale

using autoscale::Registry;

extern "C" {

float autoscale_quantize_f(autoscale_site *site, int slot, float v) { return autoscale::quantize(site, slot, v); }
double autoscale_quantize_d(autoscale_site *site, int slot, double v) { return autoscale::quantize(site, slot, v); }
float autoscale_result_record_f(autoscale_site *site, float v) { return autoscale::result_record(site, v); }
double autoscale_result_record_d(autoscale_site *site, double v) { return autoscale::result_record(site, v); }
float autoscale_binary_inputs_f(autoscale_site *site, int op, float a, float b) {
  return autoscale::binary_inputs(site, op, a, b);
}
double autoscale_binary_inputs_d(autoscale_site *site, int op, double a, double b) {
  return autoscale::binary_inputs(site, op, a, b);
}

void autoscale_step(void) {
  Registry &reg = autoscale::registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  ++reg.explicit_steps;
  autoscale::store_relaxed(reg.explicit_mode, true);
  for (autoscale::SiteState *st : reg.sites) autoscale::roll_site_locked(reg, st);
  autoscale::apply_remeasure_policy_locked(reg);
}

}  // extern "C"
