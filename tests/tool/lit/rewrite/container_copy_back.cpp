// A container given another's elements in the loop (`p = pn;`, a trial step accepted, a Jacobi
// sweep's copy-back): the new values are the state's update, kept FP32 by the default rules (in
// fp16 a fit's parameters stayed on fp16's grid: 1.2285156 for 1.2345678). A copy made once, out of
// any loop, exchanges nothing.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
#include <algorithm>
#include <array>
#include <utility>
#include <vector>

double cost(const std::array<double, 2> &p);

void descend(std::array<double, 2> &p, const std::array<double, 2> &g, int iterations) {
  double c = cost(p);
  for (int it = 0; it < iterations; ++it) {
    std::array<double, 2> pn;
    for (int a = 0; a < 2; ++a)
      pn[a] = p[a] - 0.04 * g[a];
    // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"-"
    double cn = cost(pn);
    if (cn < c) {
      p = pn;
      c = cn;
    }
  }
}

void once(std::vector<float> &u, const std::vector<float> &f) {
  std::vector<float> un(u.size());
  for (std::size_t i = 1; i + 1 < u.size(); ++i)
    un[i] = u[i] + 0.5f * f[i];
  // REPORT: input.cpp:[[@LINE-1]]:18: {"action":"cast","class":"infer",{{.*}}"op":"add",{{.*}}"spelling":"+"
  u = un;
}

// The copy-back written other ways: std::copy over iterators, assign, a move.
void sweeps(std::vector<float> &p, std::vector<float> &q, std::vector<float> &r, int iterations) {
  std::vector<float> pn(p.size()), qn(q.size()), rn(r.size());
  for (int it = 0; it < iterations; ++it) {
    for (std::size_t i = 0; i < p.size(); ++i) {
      pn[i] = p[i] + 0.001f;
      // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
      qn[i] = q[i] + 0.002f;
      // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
      rn[i] = r[i] + 0.003f;
      // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
    }
    std::copy(pn.begin(), pn.end(), p.begin());
    q.assign(qn.begin(), qn.end());
    r = std::move(rn);
    rn.resize(r.size());
  }
}
