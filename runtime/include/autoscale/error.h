// autoscale/error.h: the exception the runtime's C++ API throws (autoscale/status.h has the
// policy). Host C++ only.
#ifndef AUTOSCALE_ERROR_H
#define AUTOSCALE_ERROR_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include <stdexcept>
#include <string>

#include "autoscale/status.h"

namespace autoscale {

// A call of the C++ API that cannot do what it was asked: what() says what was wrong, naming the
// argument and its value, in the words the C ABI's autoscale_last_error() would use; status() is
// the AUTOSCALE_E* code the C ABI would return.
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string &what, int status = AUTOSCALE_EINVAL)
      : std::runtime_error(what), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

}  // namespace autoscale

#endif
