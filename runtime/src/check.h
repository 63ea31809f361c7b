// The runtime's two error paths (autoscale/status.h): fail() records a C ABI error for
// autoscale_last_error() and returns its status; AUTOSCALE_CHECK aborts on a broken invariant,
// naming the file and line. Internal to the runtime.
#ifndef AUTOSCALE_SRC_CHECK_H
#define AUTOSCALE_SRC_CHECK_H

#include "autoscale/status.h"

namespace autoscale::detail {

// Records the message (printf-style) as the calling thread's last error and returns status.
int fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// Prints "file:line: autoscale: message" to stderr and aborts.
[[noreturn]] void check_failed(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

}  // namespace autoscale::detail

// An invariant of the runtime, or of a site table it was handed: aborts with file:line when false.
#define AUTOSCALE_CHECK(cond, ...) \
  ((cond) ? (void)0 : ::autoscale::detail::check_failed(__FILE__, __LINE__, __VA_ARGS__))

#endif
