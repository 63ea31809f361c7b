// The human summary: the worst sites, each with what went wrong and a rules setting to try.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "autoscale/autoscale.h"
#include "autoscale/defaults.h"
#include "env.h"
#include "formats/format_traits.h"
#include "reports/report.h"

namespace autoscale::detail {
namespace {

std::string percent(uint64_t n, uint64_t of) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3g%% (%llu of %llu)", of ? 100.0 * n / of : 0.0,
                static_cast<unsigned long long>(n), static_cast<unsigned long long>(of));
  return buf;
}

// Relative error of round-to-nearest for a value in the format's normal range: half an ulp.
double format_rounding_bound(int format) {
  const int mant_bits = format == AUTOSCALE_FP32 ? 23 : autoscale_format_desc_of_(format).mant_bits;
  return std::ldexp(1.0, -(mant_bits + 1));
}

// Suggestions name rules keys and values (rules/README.md) the parser accepts beside the site's
// own settings: margin only for the strategies that read it, history only for delayed, formats
// other than the site's.

// A format with more range than the site's, else fp32.
std::string wider_format(int format) {
  return with_format(format, [](auto f) { return FormatTraits<f()>::wider; });
}

// A format with more precision or range than the site's, for rounding error beyond its bound.
std::string finer_format(int format) {
  return with_format(format, [](auto f) { return FormatTraits<f()>::finer; });
}

bool reads_margin(int strategy) {
  return strategy == AUTOSCALE_STRATEGY_DELAYED || strategy == AUTOSCALE_STRATEGY_CURRENT ||
         strategy == AUTOSCALE_STRATEGY_EMPIRICAL;
}

// "margin: m" for the site's margin moved by delta, within the parser's -127..127.
std::string margin_hint(const autoscale_site &site, int delta) {
  return "margin: " + std::to_string(std::min(127, std::max(-127, site.params.margin + delta)));
}

// Current scaling puts the value's own amax at the top of the range from margin 0 down: a lower
// margin clips it, so values too small for the range need more range, not a lower margin.
bool margin_at_top(const autoscale_site &site) {
  return site.strategy == AUTOSCALE_STRATEGY_CURRENT && site.params.margin <= 0;
}

// For a scaled site whose values left the range: a margin or history change where the strategy
// reads them, else delayed scaling; then a wider format.
std::string range_hint(const autoscale_site &site, bool too_large) {
  std::string hint;
  if (!too_large && margin_at_top(site))
    return std::string("more range (its amax already sits at the top of ") + autoscale_format_name(site.format) +
           "'s): " + wider_format(site.format);
  if (reads_margin(site.strategy))
    hint = (too_large ? "raise the margin (" : "lower the margin (") + margin_hint(site, too_large ? 1 : -1) + ")";
  else
    hint = "strategy: delayed (this strategy reads no measured amax)";
  if (!too_large && site.strategy == AUTOSCALE_STRATEGY_DELAYED) {
    int history = site.params.history_len > 0 ? site.params.history_len : AUTOSCALE_DEFAULT_HISTORY_LEN;
    if (history > 1) hint += ", a shorter amax history (history: " + std::to_string(history / 2) + ")";
  }
  return hint + " or " + wider_format(site.format);
}

// A site whose op the rewriter found as a sum or state carried across iterations (rules/README.md).
bool carries_state(const autoscale_site &site) {
  const std::string kind = site.kind ? site.kind : "";
  for (int idiom : {AUTOSCALE_IDIOM_ACCUMULATE, AUTOSCALE_IDIOM_UPDATE, AUTOSCALE_IDIOM_SQUARE_SUM,
                    AUTOSCALE_IDIOM_COMPENSATION})
    if (kind == autoscale_idiom_name(idiom)) return true;
  return false;
}

}  // namespace

Finding judge(const SiteSnapshot &s) {
  Finding f;
  const autoscale_site &site = *s.site;
  SlotCounters t = rounded_totals(s);
  if (t.quantized == 0 && !s.device) return f;
  const bool scaled = site.action == AUTOSCALE_ACTION_SCALE;
  const bool fixed = scaled && site.strategy == AUTOSCALE_STRATEGY_STATIC;
  uint64_t made_nonfinite = (t.nan_out - std::min(t.nan_out, t.nan_in)) + (t.inf_out - std::min(t.inf_out, t.inf_in));
  double rel = worst_slot_error(s);
  auto add = [&f](const std::string &what, const std::string &suggestion) {
    f.what += (f.what.empty() ? "" : ", ") + what;
    if (f.suggestion.empty()) f.suggestion = suggestion;
  };
  // The values lost one way: named (as a share; a device site, which counts no executions
  // (device_sites.h), as a count), with what to try.
  auto lost = [&](uint64_t n, const char *what, const std::string &suggestion) {
    if (n == 0) return;
    add(s.device ? std::to_string(n) + what + " on the GPU" : percent(n, t.quantized) + what, suggestion);
    f.impact += static_cast<double>(n);
    f.lost_values = true;
  };
  // Values that shrank faster than the amax history forgets (roll_site_locked): the history's scale
  // explains the losses, those that follow too (a solver divided by a product lost to zero), so
  // a shorter history comes first, whatever else the site saw. A history rolls at each step, and
  // every window of executions before the first (or without steps): its rolls, not the steps.
  if (scaled && site.strategy == AUTOSCALE_STRATEGY_DELAYED && s.lagging_rolls > 0 && t.underflows > 0)
    f.suggestion = "a one-step history (history: 1) or strategy: current: in " + std::to_string(s.lagging_rolls) +
                   " of its " + std::to_string(s.rolls) + " history rolls every value lay below " +
                   autoscale_format_name(site.format) + "'s normal range at the scale its amax history set";
  lost(t.overflows, " overflowed",
       !scaled ? "scale it (action: scale, strategy: delayed) instead of casting"
       : fixed ? "use a larger static_scale or strategy: delayed"
               : range_hint(site, true));
  lost(t.underflows, s.device ? " non-zero values rounded to zero" : " of non-zero values rounded to zero",
       !scaled ? "scale it (action: scale) so small values move into range"
       : fixed ? "use a smaller static_scale or strategy: delayed"
               : range_hint(site, false));
  // Sums that lost an operand whole (autoscale_may_absorb_f_): where the line carries a sum or state
  // from one iteration to the next, it stalls there. Named from 1% of the values on: an
  // elementwise add loses a much smaller operand now and then, as the format's precision says.
  if (s.device || t.absorbed * 100 >= t.quantized)
    lost(t.absorbed, s.device ? " sums lost an operand whole" : " of its sums lost an operand whole",
         std::string("keep fp32 (action: keep) if it carries a sum or state across iterations: in ") +
             autoscale_format_name(site.format) + " it stalls once what it adds falls below half its ulp" +
             (carries_state(site) ? "" : " (the rewriter did not find it as one: op accumulate or update)"));
  lost(made_nonfinite, " became NaN or inf",
       site.saturate ? "keep fp32 (action: keep)" : "saturate: true, or keep fp32 (action: keep)");
  // Values within the format's normal range never lose more than half an ulp; above that, values
  // left the range (subnormals, zeros, saturation).
  double bound = format_rounding_bound(site.format);
  if (rel > bound) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "relative error %.3g (above %s's half-ulp bound %.3g)", rel,
                  autoscale_format_name(site.format), bound);
    add(buf, finer_format(site.format));
    f.impact += std::min(rel, 1.0) * static_cast<double>(t.quantized);
    f.lost_values = true;
  }
  if (t.subnormals > 0 && f.what.empty()) {
    add(percent(t.subnormals, t.quantized) + " of results were subnormal",
        !scaled ? "scale it (action: scale)"
        : fixed ? "use a smaller static_scale"
        : margin_at_top(site) ? range_hint(site, false)
        : reads_margin(site.strategy) ? "lower the margin (" + margin_hint(site, -1) + ")"
                                      : "strategy: delayed (this strategy reads no measured amax)");
    f.impact += 0.5 * static_cast<double>(t.subnormals);
  }
  return f;
}

bool ranks_before(const Finding &a, const Finding &b) {
  if (a.lost_values != b.lost_values) return a.lost_values;
  return a.impact > b.impact;
}

namespace {

// A value as the origin names it.
std::string value_text(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[40];
  // A float's value in the digits that name it; a double's in all of them.
  std::snprintf(buf, sizeof buf, static_cast<double>(static_cast<float>(v)) == v ? "%.9g" : "%.17g", v);
  return buf;
}

// The line naming the first NaN or inf (or saying there was none): where to look when a run went
// NaN, since every site the value reaches afterwards counts it too.
std::string origin_line(const RegistrySnapshot &snapshot) {
  if (snapshot.first_nonfinite) return "autoscale: first NaN or inf: " + describe_origin(*snapshot.first_nonfinite) + "\n";
  const bool device = std::any_of(snapshot.sites.begin(), snapshot.sites.end(), [](const SiteSnapshot &s) { return s.device; });
  // Operations kept in FP32 are no sites: a division kept FP32 whose divisor a site rounded to zero
  // makes an inf no site sees.
  return device ? "autoscale: no host site saw a NaN or inf (device sites record no origin; operations kept fp32 are not watched)\n"
                : "autoscale: no site saw a NaN or inf (operations kept fp32 are not watched)\n";
}

// Where the formats' own precision went, which no finding names: the sites whose rounding within
// their format's bound (no more: more is an overflow's or a flush's, which the worst sites name)
// lost 1% of their values or more (e4m3 keeps 3 bits, up to 6.25% a value), or a quarter of their
// format's bound where that is less (bf16's 0.1%, fp16's 0.012%: no bf16 site ever reaches 1%,
// and typical bf16 data loses 0.1-0.35%, short of half the bound), most error first. A result
// that is off with no site above has its cause among these (an LU factorisation's e4m3 products,
// where a lower margin only moves the subnormals).
std::string rounding_line(const RegistrySnapshot &snapshot) {
  std::vector<std::pair<double, const SiteSnapshot *>> coarse;  // relative error x values, the site
  for (const SiteSnapshot &s : snapshot.sites) {
    const SlotCounters t = rounded_totals(s);
    const double rel = worst_slot_error(s);
    const double bound = format_rounding_bound(s.site->format);
    if (rel >= std::min(0.01, 0.25 * bound) && rel <= bound && t.quantized > 0)
      coarse.emplace_back(rel * static_cast<double>(t.quantized), &s);
  }
  if (coarse.empty()) return {};
  std::stable_sort(coarse.begin(), coarse.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
  std::string out = "autoscale: most rounding within the formats' precision:";
  bool fp8 = false, wider = false;
  for (size_t i = 0; i < coarse.size() && i < 3; ++i) {
    const autoscale_site &site = *coarse[i].second->site;
    char item[384];
    std::snprintf(item, sizeof item, "%s %s:%d:%d '%s' (%s) %.3g%%", i ? "," : "", site.file ? site.file : "?",
                  site.line, site.column, site.name ? site.name : "?", autoscale_format_name(site.format),
                  100.0 * worst_slot_error(*coarse[i].second));
    out += item;
    if (site.format == AUTOSCALE_E4M3 || site.format == AUTOSCALE_E5M2)
      fp8 = true;
    else
      wider = true;
  }
  // FP8 sites have fp16 and bf16 above them; the 16-bit formats only fp32.
  const std::string advice = fp8 && wider ? "format: fp16 or format: bf16 for the fp8 sites, action: keep for the others"
                             : fp8        ? "format: fp16 or format: bf16"
                                          : "action: keep";
  return out + " -> if results are off, give them more precision (" + advice + ")\n";
}

}  // namespace

std::string products_warning(const ProductCounts &p) {
  if (p.on_fp8 >= p.calls) return {};
  return std::to_string(p.calls - p.on_fp8) + " of its " + std::to_string(p.calls) +
         " products ran as bf16 values (the same values), not on FP8 tensor cores: " + p.otherwise;
}

std::string describe_origin(const NonFiniteOrigin &o) {
  const autoscale_site &site = *o.site;
  char head[512];
  std::snprintf(head, sizeof head, "%s at %s:%d:%d '%s' (%s %s), %s%s%s, step %llu, execution %llu: ",
                value_text(o.became).c_str(), site.file ? site.file : "?", site.line, site.column,
                site.name ? site.name : "?", autoscale_format_name(site.format), autoscale_action_name(site.action),
                o.slot == AUTOSCALE_SLOT_OUTPUT ? "its result" : "operand ",
                o.slot == AUTOSCALE_SLOT_OUTPUT ? "" : autoscale_slot_name(o.slot),
                o.tensor ? (" of tensor " + tensor_name(o.tensor)).c_str() : "",
                static_cast<unsigned long long>(o.step), static_cast<unsigned long long>(o.execution));
  std::string out = head;
  switch (o.cause) {
  case NonFiniteCause::Rounded:
    return out + "the finite value " + value_text(o.value) + " rounded to " + value_text(o.became) + " in " +
           autoscale_format_name(site.format) + ", beyond its range without saturation -> saturate: true, or " +
           wider_format(site.format);
  case NonFiniteCause::Computed:
    return out + "the operation made it from finite operands (an overflow, a division by zero, or an invalid "
                 "operation) -> keep fp32 (action: keep), or look at the values that reach it";
  case NonFiniteCause::Result:
    return out + "the operation's result; the site rounds its result and does not see its operands, so the "
                 "operation made it or an operand brought it from code the runtime does not see";
  case NonFiniteCause::Arrived:
    return out + "the operand was " + value_text(o.became) + " on entry: made by code the runtime does not see "
                 "(an operation left as written, a library call, a site that records no results) or read from "
                 "the program's input";
  }
  return out;
}

std::string report_summary(const RegistrySnapshot &snapshot, size_t max_sites) {
  uint64_t executions = 0;
  std::vector<std::pair<Finding, const SiteSnapshot *>> found;
  for (const SiteSnapshot &s : snapshot.sites) {
    executions += s.executions;
    Finding f = judge(s);
    if (!f.what.empty() || !s.warnings.empty()) found.emplace_back(std::move(f), &s);
  }
  std::stable_sort(found.begin(), found.end(), [](const auto &a, const auto &b) { return ranks_before(a.first, b.first); });
  // The origin first: after a NaN, every site it reaches is among the worst.
  std::string out = origin_line(snapshot);
  out += "autoscale: " + std::to_string(snapshot.sites.size()) + " sites, " +
                    std::to_string(executions) + " executions; ";
  out += snapshot.explicit_mode
             ? std::to_string(snapshot.explicit_steps) + " steps\n"
             : "no autoscale_step() call: amax histories rolled every " + std::to_string(snapshot.window) +
                   " executions of each site\n";
  if (found.empty()) {
    out += "autoscale: no site overflowed, underflowed or lost more than its format's rounding\n";
    return out + rounding_line(snapshot);
  }
  out += "autoscale: worst sites (those that lost values first, most values damaged first):\n";
  for (size_t i = 0; i < found.size() && i < max_sites; ++i) {
    const Finding &f = found[i].first;
    const SiteSnapshot &s = *found[i].second;
    const autoscale_site &site = *s.site;
    char head[512];
    std::snprintf(head, sizeof head, "  %s:%d:%d: '%s' (%s %s%s%s): ", site.file ? site.file : "?", site.line,
                  site.column, site.name ? site.name : "?", autoscale_format_name(site.format),
                  autoscale_action_name(site.action), site.action == AUTOSCALE_ACTION_SCALE ? ", " : "",
                  site.action == AUTOSCALE_ACTION_SCALE ? autoscale_strategy_name(site.strategy) : "");
    out += head;
    out += f.what.empty() ? "warnings:" : f.what;
    if (!f.suggestion.empty()) out += " -> " + f.suggestion;
    out += '\n';
    for (const std::string &w : s.warnings) out += "      warning: " + w + '\n';
  }
  if (found.size() > max_sites)
    out += "  ... and " + std::to_string(found.size() - max_sites) + " more sites (see AUTOSCALE_REPORT)\n";
  return out + rounding_line(snapshot);
}

}  // namespace autoscale::detail

extern "C" void autoscale_summary(void) {
  using namespace autoscale::detail;
  if (!settings().summary) return;
  std::string text = report_summary(snapshot_registry());
  std::fputs(text.c_str(), stderr);
}
