// CPU scaled matrix products (matmul.h): argument checks, and each call's plan: which backend and
// element type (decided first, so operands are quantised or decoded straight into what it takes),
// the operands' layouts, where C is written, and what the epilogue still has to do.
#include "autoscale/matmul.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <new>
#include <string>
#include <utility>

#include "autoscale/format.h"
#include "check.h"
#include "gemm/matmul_check.h"
#include "gemm/matmul_dnnl.h"
#include "gemm/matmul_kernels.h"
#include "gemm/matmul_panels.h"
#include "gemm/operand_memo.h"
#include "formats/format_traits.h"
#include "formats/quantize.h"
#include "scaling/scale_math.h"

namespace autoscale::detail {

namespace {
int check_operand(const char *fn, char name, int format, const void *codes, size_t rows, size_t cols, size_t ld) {
  if (format < 0 || format >= AUTOSCALE_FORMAT_COUNT)
    return fail(AUTOSCALE_EINVAL, "%s: %c's format is %d, not one of 0 (fp32) .. %d (bf16)", fn, name, format,
                AUTOSCALE_FORMAT_COUNT - 1);
  if (ld < cols)
    return fail(AUTOSCALE_EINVAL, "%s: ld%c = %zu is less than the %zu columns of %c (%zu x %zu, row-major)", fn,
                name + ('a' - 'A'), ld, cols, name, rows, cols);
  if (!codes && rows && cols)
    return fail(AUTOSCALE_EINVAL, "%s: %c is NULL but has %zu x %zu elements", fn, name, rows, cols);
  return AUTOSCALE_OK;
}
}  // namespace

int matmul_check(const char *fn, size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
                 int b_format, const void *b, size_t ldb, const float *c, size_t ldc) {
  int status = check_operand(fn, 'A', a_format, a, m, k, lda);
  if (status == AUTOSCALE_OK) status = check_operand(fn, 'B', b_format, b, k, n, ldb);
  if (status == AUTOSCALE_OK) status = check_operand(fn, 'C', AUTOSCALE_FP32, c, m, n, ldc);
  return status;
}

}  // namespace autoscale::detail

namespace {

using namespace autoscale::detail;

// The element types to try on oneDNN, best first: bf16 where this CPU has fast bf16 kernels
// (dnnl_bf16_pays). float32 always serves: the products of two values of any format but fp32 are
// exact in both, and each kernel sums them in float32, each in its own order, so C's last bits
// may differ between the two (AUTOSCALE_CPU_BF16 pins the choice).
std::initializer_list<Elem> types_for(int a_format, int b_format) {
  static const std::initializer_list<Elem> bf16_first{Elem::Bf16, Elem::F32}, f32_only{Elem::F32};
  return exact_in_bf16(a_format) && exact_in_bf16(b_format) && dnnl_bf16_pays() ? bf16_first : f32_only;
}

size_t elem_bytes(Elem type) { return type == Elem::Bf16 ? 2 : 4; }

int check_backend(const char *fn, int backend) {
  if (backend < AUTOSCALE_MATMUL_AUTO || backend > AUTOSCALE_MATMUL_DNNL)
    return fail(AUTOSCALE_EINVAL, "%s: backend = %d is not one of 0 (auto), 1 (portable), 2 (dnnl)", fn, backend);
  return AUTOSCALE_OK;
}

// One rounding, none for powers of two: (a_scale A)(b_scale B) = (a_scale b_scale) AB exactly.
float alpha_of(float a_scale, float b_scale) { return static_cast<float>(double(a_scale) * double(b_scale)); }

// Whether a product goes to oneDNN: always when asked, never for the portable loop, and on auto
// when it is large enough that oneDNN's per-call cost (memory objects, arguments: some 3 us) pays;
// below it, matrix-vector products in particular, the portable loop is faster (measured with
// matrix-vector products 16 x 32 to 256 x 256 and squares 64^3: about equal at 2^16 products).
bool on_dnnl_first(int backend, size_t m, size_t n, size_t k) {
  constexpr size_t kSmallProduct = size_t(1) << 16;
  return backend == AUTOSCALE_MATMUL_DNNL || (backend == AUTOSCALE_MATMUL_AUTO && m * n * k > kSmallProduct);
}

int unsupported(const char *fn, int a_format, int b_format, size_t m, size_t n, size_t k, const std::string &why) {
  return fail(AUTOSCALE_EUNSUPPORTED, "%s: %s x %s (%zu x %zu x %zu): %s", fn, autoscale_format_name(a_format),
              autoscale_format_name(b_format), m, n, k, why.c_str());
}

// ---- Products on codes ----

// Codes a backend takes as they are: no decoding, the caller's leading dimension.
bool native(int format, Elem type) {
  return (format == AUTOSCALE_BF16 && type == Elem::Bf16) || (format == AUTOSCALE_FP32 && type == Elem::F32);
}

DenseOperand codes_operand(int format, const void *codes, size_t rows, size_t cols, size_t ld, Elem type,
                           ScratchSlot slot) {
  if (native(format, type)) return {codes, ld, false};
  void *out = scratch(slot, rows * cols * elem_bytes(type));
  decode(format, codes, rows, cols, ld, type, out);
  return {out, cols, false};
}

int matmul_codes(int backend, size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda, int b_format,
                 const void *b, size_t ldb, float alpha, float *c, size_t ldc, float *c_amax) {
  static const char fn[] = "autoscale_matmul";
  if (on_dnnl_first(backend, m, n, k)) {
    Product p{m, n, k, Elem::F32, {}, {}, alpha, PostOp::None, nullptr, c, ldc};
    std::string why;
    for (Elem type : types_for(a_format, b_format)) {
      p.type = type;
      p.a = {nullptr, native(a_format, type) ? lda : k, false};
      p.b = {nullptr, native(b_format, type) ? ldb : n, false};
      if (!dnnl_native(p, &why)) continue;
      p.a = codes_operand(a_format, a, m, k, lda, type, kScratchA);
      p.b = codes_operand(b_format, b, k, n, ldb, type, kScratchB);
      const int status = dnnl_run(p, fn);
      if (status != AUTOSCALE_OK) return status;
      if (c_amax) *c_amax = autoscale_bits_float_(amax_bits(c, m, n, ptrdiff_t(ldc), 1));
      return AUTOSCALE_OK;
    }
    if (backend == AUTOSCALE_MATMUL_DNNL) return unsupported(fn, a_format, b_format, m, n, k, why);
  }
  float *a32 = static_cast<float *>(scratch(kScratchA, m * k * 4));
  float *b32 = static_cast<float *>(scratch(kScratchB, k * n * 4));
  decode(a_format, a, m, k, lda, Elem::F32, a32);
  decode(b_format, b, k, n, ldb, Elem::F32, b32);
  portable_gemm(m, n, k, a32, b32, c, ldc);
  const uint32_t amax = epilogue(m, n, alpha, c, ldc, nullptr, 0, 0, c, ptrdiff_t(ldc), 1, c_amax != nullptr);
  if (c_amax) *c_amax = autoscale_bits_float_(amax);
  return AUTOSCALE_OK;
}

// ---- Products on float32 operands, quantised on the way ----

struct Gemm {
  size_t m, n, k;
  autoscale_gemm_operand a, b;
  autoscale_quantize_stats *a_stats, *b_stats;
  const float *d;
  ptrdiff_t d_rs, d_cs;
  float *c;
  ptrdiff_t c_rs, c_cs;
};

// C^T = B^T A^T: the same product, written through C's strides swapped.
Gemm transposed(const Gemm &g) {
  Gemm t = g;
  t.m = g.n;
  t.n = g.m;
  t.a = g.b;
  std::swap(t.a.rs, t.a.cs);
  t.b = g.a;
  std::swap(t.b.rs, t.b.cs);
  std::swap(t.a_stats, t.b_stats);
  std::swap(t.d_rs, t.d_cs);
  std::swap(t.c_rs, t.c_cs);
  return t;
}

int check_gemm_operand(const char *fn, char name, const autoscale_gemm_operand *op, size_t rows, size_t cols) {
  if (!op) return fail(AUTOSCALE_EINVAL, "%s: operand %c is NULL", fn, name);
  if (op->format < 0 || op->format >= AUTOSCALE_FORMAT_COUNT)
    return fail(AUTOSCALE_EINVAL, "%s: %c's format is %d, not one of 0 (fp32) .. %d (bf16)", fn, name, op->format,
                AUTOSCALE_FORMAT_COUNT - 1);
  if (!autoscale::valid_scale(op->scale))
    return fail(AUTOSCALE_EINVAL, "%s: %c's scale must be finite and > 0, got %g", fn, name, double(op->scale));
  if (!op->x && rows && cols)
    return fail(AUTOSCALE_EINVAL, "%s: %c's x is NULL but has %zu x %zu elements", fn, name, rows, cols);
  return AUTOSCALE_OK;
}

// C's elements must have distinct addresses (the threads write them at once): the smaller stride
// steps past a whole run of the other dimension, a sufficient condition for every plain layout.
int check_output(const char *fn, const float *c, size_t m, size_t n, ptrdiff_t rs, ptrdiff_t cs) {
  if (!c && m && n) return fail(AUTOSCALE_EINVAL, "%s: C is NULL but has %zu x %zu elements", fn, m, n);
  size_t inner = size_t(cs < 0 ? -cs : cs), outer = size_t(rs < 0 ? -rs : rs), inner_n = n, outer_n = m;
  if (outer < inner || (outer == inner && m < n)) {
    std::swap(inner, outer);
    std::swap(inner_n, outer_n);
  }
  if ((inner_n > 1 && inner == 0) || (outer_n > 1 && outer < inner * inner_n))
    return fail(AUTOSCALE_EINVAL, "%s: C's strides (c_rs = %td, c_cs = %td) put two of its %zu x %zu elements at one "
                "address", fn, rs, cs, m, n);
  return AUTOSCALE_OK;
}

// An operand is stored for oneDNN as it is read: transposed when its columns are strided and its
// rows are not (rs == 1), so the quantiser streams either way and oneDNN takes the transpose.
bool stored_transposed(const autoscale_gemm_operand &op, size_t rows, size_t cols) {
  return rows > 1 && cols > 1 && op.cs != 1 && op.rs == 1;
}

// The exponent of an operand's scale when it folds into the values the backend takes (a power of
// two that keeps them float normals: quantize.h), else 0. Folded scales leave alpha 1, and a
// product without an output scale runs on oneDNN's fastest kernels (AMX among them).
int folded_exponent(const autoscale_gemm_operand &op) {
  int e = 0;
  const bool power_of_two = std::frexp(op.scale, &e) == 0.5f;
  return power_of_two && value_exponent_folds(op.format, e - 1) ? e - 1 : 0;
}

QuantizeStats quantize_operand(const autoscale_gemm_operand &op, int e, size_t rows, size_t cols,
                               const DenseOperand &to, Elem type, void *out) {
  return quantize_remembered(operand_job(op, e, rows, cols, to.trans, type, out));
}

// The exponents folded into a pair of operands: each operand's, unless together they shrink the
// products below float normals. Products of fp8 (or fp16) values are multiples of the product of
// the two formats' subnormal quanta, and so is every partial sum; while that quantum is at least
// 2^-126, each product and sum is zero or a float normal. Below it, a backend that flushes
// subnormals (oneDNN's avx512_bf16 kernels: vdpbf16ps runs with DAZ and FTZ) would lose them,
// where the same codes with the scales kept out (in alpha) multiply as normals.
std::pair<int, int> folded_exponents(const autoscale_gemm_operand &a, const autoscale_gemm_operand &b) {
  const int ea = folded_exponent(a), eb = folded_exponent(b);
  const auto quantum = [](int format) {
    const autoscale_format_desc_ d = autoscale_format_desc_of_(format);
    return d.emin - d.mant_bits;
  };
  if (ea + eb < 0 && quantum(a.format) + ea + quantum(b.format) + eb < -126) return {0, 0};
  return {ea, eb};
}

// What the product still multiplies by: the scales not folded (ea, eb) into the operands.
float unfolded_alpha(const autoscale_gemm_operand &a, const autoscale_gemm_operand &b, int ea, int eb) {
  return alpha_of(std::ldexp(a.scale, -ea), std::ldexp(b.scale, -eb));
}

void set_stats(autoscale_quantize_stats *out, const QuantizeStats &s) {
  if (out) *out = {autoscale_bits_float_(s.amax_bits), s.overflows, s.underflows};
}

int scaled_gemm(int backend, Gemm g, float *c_amax) {
  static const char fn[] = "autoscale_scaled_gemm";
  const bool accumulate = g.d && g.d == g.c && g.d_rs == g.c_rs && g.d_cs == g.c_cs;
  // Strides of a dimension of extent 1 are never used: give them the values the fast paths test.
  if (g.n == 1) g.c_cs = g.d_cs = 1;
  if (g.m == 1) g.c_rs = ptrdiff_t(g.n);
  if (accumulate) g.d_rs = g.c_rs;
  if (g.c_cs != 1 && g.c_rs == 1) g = transposed(g);  // C column-major: write C^T row-major
  const size_t m = g.m, n = g.n, k = g.k;
  // The backend writes C itself. A column (n == 1) only when dense, and D is added by the runtime's
  // epilogue (m elements): oneDNN may sum in another order for another ldc, and fuse alpha and D
  // into one rounding, and a column's bits should not depend on its stride.
  const bool column = n == 1;
  const bool direct = g.c_cs == 1 && g.c_rs >= ptrdiff_t(n) && (!column || g.c_rs == 1);
  const PostOp wanted = !direct || column ? PostOp::None
                        : accumulate ? PostOp::Accumulate
                        : g.d && g.d_rs == 0 && g.d_cs == 1 ? PostOp::BiasRow
                                                            : PostOp::None;
  // The plan: oneDNN's best native configuration, else the portable loop on float32.
  const auto [ea, eb] = folded_exponents(g.a, g.b);
  Product p{m, n, k, Elem::F32, {}, {}, unfolded_alpha(g.a, g.b, ea, eb), PostOp::None, g.d, nullptr, 0};
  bool on_dnnl = false;
  if (on_dnnl_first(backend, m, n, k) && m && n && k) {
    p.a.trans = stored_transposed(g.a, m, k);
    p.b.trans = stored_transposed(g.b, k, n);
    p.a.ld = p.a.trans ? m : k;
    p.b.ld = p.b.trans ? k : n;
    std::string why;
    for (Elem type : types_for(g.a.format, g.b.format)) {
      for (PostOp post : {wanted, PostOp::None}) {
        p.type = type;
        p.post = post;
        p.ldc = direct && !(accumulate && post == PostOp::None) ? size_t(g.c_rs) : n;
        if ((on_dnnl = dnnl_native(p, &why))) break;
      }
      if (on_dnnl) break;
    }
    if (!on_dnnl && backend == AUTOSCALE_MATMUL_DNNL) return unsupported(fn, g.a.format, g.b.format, m, n, k, why);
  }
  if (!on_dnnl) {
    p.type = Elem::F32;
    p.post = PostOp::None;
    p.a = {nullptr, k, false};
    p.b = {nullptr, n, false};
  }
  // C is written in place unless its layout is not the backend's, or the epilogue needs its old
  // values as D after the product.
  const bool in_place = direct && !(accumulate && p.post != PostOp::Accumulate);
  void *qa = scratch(kScratchA, m * k * elem_bytes(p.type));
  void *qb = scratch(kScratchB, k * n * elem_bytes(p.type));
  float *t = in_place ? g.c : static_cast<float *>(scratch(kScratchC, m * n * 4));
  const size_t ldt = in_place ? size_t(g.c_rs) : n;
  p.a.data = qa;
  p.b.data = qb;
  p.c = t;
  p.ldc = ldt;
  // Panels add D only as the kernel's accumulation or a bias row (matmul_panels.h).
  const bool d_in_kernel = !g.d || p.post != PostOp::None;
  const size_t rows = on_dnnl && in_place && d_in_kernel && m && n && k ? panel_rows(p) : 0;
  if (rows) {  // the operands are quantised by the panels
    PanelTotals totals;
    const int status = panel_product(p, rows, {g.a, ea}, {g.b, eb}, c_amax != nullptr, fn, &totals);
    if (status != AUTOSCALE_OK) return status;
    set_stats(g.a_stats, totals.a);
    set_stats(g.b_stats, totals.b);
    if (c_amax) *c_amax = autoscale_bits_float_(totals.c_amax);
    return AUTOSCALE_OK;
  }
  // Both operands' statistics are wanted even when the product is empty.
  const QuantizeStats b_stats = quantize_operand(g.b, eb, k, n, p.b, p.type, qb);
  const QuantizeStats a_stats = quantize_operand(g.a, ea, m, k, p.a, p.type, qa);
  uint32_t amax;
  if (!m || !n || !k) {
    amax = epilogue(m, n, 1.0f, nullptr, 0, g.d, g.d_rs, g.d_cs, g.c, g.c_rs, g.c_cs, c_amax != nullptr);
  } else if (on_dnnl) {
    const int status = dnnl_run(p, fn);
    if (status != AUTOSCALE_OK) return status;
    const float *d = p.post == PostOp::None ? g.d : nullptr;  // not added in the kernel
    amax = epilogue(m, n, 1.0f, t, ldt, d, g.d_rs, g.d_cs, g.c, g.c_rs, g.c_cs, c_amax != nullptr);
  } else {
    portable_gemm(m, n, k, static_cast<const float *>(qa), static_cast<const float *>(qb), t, ldt);
    amax = epilogue(m, n, p.alpha, t, ldt, g.d, g.d_rs, g.d_cs, g.c, g.c_rs, g.c_cs, c_amax != nullptr);
  }
  set_stats(g.a_stats, a_stats);
  set_stats(g.b_stats, b_stats);
  if (c_amax) *c_amax = autoscale_bits_float_(amax);
  return AUTOSCALE_OK;
}

}  // namespace

extern "C" {

int autoscale_scaled_gemm_on(int backend, size_t m, size_t n, size_t k, const autoscale_gemm_operand *a,
                             autoscale_quantize_stats *a_stats, const autoscale_gemm_operand *b,
                             autoscale_quantize_stats *b_stats, const float *d, ptrdiff_t d_rs, ptrdiff_t d_cs,
                             float *c, ptrdiff_t c_rs, ptrdiff_t c_cs, float *c_amax) {
  static const char fn[] = "autoscale_scaled_gemm";
  // However the call ends, what the caller checked in the operand memo holds no longer.
  const struct Ends {
    ~Ends() { product_quantised(); }
  } ends;
  int status = check_backend(fn, backend);
  if (status == AUTOSCALE_OK) status = check_gemm_operand(fn, 'A', a, m, k);
  if (status == AUTOSCALE_OK) status = check_gemm_operand(fn, 'B', b, k, n);
  if (status == AUTOSCALE_OK) status = check_output(fn, c, m, n, c_rs, c_cs);
  if (status != AUTOSCALE_OK) return status;
  try {
    return scaled_gemm(backend, Gemm{m, n, k, *a, *b, a_stats, b_stats, d, d_rs, d_cs, c, c_rs, c_cs}, c_amax);
  } catch (const std::bad_alloc &) {
    return fail(AUTOSCALE_ENOMEM, "%s: out of memory for the quantised operands of %zu x %zu x %zu", fn, m, n, k);
  }
}

int autoscale_scaled_gemm(size_t m, size_t n, size_t k, const autoscale_gemm_operand *a,
                          autoscale_quantize_stats *a_stats, const autoscale_gemm_operand *b,
                          autoscale_quantize_stats *b_stats, const float *d, ptrdiff_t d_rs, ptrdiff_t d_cs, float *c,
                          ptrdiff_t c_rs, ptrdiff_t c_cs, float *c_amax) {
  return autoscale_scaled_gemm_on(AUTOSCALE_MATMUL_AUTO, m, n, k, a, a_stats, b, b_stats, d, d_rs, d_cs, c, c_rs,
                                  c_cs, c_amax);
}

int autoscale_matmul_on(int backend, size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
                        float a_scale, int b_format, const void *b, size_t ldb, float b_scale, float *c,
                        size_t ldc, float *c_amax) {
  static const char fn[] = "autoscale_matmul";
  int status = matmul_check(fn, m, n, k, a_format, a, lda, b_format, b, ldb, c, ldc);
  if (status == AUTOSCALE_OK && (!autoscale::valid_scale(a_scale) || !autoscale::valid_scale(b_scale)))
    status = fail(AUTOSCALE_EINVAL, "%s: scales must be finite and > 0, got a_scale = %g, b_scale = %g", fn,
                  double(a_scale), double(b_scale));
  if (status == AUTOSCALE_OK) status = check_backend(fn, backend);
  if (status != AUTOSCALE_OK) return status;
  if (m == 0 || n == 0 || k == 0) {  // no products: C = 0, and oneDNN takes no empty matrices
    epilogue(m, n, 1.0f, nullptr, 0, nullptr, 0, 0, c, ptrdiff_t(ldc), 1, false);
    if (c_amax) *c_amax = 0.0f;
    return AUTOSCALE_OK;
  }
  try {
    return matmul_codes(backend, m, n, k, a_format, a, lda, b_format, b, ldb, alpha_of(a_scale, b_scale), c, ldc,
                        c_amax);
  } catch (const std::bad_alloc &) {
    return fail(AUTOSCALE_ENOMEM, "%s: out of memory decoding %zu x %zu x %zu operands", fn, m, n, k);
  }
}

int autoscale_matmul(size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda, float a_scale,
                     int b_format, const void *b, size_t ldb, float b_scale, float *c, size_t ldc,
                     float *c_amax) {
  return autoscale_matmul_on(AUTOSCALE_MATMUL_AUTO, m, n, k, a_format, a, lda, a_scale, b_format, b, ldb, b_scale,
                             c, ldc, c_amax);
}

int autoscale_matmul_have_dnnl(void) {
#ifdef AUTOSCALE_HAVE_DNNL
  return 1;
#else
  return 0;
#endif
}

}  // extern "C"
