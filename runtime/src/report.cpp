// The runtime report (JSON, versioned) and the human summary, plus the C entry points that write
// them and the exit handler that does so for AUTOSCALE_REPORT / AUTOSCALE_SUMMARY.
#include "report.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "autoscale/scaling.h"
#include "env.h"

namespace autoscale {
namespace {

const char *op_name(int op) {
  static const char *const names[] = {"add", "sub", "mul", "div", "neg", "inc", "dec", "call"};
  return op >= 0 && op < 8 ? names[op] : "?";
}
const char *class_name(int c) {
  static const char *const names[] = {"allow", "infer", "deny", "clear"};
  return c >= 0 && c < 4 ? names[c] : "?";
}
const char *action_name(int a) {
  return a == AUTOSCALE_ACTION_CAST ? "cast" : a == AUTOSCALE_ACTION_SCALE ? "scale" : "?";
}
const char *rounding_name(int r) {
  return r == AUTOSCALE_ROUND_OUTPUT ? "output" : r == AUTOSCALE_ROUND_INPUTS ? "inputs" : "?";
}
const char *strategy_name(int s) {
  static const char *const names[] = {"delayed", "current", "propagate", "static", "empirical"};
  return s >= 0 && s < 5 ? names[s] : "?";
}
const char *slot_name(int k) {
  static const char *const names[] = {"a", "b", "c", "output"};
  return names[k];
}

// A slot is worth showing when the site quantised values in it, or it is the output.
bool slot_shown(const SiteSnapshot &s, int k) {
  return k == AUTOSCALE_SLOT_OUTPUT || s.slot[k].counters.quantized > 0;
}

// Slots whose values the site rounds to its format: where over/underflow can happen.
bool slot_rounded(const SiteSnapshot &s, int k) {
  if (s.site->format == AUTOSCALE_FP32 || s.slot[k].passthrough) return false;
  bool output = k == AUTOSCALE_SLOT_OUTPUT;
  return output == (s.site->rounding == AUTOSCALE_ROUND_OUTPUT);
}

SlotCounters totals(const SiteSnapshot &s) {
  SlotCounters t{};
  for (int k = 0; k < kSlots; ++k) {
    if (!slot_rounded(s, k)) continue;
    const SlotCounters &c = s.slot[k].counters;
    t.quantized += c.quantized;
    t.error_sum += c.error_sum;
    t.value_sum += c.value_sum;
    t.overflows += c.overflows;
    t.underflows += c.underflows;
    t.subnormals += c.subnormals;
    t.nan_in += c.nan_in;
    t.inf_in += c.inf_in;
    t.nan_out += c.nan_out;
    t.inf_out += c.inf_out;
  }
  return t;
}

double relative_error(const SlotCounters &c) { return c.value_sum > 0 ? c.error_sum / c.value_sum : 0.0; }

// A minimal JSON writer: containers, keys and scalars, commas placed for the caller.
class Json {
 public:
  std::string out;

  void key(const char *k) {
    comma();
    quoted(k);
    out += ": ";
    after_key_ = true;
  }
  void string(const char *s) {
    comma();
    quoted(s);
  }
  void number(uint64_t v) { scalar(std::to_string(v)); }
  void number(int v) { scalar(std::to_string(v)); }
  // JSON has no inf or NaN: those are written as null.
  void number(double v, int digits) {
    char buf[40];
    if (std::isfinite(v)) std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    scalar(std::isfinite(v) ? buf : "null");
  }
  void boolean(bool b) { scalar(b ? "true" : "false"); }
  void open(char c) {
    comma();
    out += c;
    fresh_ = true;
  }
  void close(char c) {
    out += c;
    fresh_ = false;
  }

 private:
  void scalar(const std::string &s) {
    comma();
    out += s;
  }
  // Every element but the first of its container, and no value after its key, gets a comma.
  void comma() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (!fresh_) out += ", ";
    fresh_ = false;
  }
  void quoted(const char *s) {
    out += '"';
    for (const char *p = s ? s : ""; *p; ++p) {
      unsigned char c = static_cast<unsigned char>(*p);
      if (c == '"' || c == '\\') {
        out += '\\';
        out += static_cast<char>(c);
      } else if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      } else {
        out += static_cast<char>(c);
      }
    }
    out += '"';
  }
  bool fresh_ = true;
  bool after_key_ = false;
};

void write_counters(Json &j, const SlotCounters &c) {
  j.key("quantized"), j.number(c.quantized);
  j.key("overflows"), j.number(c.overflows);
  j.key("underflows"), j.number(c.underflows);
  j.key("subnormals"), j.number(c.subnormals);
  j.key("nan_in"), j.number(c.nan_in);
  j.key("inf_in"), j.number(c.inf_in);
  j.key("nan_out"), j.number(c.nan_out);
  j.key("inf_out"), j.number(c.inf_out);
  j.key("error");
  j.open('{');
  j.key("abs_error_sum"), j.number(c.error_sum, 17);
  j.key("abs_value_sum"), j.number(c.value_sum, 17);
  j.key("relative"), j.number(relative_error(c), 9);
  j.close('}');
}

void write_site(Json &j, const SiteSnapshot &s) {
  const autoscale_site &site = *s.site;
  j.open('{');
  j.key("id"), j.number(static_cast<uint64_t>(s.id));
  j.key("file"), j.string(site.file);
  j.key("line"), j.number(site.line);
  j.key("column"), j.number(site.column);
  j.key("op"), j.string(op_name(site.op));
  j.key("name"), j.string(site.name);
  j.key("class"), j.string(class_name(site.op_class));
  j.key("action"), j.string(action_name(site.action));
  j.key("format"), j.string(autoscale_format_name(site.format));
  j.key("rounding"), j.string(rounding_name(site.rounding));
  j.key("saturate"), j.boolean(site.saturate != 0);
  j.key("strategy"), j.string(strategy_name(site.strategy));
  j.key("params");
  j.open('{');
  j.key("history_len"), j.number(site.params.history_len);
  j.key("amax_reduce"), j.string(site.params.amax_reduce == AUTOSCALE_AMAX_MOST_RECENT ? "most_recent" : "max");
  j.key("margin"), j.number(site.params.margin);
  j.key("static_scale"), j.number(site.params.static_scale, 9);
  j.key("analysis_steps"), j.number(site.params.analysis_steps);
  j.key("recheck_every"), j.number(site.params.recheck_every);
  j.close('}');
  j.key("rule"), j.string(site.rule);
  j.key("executions"), j.number(s.executions);
  j.key("rolls"), j.number(s.rolls);
  j.key("counters");
  j.open('{');
  write_counters(j, totals(s));
  j.close('}');
  j.key("slots");
  j.open('[');
  for (int k = 0; k < kSlots; ++k) {
    if (!slot_shown(s, k)) continue;
    const SlotSnapshot &o = s.slot[k];
    j.open('{');
    j.key("slot"), j.string(slot_name(k));
    j.key("rounded"), j.boolean(slot_rounded(s, k));
    j.key("scale"), j.number(static_cast<double>(o.scale), 9);
    j.key("amax"), j.number(static_cast<double>(o.amax), 9);
    j.key("amax_history");
    j.open('[');
    for (float a : o.amax_history) j.number(static_cast<double>(a), 9);
    j.close(']');
    write_counters(j, o.counters);
    j.close('}');
  }
  j.close(']');
  if (!s.strategy_note.empty()) j.key("note"), j.string(s.strategy_note.c_str());
  if (site.action == AUTOSCALE_ACTION_SCALE && site.strategy == AUTOSCALE_STRATEGY_EMPIRICAL)
    j.key("remeasured"), j.boolean(s.remeasured);
  j.key("warnings");
  j.open('[');
  for (const std::string &w : s.warnings) j.string(w.c_str());
  j.close(']');
  j.close('}');
}

// What went wrong at a site and what to try, for the summary. Empty when nothing stands out.
struct Finding {
  double badness = 0;  // fraction of values lost (over/underflow, NaN/inf made) plus excess error
  std::string what;
  std::string suggestion;
};

std::string percent(uint64_t n, uint64_t of) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3g%% (%llu of %llu)", of ? 100.0 * n / of : 0.0,
                static_cast<unsigned long long>(n), static_cast<unsigned long long>(of));
  return buf;
}

// Relative error of round-to-nearest for a value in the format's normal range: half an ulp.
double format_rounding_bound(int format) {
  switch (format) {
  case AUTOSCALE_E4M3: return 0x1p-4;
  case AUTOSCALE_E5M2: return 0x1p-3;
  case AUTOSCALE_FP16: return 0x1p-11;
  case AUTOSCALE_BF16: return 0x1p-8;
  default: return 0x1p-24;
  }
}

// Suggestions name rules keys and values (rules/README.md) the parser accepts beside the site's
// own settings: margin only for the strategies that read it, history only for delayed, formats
// other than the site's.

// A format with more range than the site's, else fp32.
std::string wider_format(int format) {
  switch (format) {
  case AUTOSCALE_E4M3: return "format: e5m2 (max 57344, min subnormal 2^-16)";
  case AUTOSCALE_E5M2: return "format: fp16 or format: bf16";
  case AUTOSCALE_FP16: return "format: bf16 (float32's range)";
  default: return "keep fp32 (action: keep)";
  }
}

// A format with more precision or range than the site's, for rounding error beyond its bound.
std::string finer_format(int format) {
  switch (format) {
  case AUTOSCALE_E4M3:
  case AUTOSCALE_E5M2: return "format: fp16, or keep fp32 (action: keep)";
  case AUTOSCALE_FP16: return "format: bf16 (float32's range), or keep fp32 (action: keep)";
  default: return "keep fp32 (action: keep)";
  }
}

bool reads_margin(int strategy) {
  return strategy == AUTOSCALE_STRATEGY_DELAYED || strategy == AUTOSCALE_STRATEGY_CURRENT ||
         strategy == AUTOSCALE_STRATEGY_EMPIRICAL;
}

// "margin: m" for the site's margin moved by delta, within the parser's -127..127.
std::string margin_hint(const autoscale_site &site, int delta) {
  return "margin: " + std::to_string(std::min(127, std::max(-127, site.params.margin + delta)));
}

// For a scaled site whose values left the range: a margin or history change where the strategy
// reads them, else delayed scaling; then a wider format.
std::string range_hint(const autoscale_site &site, bool too_large) {
  std::string hint;
  if (reads_margin(site.strategy))
    hint = (too_large ? "raise the margin (" : "lower the margin (") + margin_hint(site, too_large ? 1 : -1) + ")";
  else
    hint = "strategy: delayed (this strategy reads no measured amax)";
  if (!too_large && site.strategy == AUTOSCALE_STRATEGY_DELAYED) {
    int history = site.params.history_len > 0 ? site.params.history_len : DelayedScalingConfig{}.history_len;
    if (history > 1) hint += ", a shorter amax history (history: " + std::to_string(history / 2) + ")";
  }
  return hint + " or " + wider_format(site.format);
}

Finding judge(const SiteSnapshot &s) {
  Finding f;
  const autoscale_site &site = *s.site;
  SlotCounters t = totals(s);
  if (t.quantized == 0) return f;
  const bool scaled = site.action == AUTOSCALE_ACTION_SCALE;
  const bool fixed = scaled && site.strategy == AUTOSCALE_STRATEGY_STATIC;
  uint64_t made_nonfinite = (t.nan_out - std::min(t.nan_out, t.nan_in)) + (t.inf_out - std::min(t.inf_out, t.inf_in));
  double rel = relative_error(t);
  auto add = [&f](const std::string &what, const std::string &suggestion) {
    f.what += (f.what.empty() ? "" : ", ") + what;
    if (f.suggestion.empty()) f.suggestion = suggestion;
  };
  if (t.overflows > 0) {
    add(percent(t.overflows, t.quantized) + " overflowed",
        !scaled  ? "scale it (action: scale, strategy: delayed) instead of casting"
        : fixed  ? "use a larger static_scale or strategy: delayed"
                 : range_hint(site, true));
    f.badness += static_cast<double>(t.overflows) / t.quantized;
  }
  if (t.underflows > 0) {
    add(percent(t.underflows, t.quantized) + " of non-zero values rounded to zero",
        !scaled  ? "scale it (action: scale) so small values move into range"
        : fixed  ? "use a smaller static_scale or strategy: delayed"
                 : range_hint(site, false));
    f.badness += static_cast<double>(t.underflows) / t.quantized;
  }
  if (made_nonfinite > 0) {
    add(percent(made_nonfinite, t.quantized) + " became NaN or inf",
        site.saturate ? "keep fp32 (action: keep)" : "saturate: true, or keep fp32 (action: keep)");
    f.badness += static_cast<double>(made_nonfinite) / t.quantized;
  }
  // Values within the format's normal range never lose more than half an ulp; above that, values
  // left the range (subnormals, zeros, saturation).
  double bound = format_rounding_bound(site.format);
  if (rel > bound) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "relative error %.3g (above %s's half-ulp bound %.3g)", rel,
                  autoscale_format_name(site.format), bound);
    add(buf, finer_format(site.format));
    f.badness += std::min(rel, 1.0);
  }
  if (t.subnormals > 0 && f.what.empty()) {
    add(percent(t.subnormals, t.quantized) + " of results were subnormal",
        !scaled ? "scale it (action: scale)"
        : fixed ? "use a smaller static_scale"
        : reads_margin(site.strategy) ? "lower the margin (" + margin_hint(site, -1) + ")"
                                      : "strategy: delayed (this strategy reads no measured amax)");
    f.badness += 0.5 * static_cast<double>(t.subnormals) / t.quantized;
  }
  return f;
}

}  // namespace

std::string report_json(const RegistrySnapshot &snapshot) {
  Json j;
  j.open('{');
  j.key("schema"), j.string("autoscale-runtime-report");
  j.key("version"), j.number(kReportSchemaVersion);
  j.key("abi_version"), j.number(AUTOSCALE_ABI_VERSION);
  j.key("steps");
  j.open('{');
  j.key("explicit"), j.number(snapshot.explicit_steps);
  j.key("mode"), j.string(snapshot.explicit_steps > 0 ? "explicit" : "window");
  j.key("window"), j.number(snapshot.window);
  if (snapshot.explicit_steps == 0)
    j.key("note"), j.string(("autoscale_step() was never called: each site rolled its amax history every " +
                             std::to_string(snapshot.window) + " executions (AUTOSCALE_WINDOW)")
                                .c_str());
  j.close('}');
  j.key("sites");
  j.open('[');
  for (const SiteSnapshot &s : snapshot.sites) write_site(j, s);
  j.close(']');
  j.close('}');
  j.out += '\n';
  return j.out;
}

std::string report_summary(const RegistrySnapshot &snapshot, size_t max_sites) {
  uint64_t executions = 0;
  std::vector<std::pair<Finding, const SiteSnapshot *>> found;
  for (const SiteSnapshot &s : snapshot.sites) {
    executions += s.executions;
    Finding f = judge(s);
    if (!f.what.empty() || !s.warnings.empty()) found.emplace_back(std::move(f), &s);
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto &a, const auto &b) { return a.first.badness > b.first.badness; });
  std::string out = "autoscale: " + std::to_string(snapshot.sites.size()) + " sites, " +
                    std::to_string(executions) + " executions; ";
  out += snapshot.explicit_steps > 0
             ? std::to_string(snapshot.explicit_steps) + " steps\n"
             : "no autoscale_step() call: amax histories rolled every " + std::to_string(snapshot.window) +
                   " executions of each site\n";
  if (found.empty()) {
    out += "autoscale: no site overflowed, underflowed or lost more than its format's rounding\n";
    return out;
  }
  out += "autoscale: worst sites:\n";
  for (size_t i = 0; i < found.size() && i < max_sites; ++i) {
    const Finding &f = found[i].first;
    const SiteSnapshot &s = *found[i].second;
    const autoscale_site &site = *s.site;
    char head[512];
    std::snprintf(head, sizeof head, "  %s:%d:%d: '%s' (%s %s%s%s): ", site.file ? site.file : "?", site.line,
                  site.column, site.name ? site.name : "?", autoscale_format_name(site.format),
                  action_name(site.action), site.action == AUTOSCALE_ACTION_SCALE ? ", " : "",
                  site.action == AUTOSCALE_ACTION_SCALE ? strategy_name(site.strategy) : "");
    out += head;
    out += f.what.empty() ? "scaling warnings" : f.what;
    if (!f.suggestion.empty()) out += " -> " + f.suggestion;
    out += '\n';
    for (const std::string &w : s.warnings) out += "      warning: " + w + '\n';
  }
  if (found.size() > max_sites)
    out += "  ... and " + std::to_string(found.size() - max_sites) + " more sites (see AUTOSCALE_REPORT)\n";
  return out;
}

void report_at_exit() {
  if (!settings().report_path.empty()) autoscale_report(nullptr);
  autoscale_summary();
}

}  // namespace autoscale

extern "C" {

// Returns 0 when written, -1 when there is no path (argument NULL, AUTOSCALE_REPORT unset) or the
// file could not be written (with a message on stderr). Written to a temporary file first and
// renamed, so a reader never sees half a report.
int autoscale_report(const char *path) {
  std::string target = path ? path : autoscale::settings().report_path;
  if (target.empty()) return -1;
  std::string json = autoscale::report_json(autoscale::snapshot_registry());
  std::string tmp = target + ".tmp." + std::to_string(static_cast<long>(getpid()));
  FILE *f = std::fopen(tmp.c_str(), "w");
  bool ok = f && std::fwrite(json.data(), 1, json.size(), f) == json.size();
  int saved = errno;
  if (f && std::fclose(f) != 0 && ok) {
    ok = false;
    saved = errno;
  }
  if (ok && std::rename(tmp.c_str(), target.c_str()) != 0) {
    ok = false;
    saved = errno;
  }
  if (!ok) {
    std::fprintf(stderr, "autoscale: cannot write the report %s: %s\n", target.c_str(), std::strerror(saved));
    std::remove(tmp.c_str());
    return -1;
  }
  return 0;
}

void autoscale_summary(void) {
  if (!autoscale::settings().summary) return;
  std::string text = autoscale::report_summary(autoscale::snapshot_registry());
  std::fputs(text.c_str(), stderr);
}

}  // extern "C"
