// The JSON report (versioned schema) and autoscale_report, which writes it; the exit handler.
#include "reports/report.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "autoscale/autoscale.h"
#include "check.h"
#include "env.h"

namespace autoscale::detail {

// A slot is worth showing when the site quantised values in it, or it is the output.
namespace {
// A device site counts no executions (device_sites.h): its operand slots show once they saw values.
bool slot_shown(const SiteSnapshot &s, int k) {
  return k == AUTOSCALE_SLOT_OUTPUT || s.slot[k].counters.quantized > 0 || (s.device && s.slot[k].amax > 0.0f);
}
}  // namespace

bool slot_rounded(const SiteSnapshot &s, int k) {
  if (s.site->format == AUTOSCALE_FP32 || s.slot[k].passthrough) return false;
  bool output = k == AUTOSCALE_SLOT_OUTPUT;
  return output == (s.site->rounding == AUTOSCALE_ROUND_OUTPUT);
}

SlotCounters rounded_totals(const SiteSnapshot &s) {
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
    t.absorbed += c.absorbed;
  }
  return t;
}

double relative_error(const SlotCounters &c) { return c.value_sum > 0 ? c.error_sum / c.value_sum : 0.0; }

double worst_slot_error(const SiteSnapshot &s) {
  double worst = 0.0;
  for (int k = 0; k < kSlots; ++k)
    if (slot_rounded(s, k)) worst = std::max(worst, relative_error(s.slot[k].counters));
  return worst;
}

namespace {

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
  // JSON has no inf or NaN: those are written as the strings "inf", "-inf" and "nan" (the
  // schema's sentinels; an amax that reached inf is one).
  void number(double v, int digits) {
    if (!std::isfinite(v)) return string(std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    scalar(buf);
  }
  void boolean(bool b) { scalar(b ? "true" : "false"); }
  void null() { scalar("null"); }
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

// A device site sums no rounding error (device_sites.h): its "error" is null, not a zero that
// reads as lossless. A host GEMM site's error sums are its operands' sampled ones (gemm_site.cpp).
void write_counters(Json &j, const SlotCounters &c, bool error_measured) {
  j.key("quantized"), j.number(c.quantized);
  j.key("overflows"), j.number(c.overflows);
  j.key("underflows"), j.number(c.underflows);
  j.key("subnormals"), j.number(c.subnormals);
  j.key("nan_in"), j.number(c.nan_in);
  j.key("inf_in"), j.number(c.inf_in);
  j.key("nan_out"), j.number(c.nan_out);
  j.key("inf_out"), j.number(c.inf_out);
  j.key("absorbed"), j.number(c.absorbed);
  j.key("error");
  if (!error_measured && c.value_sum == 0) {
    j.null();
    return;
  }
  j.open('{');
  j.key("abs_error_sum"), j.number(c.error_sum, 17);
  j.key("abs_value_sum"), j.number(c.value_sum, 17);
  j.key("relative"), j.number(relative_error(c), 9);
  j.close('}');
}

void write_scaling(Json &j, float scale, float amax, const std::vector<float> &history) {
  j.key("scale"), j.number(static_cast<double>(scale), 9);
  j.key("amax"), j.number(static_cast<double>(amax), 9);
  j.key("amax_history");
  j.open('[');
  for (float a : history) j.number(static_cast<double>(a), 9);
  j.close(']');
}

// The site's history, a column per quantity: each record's first roll and the steps ended then,
// the values its rounded slots rounded and lost, and each shown slot's amax and scale.
void write_history(Json &j, const SiteSnapshot &s) {
  const auto column = [&](const char *name, auto value) {
    j.key(name);
    j.open('[');
    for (const RollRecord &r : s.history) value(r);
    j.close(']');
  };
  j.open('{');
  j.key("rolls_per_record"), j.number(s.rolls_per_record);
  column("roll", [&](const RollRecord &r) { j.number(r.roll); });
  column("steps_ended", [&](const RollRecord &r) { j.number(r.step); });
  column("values", [&](const RollRecord &r) { j.number(r.values); });
  column("overflows", [&](const RollRecord &r) { j.number(r.overflows); });
  column("underflows", [&](const RollRecord &r) { j.number(r.underflows); });
  j.key("slots");
  j.open('{');
  for (int k = 0; k < kSlots; ++k) {
    if (!slot_shown(s, k)) continue;
    j.key(autoscale_slot_name(k));
    j.open('{');
    column("amax", [&](const RollRecord &r) { j.number(static_cast<double>(r.amax[k]), 9); });
    column("scale", [&](const RollRecord &r) { j.number(static_cast<double>(r.scale[k]), 9); });
    j.close('}');
  }
  j.close('}');
  j.close('}');
}

void write_site(Json &j, const SiteSnapshot &s) {
  const autoscale_site &site = *s.site;
  j.open('{');
  j.key("id"), j.number(static_cast<uint64_t>(s.id));
  j.key("file"), j.string(site.file);
  j.key("line"), j.number(site.line);
  j.key("column"), j.number(site.column);
  j.key("op"), j.string(autoscale_op_name(site.op));
  j.key("kind"), j.string(site.kind);
  j.key("name"), j.string(site.name);
  j.key("class"), j.string(autoscale_class_name(site.op_class));
  j.key("action"), j.string(autoscale_action_name(site.action));
  j.key("format"), j.string(autoscale_format_name(site.format));
  j.key("rounding"), j.string(autoscale_rounding_name(site.rounding));
  j.key("saturate"), j.boolean(site.saturate != 0);
  j.key("strategy"), j.string(autoscale_strategy_name(site.strategy));
  j.key("params");
  j.open('{');
  j.key("history_len"), j.number(site.params.history_len);
  j.key("amax_reduce"), j.string(autoscale_amax_reduce_name(site.params.amax_reduce));
  j.key("margin"), j.number(site.params.margin);
  j.key("static_scale"), j.number(site.params.static_scale, 9);
  j.key("analysis_steps"), j.number(site.params.analysis_steps);
  j.key("recheck_every"), j.number(site.params.recheck_every);
  j.close('}');
  j.key("statistics"), j.string(autoscale_statistics_name(site.statistics));
  j.key("index"), j.number(site.index);
  j.key("fed_by");
  j.open('[');
  for (int producer : site.fed_by) j.number(producer);
  j.close(']');
  j.key("rule"), j.string(site.rule);
  if (s.device) j.key("device"), j.boolean(true);
  j.key("executions"), j.number(s.executions);
  j.key("rolls"), j.number(s.rolls);
  j.key("lagging_rolls"), j.number(s.lagging_rolls);
  j.key("counters");
  j.open('{');
  const bool error_measured = !s.device;
  write_counters(j, rounded_totals(s), error_measured);
  j.close('}');
  j.key("slots");
  j.open('[');
  for (int k = 0; k < kSlots; ++k) {
    if (!slot_shown(s, k)) continue;
    const SlotSnapshot &o = s.slot[k];
    j.open('{');
    j.key("slot"), j.string(autoscale_slot_name(k));
    j.key("rounded"), j.boolean(slot_rounded(s, k));
    write_scaling(j, o.scale, o.amax, o.amax_history);
    write_counters(j, o.counters, error_measured);
    j.close('}');
  }
  j.close(']');
  // Every tensor that saw values or was named, in the order the site first saw them.
  j.key("tensors");
  j.open('[');
  for (const TensorSnapshot &t : s.tensors) {
    if (!t.key && !t.overflow && t.counters.quantized == 0 && t.amax == 0.0f) continue;
    j.open('{');
    j.key("slot"), j.string(autoscale_slot_name(t.slot));
    j.key("tensor"), j.string(t.overflow ? "overflow" : tensor_name(t.key).c_str());
    if (t.freed) j.key("freed"), j.boolean(true);
    write_scaling(j, t.scale, t.amax, t.amax_history);
    write_counters(j, t.counters, error_measured);
    j.close('}');
  }
  j.close(']');
  if (std::any_of(s.tensors.begin(), s.tensors.end(), [](const TensorSnapshot &t) { return t.overflow; }))
    j.key("tensor_limit"), j.string(("more than " + std::to_string(AUTOSCALE_MAX_TENSORS_PER_SITE) +
                                     " tensors: the later ones share their slot's overflow tensor").c_str());
  if (!s.strategy_note.empty()) j.key("note"), j.string(s.strategy_note.c_str());
  if (s.products.calls) {
    j.key("products");
    j.open('{');
    j.key("calls"), j.number(s.products.calls);
    j.key("fp8_tensor_cores"), j.number(s.products.on_fp8);
    if (s.products.on_fp8 < s.products.calls) j.key("bf16_values_because"), j.string(s.products.otherwise.c_str());
    j.close('}');
  }
  if (site.action == AUTOSCALE_ACTION_SCALE && site.strategy == AUTOSCALE_STRATEGY_EMPIRICAL)
    j.key("remeasured"), j.boolean(s.remeasured);
  j.key("warnings");
  j.open('[');
  for (const std::string &w : s.warnings) j.string(w.c_str());
  j.close(']');
  const Finding finding = judge(s);
  j.key("finding");
  j.open('{');
  j.key("impact"), j.number(finding.impact, 9);
  j.key("lost_values"), j.boolean(finding.lost_values);
  j.key("what"), j.string(finding.what.c_str());
  j.key("suggestion"), j.string(finding.suggestion.c_str());
  j.close('}');
  if (!s.device) j.key("history"), write_history(j, s);
  j.close('}');
}
// The first NaN or inf (nonfinite_origin.h), or null when no host site saw one.
void write_origin(Json &j, const std::optional<NonFiniteOrigin> &origin) {
  if (!origin) return j.null();
  const autoscale_site &site = *origin->site;
  j.open('{');
  j.key("file"), j.string(site.file);
  j.key("line"), j.number(site.line);
  j.key("column"), j.number(site.column);
  j.key("name"), j.string(site.name);
  j.key("slot"), j.string(autoscale_slot_name(origin->slot));
  j.key("tensor"), j.string(tensor_name(origin->tensor).c_str());
  j.key("cause"), j.string(cause_name(origin->cause));
  j.key("value"), j.number(origin->value, 17);
  j.key("became"), j.number(origin->became, 17);
  j.key("step"), j.number(origin->step);
  j.key("thread_execution"), j.number(origin->execution);
  j.key("what"), j.string(describe_origin(*origin).c_str());
  j.close('}');
}

}  // namespace

std::string tensor_name(const void *key) {
  if (!key) return "default";
  char text[32];
  std::snprintf(text, sizeof text, "%p", key);
  return text;
}

std::string report_json(const RegistrySnapshot &snapshot) {
  Json j;
  j.open('{');
  j.key("schema"), j.string("autoscale-runtime-report");
  j.key("version"), j.number(kReportSchemaVersion);
  j.key("abi_version"), j.number(AUTOSCALE_ABI_VERSION);
  j.key("steps");
  j.open('{');
  j.key("explicit"), j.number(snapshot.explicit_steps);
  j.key("mode"), j.string(snapshot.explicit_mode ? "explicit" : "window");
  j.key("window"), j.number(snapshot.window);
  if (!snapshot.explicit_mode)
    j.key("note"), j.string(("autoscale_step() was never called: each site rolled its amax history every " +
                             std::to_string(snapshot.window) + " executions (AUTOSCALE_WINDOW)")
                                .c_str());
  j.close('}');
  j.key("first_nonfinite"), write_origin(j, snapshot.first_nonfinite);
  j.key("sites");
  j.open('[');
  for (const SiteSnapshot &s : snapshot.sites) write_site(j, s);
  j.close(']');
  j.close('}');
  j.out += '\n';
  return j.out;
}


void report_at_exit() {
  if (!settings().report_path.empty() && autoscale_report(nullptr) != AUTOSCALE_OK)
    std::fprintf(stderr, "autoscale: %s\n", autoscale_last_error());
  autoscale_summary();
}

}  // namespace autoscale::detail

// Written to a temporary file first and renamed, so a reader never sees half a report.
extern "C" int autoscale_report(const char *path) {
  using namespace autoscale::detail;
  std::string target = path ? path : settings().report_path;
  if (target.empty())
    return fail(AUTOSCALE_EINVAL, "autoscale_report: no path: the argument is NULL and AUTOSCALE_REPORT is unset");
  std::string json = report_json(snapshot_registry());
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
  if (ok) return AUTOSCALE_OK;
  std::remove(tmp.c_str());
  return fail(AUTOSCALE_EIO, "cannot write the report %s: %s", target.c_str(), std::strerror(saved));
}
