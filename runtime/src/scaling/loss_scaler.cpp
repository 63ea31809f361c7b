// Loss scalers: Megatron's dynamic scaler, the torch preset, the constant scaler, the gradient
// check, the state file and the C ABI. Semantics are documented in loss_scaler.h.
#include "autoscale/loss_scaler.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <istream>
#include <limits>
#include <new>
#include <ostream>
#include <sstream>

#include "check.h"
#include "scaling/scale_math.h"

namespace autoscale {
namespace {

constexpr const char *kMagic = "autoscale-loss-scaler";
constexpr int kVersion = 1;

std::string hex(float v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%a", static_cast<double>(v));
  return buf;
}

bool parse_float(const std::string &s, float *out) {
  if (s.empty()) return false;
  char *end = nullptr;
  float v = std::strtof(s.c_str(), &end);  // out-of-range values are caught by the range checks
  if (*end != '\0') return false;
  *out = v;
  return true;
}

bool parse_long(const std::string &s, long *out) {
  if (s.empty()) return false;
  char *end = nullptr;
  errno = 0;
  long v = std::strtol(s.c_str(), &end, 10);
  if (*end != '\0' || errno == ERANGE) return false;
  *out = v;
  return true;
}

bool parse_int(const std::string &s, int *out) {
  long v = 0;
  if (!parse_long(s, &v) || v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) return false;
  *out = static_cast<int>(v);
  return true;
}

// Reads the state file line by line, each line "key value" with the key expected next; the first
// mismatch becomes the error "name:line: what".
class StateReader {
 public:
  StateReader(std::istream &in, const std::string &name) : in_(in), name_(name) {}

  bool field(const char *key, std::string *value) {
    std::string line;
    ++line_no_;
    if (!std::getline(in_, line)) return error(std::string("file ends before '") + key + "' (truncated?)");
    std::size_t space = line.find(' ');
    if (line.compare(0, space, key) != 0 || space == std::string::npos)
      return error(std::string("expected '") + key + " <value>', found '" + line + "'");
    *value = line.substr(space + 1);
    return true;
  }
  bool float_field(const char *key, float *out) {
    std::string v;
    return field(key, &v) && (parse_float(v, out) || error(std::string("bad number for '") + key + "': '" + v + "'"));
  }
  bool int_field(const char *key, int *out) {
    std::string v;
    return field(key, &v) && (parse_int(v, out) || error(std::string("bad integer for '") + key + "': '" + v + "'"));
  }
  bool long_field(const char *key, long *out) {
    std::string v;
    return field(key, &v) && (parse_long(v, out) || error(std::string("bad integer for '") + key + "': '" + v + "'"));
  }
  bool end() {
    std::string line;
    ++line_no_;
    if (!std::getline(in_, line)) return error("file ends before 'end' (truncated?)");
    return line == "end" || error("expected 'end', found '" + line + "'");
  }
  bool error(const std::string &what) {
    if (message_.empty()) message_ = name_ + ":" + std::to_string(line_no_) + ": " + what;
    return false;
  }
  const std::string &message() const { return message_; }

 private:
  std::istream &in_;
  const std::string &name_;
  int line_no_ = 0;
  std::string message_;
};

}  // namespace

bool unscale_and_check(float *x, std::size_t n, float inv_scale) {
  // One pass, branch-free so it vectorises: y - y is 0 for finite y and NaN for inf or NaN.
  int bad = 0;
  for (std::size_t i = 0; i < n; ++i) {
    float y = x[i] * inv_scale;
    x[i] = y;
    bad |= (y - y) != 0.0f;
  }
  return bad != 0;
}

std::string LossScaler::check_config(const autoscale_loss_scaler_config &c) {
  if (!valid_scale(c.initial_scale)) return "initial scale must be finite and > 0";
  if (!(c.min_scale >= 0.0f && c.min_scale <= c.initial_scale)) return "min scale must be in [0, initial scale]";
  if (!(c.growth_factor > 1.0f && std::isfinite(c.growth_factor))) return "growth factor must be finite and > 1";
  if (!(c.backoff_factor > 0.0f && c.backoff_factor < 1.0f)) return "backoff factor must be in (0, 1)";
  if (c.growth_interval <= 0) return "growth interval must be > 0";
  if (c.hysteresis <= 0) return "hysteresis must be > 0";
  return {};
}

LossScaler LossScaler::constant(float scale) {
  if (!valid_scale(scale))
    throw Error("constant loss scale " + std::to_string(scale) + " must be finite and > 0");
  LossScaler s;
  s.config_ = autoscale_loss_scaler_megatron_config();
  s.config_.initial_scale = scale;
  s.config_.min_scale = scale;
  s.scale_ = scale;
  return s;
}

LossScaler LossScaler::dynamic(const autoscale_loss_scaler_config &config) {
  std::string why = check_config(config);
  if (!why.empty()) throw Error("dynamic loss scaler: " + why);
  LossScaler s;
  s.dynamic_ = true;
  s.config_ = config;
  s.scale_ = config.initial_scale;
  s.hysteresis_tracker_ = config.hysteresis;
  return s;
}

float LossScaler::inv_scale() const { return static_cast<float>(1.0 / static_cast<double>(scale_)); }

void LossScaler::update(bool found_inf) {
  if (!dynamic_) return;
  if (found_inf) {
    growth_tracker_ = 0;
    hysteresis_tracker_ -= 1;
    if (hysteresis_tracker_ <= 0) {
      // A min_scale of 0 means none, but the scale itself must stay > 0.
      float floor = config_.min_scale > 0.0f ? config_.min_scale : std::numeric_limits<float>::denorm_min();
      float next = scale_ * config_.backoff_factor;
      if (next < floor) {
        next = floor;
        ++min_scale_hits_;
        if (!warned_) {
          std::fprintf(stderr,
                       "autoscale: warning: loss scale clamped at its minimum %g: gradients still overflow at "
                       "the smallest allowed scale (a lower min scale or bf16 may help)\n",
                       static_cast<double>(floor));
          warned_ = true;
        }
      }
      scale_ = next;
    }
  } else {
    growth_tracker_ += 1;
    if (growth_tracker_ == config_.growth_interval) {
      growth_tracker_ = 0;
      hysteresis_tracker_ = config_.hysteresis;
      float grown = scale_ * config_.growth_factor;
      if (std::isfinite(grown)) scale_ = grown;  // torch's guard against growing into inf
    }
  }
}

void LossScaler::save(std::ostream &out) const {
  out << kMagic << ' ' << kVersion << '\n'
      << "kind " << (dynamic_ ? "dynamic" : "constant") << '\n'
      << "scale " << hex(scale_) << '\n'
      << "initial_scale " << hex(config_.initial_scale) << '\n'
      << "min_scale " << hex(config_.min_scale) << '\n'
      << "growth_factor " << hex(config_.growth_factor) << '\n'
      << "backoff_factor " << hex(config_.backoff_factor) << '\n'
      << "growth_interval " << config_.growth_interval << '\n'
      << "hysteresis " << config_.hysteresis << '\n'
      << "growth_tracker " << growth_tracker_ << '\n'
      << "hysteresis_tracker " << hysteresis_tracker_ << '\n'
      << "min_scale_hits " << min_scale_hits_ << '\n'
      << "end\n";
}

void LossScaler::load(std::istream &in, const std::string &name) {
  StateReader r(in, name);
  LossScaler s;
  std::string version, kind;
  bool ok = r.field(kMagic, &version) &&
            (version == std::to_string(kVersion) ||
             r.error("unsupported state version '" + version + "' (this runtime reads " + std::to_string(kVersion) + ")")) &&
            r.field("kind", &kind) &&
            (kind == "dynamic" || kind == "constant" || r.error("unknown scaler kind '" + kind + "'")) &&
            r.float_field("scale", &s.scale_) && r.float_field("initial_scale", &s.config_.initial_scale) &&
            r.float_field("min_scale", &s.config_.min_scale) &&
            r.float_field("growth_factor", &s.config_.growth_factor) &&
            r.float_field("backoff_factor", &s.config_.backoff_factor) &&
            r.int_field("growth_interval", &s.config_.growth_interval) &&
            r.int_field("hysteresis", &s.config_.hysteresis) && r.int_field("growth_tracker", &s.growth_tracker_) &&
            r.int_field("hysteresis_tracker", &s.hysteresis_tracker_) &&
            r.long_field("min_scale_hits", &s.min_scale_hits_) && r.end();
  if (ok) {
    s.dynamic_ = kind == "dynamic";
    std::string why = check_config(s.config_);
    if (!why.empty()) ok = r.error("inconsistent state: " + why);
    else if (!valid_scale(s.scale_)) ok = r.error("inconsistent state: scale must be finite and > 0");
    else if (s.growth_tracker_ < 0 || s.growth_tracker_ >= s.config_.growth_interval)
      ok = r.error("inconsistent state: growth_tracker outside [0, growth_interval)");
    else if (s.hysteresis_tracker_ > s.config_.hysteresis)
      ok = r.error("inconsistent state: hysteresis_tracker above hysteresis");
    else if (s.min_scale_hits_ < 0)
      ok = r.error("inconsistent state: negative min_scale_hits");
  }
  // Megatron's load_state_dict: the scale and the two trackers; the configuration stays the
  // caller's (a resumed run may change it), so the trackers must fit it.
  if (ok && dynamic_ && s.growth_tracker_ >= config_.growth_interval)
    ok = r.error("the state's growth_tracker " + std::to_string(s.growth_tracker_) +
                 " does not fit this scaler's growth_interval " + std::to_string(config_.growth_interval));
  if (ok && dynamic_ && s.hysteresis_tracker_ > config_.hysteresis)
    ok = r.error("the state's hysteresis_tracker " + std::to_string(s.hysteresis_tracker_) +
                 " is above this scaler's hysteresis " + std::to_string(config_.hysteresis));
  if (!ok) throw Error(r.message());
  scale_ = s.scale_;
  growth_tracker_ = s.growth_tracker_;
  hysteresis_tracker_ = s.hysteresis_tracker_;
}

void LossScaler::save_file(const std::string &path) const {
  std::ofstream out(path, std::ios::trunc);
  if (out) save(out);
  out.flush();
  if (!out) throw Error(path + ": cannot write the loss scaler state", AUTOSCALE_EIO);
}

void LossScaler::load_file(const std::string &path) {
  std::ifstream in(path);
  if (!in) throw Error(path + ": cannot open the loss scaler state", AUTOSCALE_EIO);
  load(in, path);
}

bool operator==(const LossScaler &a, const LossScaler &b) {
  std::ostringstream sa, sb;
  a.save(sa);
  b.save(sb);
  return sa.str() == sb.str();
}

}  // namespace autoscale

// ---- C ABI ------------------------------------------------------------------------------------

struct autoscale_loss_scaler {
  autoscale::LossScaler scaler;
};

namespace autoscale::detail {
namespace {

// Runs a C++ API call for the C ABI: AUTOSCALE_OK, or the Error's status with its message recorded
// for autoscale_last_error().
template <class F> int status_of(F f) {
  try {
    f();
    return AUTOSCALE_OK;
  } catch (const autoscale::Error &e) {
    return fail(e.status(), "%s", e.what());
  } catch (const std::bad_alloc &) {
    return fail(AUTOSCALE_ENOMEM, "out of memory for a loss scaler");
  }
}

template <class F> autoscale_loss_scaler *create(F make) {
  autoscale_loss_scaler *out = nullptr;
  status_of([&] { out = new autoscale_loss_scaler{make()}; });
  return out;
}

}  // namespace
}  // namespace autoscale::detail

using autoscale::detail::create;
using autoscale::detail::status_of;

extern "C" {

autoscale_loss_scaler_config autoscale_loss_scaler_megatron_config(void) {
  return autoscale_loss_scaler_config{0x1p32f, 1.0f, 2.0f, 0.5f, 1000, 2};
}

autoscale_loss_scaler_config autoscale_loss_scaler_torch_config(void) {
  return autoscale_loss_scaler_config{0x1p16f, 0.0f, 2.0f, 0.5f, 2000, 1};
}

autoscale_loss_scaler *autoscale_loss_scaler_create_constant(float scale) {
  return create([&] { return autoscale::LossScaler::constant(scale); });
}

autoscale_loss_scaler *autoscale_loss_scaler_create_dynamic(const autoscale_loss_scaler_config *config) {
  return create([&] { return autoscale::LossScaler::dynamic(config ? *config : autoscale_loss_scaler_megatron_config()); });
}

void autoscale_loss_scaler_destroy(autoscale_loss_scaler *scaler) { delete scaler; }

float autoscale_loss_scaler_scale(const autoscale_loss_scaler *scaler) { return scaler->scaler.scale(); }

int autoscale_loss_scaler_unscale(const autoscale_loss_scaler *scaler, float *grads, size_t n) {
  return scaler->scaler.unscale(grads, n) ? 1 : 0;
}

void autoscale_loss_scaler_update(autoscale_loss_scaler *scaler, int found_inf) {
  scaler->scaler.update(found_inf != 0);
}

int autoscale_loss_scaler_min_scale_warning(const autoscale_loss_scaler *scaler) {
  return scaler->scaler.min_scale_hits() > 0 ? 1 : 0;
}

int autoscale_loss_scaler_save(const autoscale_loss_scaler *scaler, const char *path) {
  return status_of([&] { scaler->scaler.save_file(path); });
}

int autoscale_loss_scaler_load(autoscale_loss_scaler *scaler, const char *path) {
  return status_of([&] { scaler->scaler.load_file(path); });
}

}  // extern "C"
