// The scalar entry points of autoscale.h (autoscale_quantize_*, autoscale_result_record_*,
// autoscale_binary_inputs_*): rounding, counting, and the first use of a site.
#include <cmath>
#include <cstdlib>
#include <mutex>
#include <type_traits>

#include "autoscale/autoscale.h"
#include "quantize.h"
#include "report.h"
#include "site_calls.h"
#include "site_registry.h"
#include "thread_counters.h"

namespace autoscale::detail {

__attribute__((noinline, cold)) SiteState *first_use(autoscale_site *site) {
  static std::once_flag at_exit;
  std::call_once(at_exit, [] { std::atexit(report_at_exit); });
  return state_of(site);
}

namespace {

// The format the output slot rounds to now: none (FP32) unless the site rounds at its output.
inline int output_mode(const SiteState *st) {
  return st->round_output ? int(load_relaxed(st->mode)) : int(AUTOSCALE_FP32);
}

// The site is registered and the calling thread has its counters (tl_view.sites[st->id]);
// otherwise the caller takes its general path, which registers the site or grows the block.
inline bool ready(const SiteState *st) { return st && st->id < tl_view.capacity; }

// The end of every execution: the result is rounded (output rounding) or recorded as it is, then
// counted.
template <class T> inline T finish_execution(SiteState *st, SiteCounters &tc, T v) {
  T r = with_format(output_mode(st), [&](auto f) {
    return quantize_in<T, f()>(st, tc.slot[AUTOSCALE_SLOT_OUTPUT], load_scale(st, AUTOSCALE_SLOT_OUTPUT), v);
  });
  return count_execution(st, tc, r);
}

template <class T> inline T quantize(autoscale_site *site, int slot, T v) {
  SiteState *st = entered_state_of(site);
  if (AUTOSCALE_UNLIKELY(static_cast<unsigned>(slot) >= static_cast<unsigned>(kSlots)))
    site_check_failed(site, "quantize: slot out of range (0..3)");
  SiteCounters &tc = counters_for(st->id);
  return with_format(load_relaxed(st->mode), [&](auto f) { return quantize_in<T, f()>(st, tc.slot[slot], load_scale(st, slot), v); });
}

// The common paths below check everything before they write a counter, and any other case hands
// the whole call to its general path (the definitions, above); the values are the ones the
// general path computes (same round_common, same arithmetic). Without calls but tail calls they
// need no stack frame.

template <class T> __attribute__((noinline)) T result_record_general(autoscale_site *site, T v) {
  SiteState *st = entered_state_of(site);
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
      if (AUTOSCALE_UNLIKELY(!(round_common<T, F>(load_scale(st, AUTOSCALE_SLOT_OUTPUT), v, q)))) return result_record_general(site, v);
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
  SiteState *st = entered_state_of(site);
  SiteCounters &tc = counters_for(st->id);
  T r = with_format(load_relaxed(st->mode), [&](auto f) {
    T qa = quantize_in<T, f()>(st, tc.slot[0], load_scale(st, 0), a);
    T qb = quantize_in<T, f()>(st, tc.slot[1], load_scale(st, 1), b);
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
      bool common = round_common<T, F>(load_scale(st, 0), a, qa) & round_common<T, F>(load_scale(st, 1), b, qb);
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
}  // namespace autoscale::detail

extern "C" {

float autoscale_quantize_f(autoscale_site *site, int slot, float v) { return autoscale::detail::quantize(site, slot, v); }
double autoscale_quantize_d(autoscale_site *site, int slot, double v) { return autoscale::detail::quantize(site, slot, v); }
float autoscale_result_record_f(autoscale_site *site, float v) { return autoscale::detail::result_record(site, v); }
double autoscale_result_record_d(autoscale_site *site, double v) { return autoscale::detail::result_record(site, v); }
float autoscale_binary_inputs_f(autoscale_site *site, int op, float a, float b) {
  return autoscale::detail::binary_inputs(site, op, a, b);
}
double autoscale_binary_inputs_d(autoscale_site *site, int op, double a, double b) {
  return autoscale::detail::binary_inputs(site, op, a, b);
}

}  // extern "C"
