// A Google Benchmark reporter that prints the usual table and then, for chosen baselines, every
// run's speed relative to the baseline's run with the same arguments in the same run (shape, size,
// threads): baseline time / time, so above 1 is faster than the baseline. Both clocks are shown:
// on a shared machine the process CPU time is the steadier one (for several threads it sums them),
// wall time is what a caller waits. With --benchmark_repetitions=N each side is its fastest
// repetition: other processes only ever add time.
#ifndef AUTOSCALE_BENCH_RATIO_REPORTER_H
#define AUTOSCALE_BENCH_RATIO_REPORTER_H

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace autoscale_bench {

class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run> &runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run &r : runs) {
      if (r.error_occurred || r.run_type != Run::RT_Iteration) continue;
      const Measured m{r.run_name.function_name, r.run_name.args, r.GetAdjustedRealTime(), r.GetAdjustedCPUTime()};
      auto same = std::find_if(runs_.begin(), runs_.end(),
                               [&](const Measured &o) { return o.function == m.function && o.args == m.args; });
      if (same == runs_.end()) {
        runs_.push_back(m);
      } else {
        same->real = std::min(same->real, m.real);
        same->cpu = std::min(same->cpu, m.cpu);
      }
    }
  }

  // One table per baseline: the speed of every other run with the same arguments, relative to it.
  void PrintSpeedups(const std::string &baseline, const char *what) const {
    std::map<std::string, const Measured *> base;  // by arguments
    for (const Measured &m : runs_)
      if (m.function == baseline) base[m.args] = &m;
    if (base.empty()) return;
    std::printf("\nSpeed relative to %s (%s), same arguments, same run; above 1 is faster:\n", baseline.c_str(), what);
    std::printf("  %-58s %9s %9s\n", "", "wall", "CPU");
    for (const Measured &m : runs_) {
      auto b = base.find(m.args);
      if (m.function == baseline || b == base.end()) continue;
      std::printf("  %-58s %8.2fx %8.2fx\n", (m.function + "/" + m.args).c_str(), b->second->real / m.real,
                  b->second->cpu / m.cpu);
    }
  }

 private:
  struct Measured {
    std::string function, args;
    double real, cpu;
  };
  std::vector<Measured> runs_;
};

// Runs the benchmarks selected on the command line, then the speedup tables of baselines, each a
// (function name, description) pair.
inline int run_with_ratios(int argc, char **argv, const std::vector<std::pair<std::string, const char *>> &baselines) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  for (const auto &b : baselines) reporter.PrintSpeedups(b.first, b.second);
  benchmark::Shutdown();
  return 0;
}

}  // namespace autoscale_bench

#endif
