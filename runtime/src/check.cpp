// The runtime's error paths (check.h, autoscale/status.h).
#include "check.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

namespace autoscale::detail {
namespace {
thread_local char last_error[512];
}  // namespace

int fail(int status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
  return status;
}

void check_failed(const char *file, int line, const char *fmt, ...) {
  std::fprintf(stderr, "%s:%d: autoscale: ", file, line);
  va_list ap;
  va_start(ap, fmt);
  std::vfprintf(stderr, fmt, ap);
  va_end(ap);
  std::fputc('\n', stderr);
  std::abort();
}

}  // namespace autoscale::detail

extern "C" const char *autoscale_last_error(void) { return autoscale::detail::last_error; }
