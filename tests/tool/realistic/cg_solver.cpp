// A templated C++ solver for the realistic-code test of autoscale-rewrite: the 2-D Poisson
// problem on an N x N grid, solved by Jacobi sweeps and by conjugate gradients with a Jacobi
// preconditioner. The grid size and the operator are template parameters, vectors are
// std::vector<float>, lambdas and range-for loops do the work. Operations on a template's type
// parameter (the generic axpy below) are dependent: their one rewritten text must compute what
// the original computes for float, double, int and a class with its own operators alike. It
// prints bit-exact residual histories.
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

namespace solver {

using Vec = std::vector<float>;

template <int N> struct Laplacian2D {
  static constexpr int size = N * N;
  float h2inv = float(N + 1) * float(N + 1);

  void apply(const Vec &x, Vec &y) const {
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j) {
        const int k = i * N + j;
        float s = 4.0f * x[k];
        if (i > 0) s -= x[k - N];
        if (i < N - 1) s -= x[k + N];
        if (j > 0) s -= x[k - 1];
        if (j < N - 1) s -= x[k + 1];
        y[k] = s * h2inv;
      }
  }
  float diagonal() const { return 4.0f * h2inv; }
};

inline float dot(const Vec &a, const Vec &b) {
  float s = 0.0f;
  for (std::size_t i = 0; i < a.size(); ++i)
    s += a[i] * b[i];
  return s;
}

inline float norm2(const Vec &a) { return std::sqrt(dot(a, a)); }

// Generic over the element type: the arithmetic depends on T (float, double, int, Fixed below).
template <typename T> void axpy(T alpha, const std::vector<T> &x, std::vector<T> &y) {
  for (std::size_t i = 0; i < x.size(); ++i)
    y[i] += alpha * x[i];
}

template <class Op> struct Result {
  int iterations;
  float residual;
};

template <class Op> Result<Op> jacobi(const Op &A, const Vec &b, Vec &x, int sweeps) {
  Vec Ax(b.size()), r(b.size());
  const float inv_d = 1.0f / A.diagonal();
  const float omega = 0.8f;
  float res = 0.0f;
  for (int it = 0; it < sweeps; ++it) {
    A.apply(x, Ax);
    for (std::size_t k = 0; k < b.size(); ++k) {
      r[k] = b[k] - Ax[k];
      x[k] += omega * inv_d * r[k];
    }
    res = norm2(r);
  }
  return {sweeps, res};
}

template <class Op>
Result<Op> pcg(const Op &A, const Vec &b, Vec &x, int max_it, float tol, std::FILE *log) {
  const std::size_t n = b.size();
  Vec r(n), z(n), p(n), Ap(n);
  const float inv_d = 1.0f / A.diagonal();
  auto precondition = [&](const Vec &in, Vec &out) {
    for (std::size_t k = 0; k < n; ++k)
      out[k] = in[k] * inv_d;
  };
  A.apply(x, Ap);
  for (std::size_t k = 0; k < n; ++k)
    r[k] = b[k] - Ap[k];
  precondition(r, z);
  p = z;
  float rz = dot(r, z);
  const float bnorm = norm2(b);
  int it = 0;
  float rel = norm2(r) / bnorm;
  for (; it < max_it && rel > tol; ++it) {
    A.apply(p, Ap);
    const float alpha = rz / dot(p, Ap);
    axpy(alpha, p, x);
    axpy(-alpha, Ap, r);
    precondition(r, z);
    const float rz_new = dot(r, z);
    const float beta = rz_new / rz;
    for (std::size_t k = 0; k < n; ++k)
      p[k] = z[k] + beta * p[k];
    rz = rz_new;
    rel = norm2(r) / bnorm;
    std::fprintf(log, "  cg %2d rel %a\n", it, rel);
  }
  return {it, rel};
}

} // namespace solver

// A class with its own arithmetic: the generic calls must use its operators, as written.
struct Fixed {
  long v; // value * 2^-16
  Fixed operator*(const Fixed &o) const { return {(v * o.v) >> 16}; }
  Fixed &operator+=(const Fixed &o) {
    v += o.v;
    return *this;
  }
};

static unsigned bits(float f) {
  unsigned u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

int main() {
  constexpr int N = 12;
  solver::Laplacian2D<N> A;
  solver::Vec b(A.size), x(A.size, 0.0f), y(A.size, 0.0f);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      const float u = (i + 1.0f) / (N + 1), v = (j + 1.0f) / (N + 1);
      b[i * N + j] = 2.0f * (u * (1.0f - u) + v * (1.0f - v)) + 0.1f * std::sin(3.0f * u);
    }
  auto jr = solver::jacobi(A, b, y, 40);
  std::printf("jacobi %d residual %a\n", jr.iterations, jr.residual);
  auto cr = solver::pcg(A, b, x, 60, 1e-6f, stdout);
  unsigned h = 2166136261u;
  for (float xi : x)
    h = (h ^ bits(xi)) * 16777619u;
  std::printf("pcg %d rel %a solution %08x\n", cr.iterations, cr.residual, h);
  // The same generic axpy in double, int and Fixed.
  std::vector<double> xd(x.begin(), x.end()), yd(b.begin(), b.end());
  solver::axpy(1.0 / 3.0, xd, yd);
  double sd = 0.0;
  for (double v : yd)
    sd = sd * 0.5 + v;
  std::vector<int> xi{1, -2, 3, 400}, yi{5, 6, -7, 8};
  solver::axpy(70000, xi, yi);
  std::vector<Fixed> xf{{1 << 16}, {3 << 15}, {-5 << 14}}, yf{{7}, {1 << 20}, {-3}};
  solver::axpy(Fixed{3 << 15}, xf, yf);
  std::printf("axpy double %a int %d %d %d %d fixed %ld %ld %ld\n", sd, yi[0], yi[1], yi[2], yi[3],
              yf[0].v, yf[1].v, yf[2].v);
  return 0;
}
