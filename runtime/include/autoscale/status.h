/* autoscale/status.h: how the runtime reports errors. Valid C and C++.
 *
 * One policy for the whole runtime:
 *   - The C ABI: a function that can fail returns an int status, AUTOSCALE_OK (0) or one of the
 *     negative AUTOSCALE_E* codes below; autoscale_last_error() then says what was wrong, naming
 *     the argument and its value. Nothing is written to the caller's outputs on failure.
 *   - The C++ API (namespace autoscale, host only: scaled.h, scaling.h, loss_scaler.h) throws
 *     autoscale::Error (error.h), whose what() is the same message and status() the same code.
 *   - A broken internal invariant, or a site table that does not match this runtime (a rewritten
 *     file compiled against another version), is not an error a caller can handle: the runtime
 *     prints "file:line: autoscale: message" to stderr and aborts (AUTOSCALE_CHECK, src/check.h;
 *     for a site, file:line:column is the site's own location).
 * Device code never reports: it has no host state to reach. */
#ifndef AUTOSCALE_STATUS_H
#define AUTOSCALE_STATUS_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include "autoscale/config.h"

AUTOSCALE_EXTERN_C_BEGIN

enum {
  AUTOSCALE_OK = 0,
  AUTOSCALE_EINVAL = -1,       /* bad argument: null pointer, format, shape, leading dimension, scale */
  AUTOSCALE_EUNSUPPORTED = -2, /* this build or backend cannot do it (not built in, formats, alignment) */
  AUTOSCALE_EBACKEND = -3,     /* oneDNN, CUDA or cuBLAS failed; the message carries its error */
  AUTOSCALE_ENOMEM = -4,       /* a buffer could not be allocated */
  AUTOSCALE_EIO = -5           /* a file could not be read or written; the message names it */
};

/* The message of the calling thread's last failing call, "" if none has failed. The pointer stays
 * valid until the thread's next failing call. */
const char *autoscale_last_error(void);

/* The name of a status code ("ok", "invalid argument", ...); "unknown status" for other values. */
AUTOSCALE_HOST_DEVICE static inline const char *autoscale_status_name(int status) {
  switch (status) {
  case AUTOSCALE_OK: return "ok";
  case AUTOSCALE_EINVAL: return "invalid argument";
  case AUTOSCALE_EUNSUPPORTED: return "unsupported";
  case AUTOSCALE_EBACKEND: return "backend failure";
  case AUTOSCALE_ENOMEM: return "out of memory";
  case AUTOSCALE_EIO: return "i/o error";
  default: return "unknown status";
  }
}

AUTOSCALE_EXTERN_C_END

#endif
