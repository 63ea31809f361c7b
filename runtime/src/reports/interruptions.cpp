// The report of a run stopped by SIGINT or SIGTERM (Ctrl-C, timeout(1), a batch system's limit):
// a rewritten program that no longer converges runs until it is stopped, and the exit handler
// never runs; its report and summary are then what explains why. The handler writes them and
// re-raises the signal with its default action, so the program still ends as the signal says.
//
// Only signals whose action is still the default get the handler (a program's own handler or
// SIG_IGN stays). Writing a report is not async-signal-safe: a signal that arrives while this
// thread holds the registry's mutex (a step boundary) waits until the thread unlocks it, and one
// that arrives inside the allocator could wait for it forever; the handler is reset as it runs
// (SA_RESETHAND), so a second signal ends the program as the first would have.
#include <signal.h>
#include <unistd.h>

#include <cstdio>

#include "reports/report.h"
#include "sites/site_registry.h"

namespace autoscale::detail {
namespace {

constexpr int kStopSignals[] = {SIGINT, SIGTERM};

// A signal that came while its thread held the registry's mutex.
thread_local volatile sig_atomic_t deferred_signal = 0;

void report_and_stop(int sig) {
  std::fprintf(stderr, "autoscale: stopped by signal %d: the report and summary cover the run so far\n", sig);
  report_at_exit();
  raise(sig);  // blocked until a handler returns, then the default action
}

void on_stop_signal(int sig) {
  if (RegistryMutex::held_here())
    deferred_signal = sig;
  else
    report_and_stop(sig);
}

}  // namespace

void stop_if_signalled() {
  if (const int sig = deferred_signal) {
    deferred_signal = 0;
    report_and_stop(sig);
  }
}

void report_on_stop_signals() {
  for (int sig : kStopSignals) {
    struct sigaction now {};
    if (sigaction(sig, nullptr, &now) != 0 || (now.sa_flags & SA_SIGINFO) || now.sa_handler != SIG_DFL) continue;
    struct sigaction ours {};
    ours.sa_handler = on_stop_signal;
    sigemptyset(&ours.sa_mask);
    ours.sa_flags = SA_RESETHAND | SA_RESTART;
    sigaction(sig, &ours, nullptr);
  }
}

}  // namespace autoscale::detail
