// The out-of-line calls of autoscale.h: every execution the inline hot path declines (a site not
// registered yet, a new thread or tensor, zeros and non-finite values, over- and underflow, scales
// without an exact inverse), computed from the definitions (site_quantize.h); the amax raise and the
// window flush of the hot path; and the first use of a site.
#include <cmath>
#include <cstdlib>
#include <mutex>

#include "autoscale/autoscale.h"
#include "float_flags.h"
#include "sites/site_quantize.h"
#include "reports/report.h"
#include "sites/site_calls.h"
#include "sites/site_registry.h"
#include "sites/steps.h"
#include "sites/thread_counters.h"

namespace autoscale::detail {

void arrange_report_at_exit() {
  static std::once_flag at_exit;
  std::call_once(at_exit, [] {
    std::atexit(report_at_exit);
    report_on_stop_signals();
  });
}

__attribute__((noinline, cold)) SiteState *first_use(autoscale_site *site) {
  KeepFloatFlags flags;  // registration computes scales
  arrange_report_at_exit();
  return state_of(site);
}

namespace {

// Rounds v in `slot` of block t (its active tensor) to the format the site rounds to now.
template <class T> T quantize_slot(SiteState *st, ThreadSite &t, int format, int slot, uint64_t lane, T v) {
  return with_format(format, [&](auto f) { return quantize_in<T, f()>(st, t, slot, lane, v); });
}

// The end of every execution: the result is rounded (output rounding) or recorded as it is (if
// the site records its result), then counted.
template <class T> T finish_execution(SiteState *st, ThreadSite &t, uint64_t lane, T v) {
  if (st->round_output) v = quantize_slot(st, t, format_now(st), AUTOSCALE_SLOT_OUTPUT, lane, v);
  else if (st->record_output) record_result(st, t.slot[AUTOSCALE_SLOT_OUTPUT], v);
  return count_execution(st, t, v);
}

template <class T> T quantize(autoscale_site *site, int slot, T v) {
  SiteState *st = entered_state_of(site);
  if (AUTOSCALE_UNLIKELY(static_cast<unsigned>(slot) >= static_cast<unsigned>(kSlots)))
    site_check_failed(site, "quantize: slot out of range (0..3)");
  ThreadSite &t = thread_site(st);
  const void *defaults[kSlots] = {};
  use_tensors(st, t, {slot}, defaults);
  return quantize_slot(st, t, format_now(st), slot, lane_of(t), v);
}

template <class T> T result_record(autoscale_site *site, T v) {
  SiteState *st = entered_state_of(site);
  ThreadSite &t = thread_site(st);
  return finish_execution(st, t, lane_of(t), v);
}

// result_record for a sum v = a + b (b as added), counting an operand its rounding absorbed as the
// inline path counts it.
template <class T> T sum_record(autoscale_site *site, T v, T a, T b) {
  SiteState *st = entered_state_of(site);
  ThreadSite &t = thread_site(st);
  const T q = finish_execution(st, t, lane_of(t), v);
  if (st->full && absorbed(st, t.slot[AUTOSCALE_SLOT_OUTPUT], a, b, v, q)) bump(t.slot[AUTOSCALE_SLOT_OUTPUT].c.absorbed);
  return q;
}

inline float apply(int op, float a, float b) { return autoscale_apply_f(op, a, b); }
inline double apply(int op, double a, double b) { return autoscale_apply_d(op, a, b); }

// autoscale_binary_inputs_* by its definition: both operands quantised (each in its tensor), the
// operation applied, the result recorded.
template <class T> T binary_inputs(autoscale_site *site, int op, T a, T b, const void *tensor_a, const void *tensor_b) {
  SiteState *st = entered_state_of(site);
  ThreadSite &t = thread_site(st);
  const void *keys[kSlots] = {tensor_a, tensor_b, nullptr, nullptr};
  use_tensors(st, t, {0, 1}, keys);
  const uint64_t lane = lane_of(t);
  const int format = format_now(st);
  T qa = quantize_slot(st, t, format, 0, lane, a);
  T qb = quantize_slot(st, t, format, 1, lane, b);
  return finish_execution(st, t, lane, apply(op, qa, qb));
}

}  // namespace
}  // namespace autoscale::detail

using namespace autoscale::detail;

extern "C" {

float autoscale_quantize_f(autoscale_site *site, int slot, float v) { return quantize(site, slot, v); }
double autoscale_quantize_d(autoscale_site *site, int slot, double v) { return quantize(site, slot, v); }
float autoscale_result_record_f(autoscale_site *site, float v) { return result_record(site, v); }
double autoscale_result_record_d(autoscale_site *site, double v) { return result_record(site, v); }
float autoscale_sum_record_f(autoscale_site *site, float v, float a, float b) { return sum_record(site, v, a, b); }
double autoscale_sum_record_d(autoscale_site *site, double v, double a, double b) { return sum_record(site, v, a, b); }
float autoscale_binary_inputs_f(autoscale_site *site, int op, float a, float b, const void *tensor_a,
                                const void *tensor_b) {
  return binary_inputs(site, op, a, b, tensor_a, tensor_b);
}
double autoscale_binary_inputs_d(autoscale_site *site, int op, double a, double b, const void *tensor_a,
                                 const void *tensor_b) {
  return binary_inputs(site, op, a, b, tensor_a, tensor_b);
}

void autoscale_raise_amax_(autoscale_u32 *amax_bits, autoscale_u32 bits) {
  uint32_t cur = __atomic_load_n(amax_bits, __ATOMIC_RELAXED);
  while (bits > cur && !__atomic_compare_exchange_n(amax_bits, &cur, bits, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
}

void autoscale_raise_amax_d_(autoscale_u32 *amax_bits, double v) { autoscale_raise_amax_(amax_bits, autoscale_abs_bits_d_(v)); }

void autoscale_flush_(struct autoscale_site_state *state) {
  SiteState *st = site_state(state);
  flush_window(st, this_thread_sites()[st->id]);
}

}  // extern "C"
