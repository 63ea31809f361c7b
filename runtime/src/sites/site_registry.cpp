// Site registration: the site table is validated, the state created and published.
#include "sites/site_registry.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "env.h"
#include "reports/report.h"
#include "sites/allocations.h"
#include "sites/site_scaling.h"

// The symbol every unit including autoscale.h refers to (config.h): linking code compiled for
// another ABI fails, naming the version it needs.
extern "C" {
extern const int AUTOSCALE_ABI_SYMBOL;
const int AUTOSCALE_ABI_SYMBOL = AUTOSCALE_ABI_VERSION;
}

namespace autoscale::detail {

thread_local bool RegistryMutex::held_here_ = false;

void RegistryMutex::unlock() {
  held_here_ = false;
  mutex_.unlock();
  end_blocks_freed_while_locked();
  stop_if_signalled();
}

Registry &registry() {
  static Registry *r = [] {
    auto *reg = new Registry;
    reg->window = settings().window;
    return reg;
  }();
  return *r;
}

void site_check_failed(const autoscale_site *site, const char *what) {
  std::fprintf(stderr, "%s:%d:%d: autoscale: %s\n", site->file ? site->file : "?", site->line, site->column, what);
  std::abort();
}

namespace {

// Every field the runtime reads, checked against what this runtime knows.
void validate(const autoscale_site *site) {
  const autoscale_site &s = *site;
  if (!autoscale_op_name(s.op)) site_check_failed(site, "unknown op in the site table");
  if (!autoscale_class_name(s.op_class)) site_check_failed(site, "unknown op class in the site table");
  if (!autoscale_format_name(s.format)) site_check_failed(site, "unknown format in the site table");
  if (s.action != AUTOSCALE_ACTION_CAST && s.action != AUTOSCALE_ACTION_SCALE)
    site_check_failed(site, "unknown action in the site table (a site is cast or scale)");
  if (!autoscale_strategy_name(s.strategy)) site_check_failed(site, "unknown strategy in the site table");
  if (!autoscale_rounding_name(s.rounding)) site_check_failed(site, "unknown rounding point in the site table");
  if (s.params.history_len < 0 || !autoscale_amax_reduce_name(s.params.amax_reduce))
    site_check_failed(site, "delayed scaling needs history_len >= 0 and amax_reduce max or most_recent");
  if (s.params.analysis_steps < 0 || s.params.recheck_every < 0)
    site_check_failed(site, "empirical scaling needs analysis_steps >= 0 and recheck_every >= 0");
  if (!autoscale_statistics_name(s.statistics)) site_check_failed(site, "unknown statistics in the site table");
  if (s.index < 0) site_check_failed(site, "negative index in the site table");
  for (int fed_by : s.fed_by) {
    if (fed_by < -1) site_check_failed(site, "fed_by below -1 in the site table");
    // The producer is an element of the same table: the same file, and it knows its own index.
    const autoscale_site *producer = fed_by >= 0 ? site - s.index + fed_by : nullptr;
    if (producer && (producer->index != fed_by ||
                     (producer->file != s.file && std::strcmp(producer->file ? producer->file : "", s.file ? s.file : "") != 0)))
      site_check_failed(site, "fed_by names no site of this file's table (index and fed_by disagree)");
  }
  if (s.op == AUTOSCALE_OP_MATMUL && s.rounding != AUTOSCALE_ROUND_INPUTS)
    site_check_failed(site, "a matmul site rounds its operands: rounding must be inputs");
  if (s.action == AUTOSCALE_ACTION_SCALE && s.strategy == AUTOSCALE_STRATEGY_STATIC &&
      !valid_scale(s.params.static_scale))
    site_check_failed(site, "strategy static needs a finite scale > 0");
}

SiteState *create_state_locked(Registry &reg, autoscale_site *site) {
  validate(site);
  const autoscale_site &s = *site;
  auto *st = new SiteState();  // value-initialised: the hot path's fields start at zero
  st->id = static_cast<uint32_t>(reg.sites.size());
  st->round_output = autoscale_site_rounds_output_(site);
  st->full = autoscale_site_full_(site);
  st->record_output = autoscale_site_records_output_(site);
  st->site = site;
  st->format = s.format;
  st->saturate = s.saturate;
  st->fmt_max = scaling_max(s.format);
  st->fmt_min_normal = autoscale_format_min_normal(s.format);
  init_scaling_locked(reg, st);
  return st;
}

__attribute__((noinline, cold)) SiteState *register_site(autoscale_site *site) {
  Registry &reg = registry();
  std::lock_guard<RegistryMutex> lock(reg.mutex);
  if (autoscale_site_state *st = __atomic_load_n(site->state, __ATOMIC_ACQUIRE)) return site_state(st);
  SiteState *st = create_state_locked(reg, site);
  // Registration is serialised by the mutex; the release store publishes the state to threads
  // that read the site's cell without it.
  __atomic_store_n(const_cast<autoscale_site_state **>(site->state), static_cast<autoscale_site_state *>(st), __ATOMIC_RELEASE);
  reg.sites.push_back(st);
  return st;
}

}  // namespace

SiteState *state_of(autoscale_site *site) {
  autoscale_site_state *st = __atomic_load_n(site->state, __ATOMIC_ACQUIRE);
  if (__builtin_expect(st != nullptr, 1)) return site_state(st);
  return register_site(site);
}

}  // namespace autoscale::detail
