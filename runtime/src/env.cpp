// Environment variables of the runtime. Invalid values do not stop the user's program: the message
// says what was wrong and which default is used instead.
#include "env.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace autoscale::detail {

std::string parse_switch(const char *variable, const char *value, const char *off, const char *on, bool *out) {
  if (std::strcmp(value, "0") == 0) {
    *out = false;
    return {};
  }
  if (std::strcmp(value, "1") == 0) {
    *out = true;
    return {};
  }
  return std::string(variable) + "=" + value + " is invalid: accepted values are 0 (" + off + ") and 1 (" + on + ")";
}

std::string parse_window(const char *value, uint64_t *out) {
  // strtoull accepts a sign and leading blanks; a window is a plain decimal count.
  bool digits_only = *value != '\0';
  for (const char *p = value; *p; ++p) digits_only = digits_only && *p >= '0' && *p <= '9';
  errno = 0;
  unsigned long long n = digits_only ? std::strtoull(value, nullptr, 10) : 0;
  if (!digits_only || errno == ERANGE || n == 0)
    return std::string("AUTOSCALE_WINDOW=") + value +
           " is invalid: accepted values are positive integers (executions of a site between "
           "amax-history rolls when the program never calls autoscale_step)";
  *out = n;
  return {};
}

std::string parse_op_fraction(const char *value, double *out) {
  // strtod also takes blanks, hex, "inf" and "nan"; a fraction is a plain decimal number.
  bool plain = *value != '\0';
  for (const char *p = value; *p; ++p) plain = plain && ((*p >= '0' && *p <= '9') || *p == '.');
  char *end = nullptr;
  double f = plain ? std::strtod(value, &end) : -1.0;
  if (!plain || *end != '\0' || !(f >= 0.0 && f <= 1.0))
    return std::string("AUTOSCALE_EMPIRICAL_OP_FRACTION=") + value +
           " is invalid: accepted values are decimal numbers from 0 (every empirical site frozen after "
           "analysis) to 1 (every one re-measured)";
  *out = f;
  return {};
}

namespace {
Settings read_settings() {
  Settings s;
  if (const char *v = std::getenv("AUTOSCALE_REPORT")) s.report_path = v;
  if (const char *v = std::getenv("AUTOSCALE_SUMMARY")) {
    std::string error = parse_switch("AUTOSCALE_SUMMARY", v, kSummaryOff, kSummaryOn, &s.summary);
    if (!error.empty()) std::fprintf(stderr, "autoscale: %s; using 1\n", error.c_str());
  }
  if (const char *v = std::getenv("AUTOSCALE_CUDA_FP8")) {
    std::string error = parse_switch("AUTOSCALE_CUDA_FP8", v, kCudaFp8Off, kCudaFp8On, &s.cuda_fp8);
    if (!error.empty()) std::fprintf(stderr, "autoscale: %s; using 1\n", error.c_str());
  }
  if (const char *v = std::getenv("AUTOSCALE_CPU_BF16")) {
    bool on = false;
    std::string error = parse_switch("AUTOSCALE_CPU_BF16", v, kCpuBf16Off, kCpuBf16On, &on);
    if (error.empty()) s.cpu_bf16 = on;
    else std::fprintf(stderr, "autoscale: %s; choosing by what this CPU has\n", error.c_str());
  }
  if (const char *v = std::getenv("AUTOSCALE_WINDOW")) {
    std::string error = parse_window(v, &s.window);
    if (!error.empty())
      std::fprintf(stderr, "autoscale: %s; using %llu\n", error.c_str(),
                   static_cast<unsigned long long>(s.window));
  }
  if (const char *v = std::getenv("AUTOSCALE_EMPIRICAL_OP_FRACTION")) {
    std::string error = parse_op_fraction(v, &s.empirical_op_fraction);
    if (!error.empty()) std::fprintf(stderr, "autoscale: %s; using %g\n", error.c_str(), s.empirical_op_fraction);
  }
  return s;
}
}  // namespace

// Never destroyed: the exit handler that writes the report reads it after static destructors
// registered before the handler have run.
const Settings &settings() {
  static const Settings *s = new Settings(read_settings());
  return *s;
}

}  // namespace autoscale::detail
