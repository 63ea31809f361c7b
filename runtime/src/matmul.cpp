// CPU scaled matrix product (matmul.h). With oneDNN: its matmul primitive on bf16 operands (fp8
// decodes to bf16 exactly), fp16 natively where the CPU has a kernel for it, float32 otherwise,
// always accumulating in float32. Without oneDNN, or where it has no native kernel: decode to
// float32 and a blocked loop. Either way a_scale * b_scale is applied to C afterwards, in the pass
// that takes the amax: oneDNN 2.6 gives up its AMX kernel for a run-time output scale, and a
// scale baked into the primitive would rebuild it whenever delayed scaling moves a scale.
#include "autoscale/matmul.h"

#include <algorithm>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <immintrin.h>
#include <new>
#include <vector>

#include "autoscale/format.h"
#include "matmul_check.h"
#include "scale_math.h"

#ifdef AUTOSCALE_HAVE_DNNL
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

#include <oneapi/dnnl/dnnl.hpp>
#endif

namespace autoscale_detail {

namespace {
thread_local char last_error[512];

int check_operand(const char *fn, char name, int format, const void *codes, size_t rows, size_t cols,
                  size_t ld) {
  if (format < 0 || format >= AUTOSCALE_FORMAT_COUNT)
    return matmul_fail(AUTOSCALE_MATMUL_EINVAL, "%s: %c's format is %d, not one of 0 (fp32) .. %d (bf16)", fn,
                       name, format, AUTOSCALE_FORMAT_COUNT - 1);
  if (ld < cols)
    return matmul_fail(AUTOSCALE_MATMUL_EINVAL,
                       "%s: ld%c = %zu is less than the %zu columns of %c (%zu x %zu, row-major)", fn,
                       name + ('a' - 'A'), ld, cols, name, rows, cols);
  if (!codes && rows && cols)
    return matmul_fail(AUTOSCALE_MATMUL_EINVAL, "%s: %c is NULL but has %zu x %zu elements", fn, name, rows,
                       cols);
  return AUTOSCALE_MATMUL_OK;
}
}  // namespace

int matmul_fail(int status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
  return status;
}

int matmul_check(const char *fn, size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
                 int b_format, const void *b, size_t ldb, const float *c, size_t ldc) {
  int status = check_operand(fn, 'A', a_format, a, m, k, lda);
  if (status == AUTOSCALE_MATMUL_OK) status = check_operand(fn, 'B', b_format, b, k, n, ldb);
  if (status == AUTOSCALE_MATMUL_OK) status = check_operand(fn, 'C', AUTOSCALE_FP32, c, m, n, ldc);
  return status;
}

}  // namespace autoscale_detail

namespace {

using autoscale::valid_scale;
using autoscale_detail::matmul_fail;

// An operand as the caller gave it: codes of a format, rows x cols, row-major with stride ld.
struct Operand {
  int format;
  const void *codes;
  size_t rows, cols, ld;
};

#define AUTOSCALE_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))

// float32 bits of an fp8 code (F: e4m3 or e5m2), equal to format.h's decoder, in branch-free
// arithmetic a loop vectorises (a table lookup would not). Normal codes move their fields into
// float32's; subnormal ones are mant quanta of 2^(emin - mant bits), a product that is exact and
// normal in float32 (so flush-to-zero modes cannot touch it). The top exponent is NaN (and inf,
// for e5m2) as format.h decodes them: NaN unsigned, canonical.
template <int F> inline uint32_t fp8_bits(uint32_t code) {
  constexpr bool e4m3 = F == AUTOSCALE_E4M3;
  constexpr int m = e4m3 ? 3 : 2, emin = e4m3 ? -6 : -14;
  constexpr float quantum = e4m3 ? 0x1p-9f : 0x1p-16f;
  const uint32_t sign = (code & 0x80u) << 24, mag = code & 0x7Fu, e = mag >> m, mant = mag & ((1u << m) - 1u);
  // Both forms are computed and one is selected by masks: GCC vectorises selects, not branches.
  const uint32_t normal = ((e + uint32_t(127 + emin - 1)) << 23) | (mant << (23 - m));
  const uint32_t subnormal = autoscale_float_bits_(float(mant) * quantum);
  const uint32_t is_normal = 0u - uint32_t(e != 0);
  const uint32_t v = sign | (normal & is_normal) | (subnormal & ~is_normal);
  const uint32_t top = e4m3 ? AUTOSCALE_NAN_BITS_ : mant ? AUTOSCALE_NAN_BITS_ : sign | 0x7F800000u;
  const uint32_t is_top = 0u - uint32_t(e4m3 ? mag == 0x7Fu : e == 31u);
  return (top & is_top) | (v & ~is_top);
}

// Dense decode of rows of fp8 codes (stride ld) to float32 (Shift 0) or bf16 (Shift 16: float32's
// top half, exact because an fp8 value has at most 3 significant bits).
template <int F, int Shift, class Out>
AUTOSCALE_VECTOR_CLONES void decode_fp8(const uint8_t *__restrict codes, size_t rows, size_t cols, size_t ld,
                                        Out *__restrict out) {
  for (size_t r = 0; r < rows; ++r)
    for (size_t i = 0; i < cols; ++i) {
      uint32_t v = fp8_bits<F>(codes[r * ld + i]) >> Shift;
      if constexpr (Shift == 0)
        out[r * cols + i] = autoscale_bits_float_(v);
      else
        out[r * cols + i] = static_cast<Out>(v);
    }
}

template <int Shift, class Out>
void decode_fp8_as(int format, const void *codes, size_t rows, size_t cols, size_t ld, Out *out) {
  const uint8_t *p = static_cast<const uint8_t *>(codes);
  if (format == AUTOSCALE_E4M3)
    decode_fp8<AUTOSCALE_E4M3, Shift>(p, rows, cols, ld, out);
  else
    decode_fp8<AUTOSCALE_E5M2, Shift>(p, rows, cols, ld, out);
}

// fp16 codes to float32: eight at a time with F16C's vcvtph2ps where the CPU has it (GCC does not
// vectorise the scalar conversion), else format.h's decoder. Both are exact; a NaN keeps its
// payload in vcvtph2ps where format.h gives the canonical NaN, and a product with it is NaN either way.
__attribute__((target("avx,f16c"))) void decode_fp16_f16c(const uint16_t *row, size_t cols, float *out) {
  size_t i = 0;
  for (; i + 8 <= cols; i += 8)
    _mm256_storeu_ps(out + i, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i *>(row + i))));
  for (; i < cols; ++i) out[i] = autoscale_fp16_to_float(row[i]);
}

void decode_fp16(const uint16_t *codes, size_t rows, size_t cols, size_t ld, float *out) {
  static const bool f16c = __builtin_cpu_supports("f16c") && __builtin_cpu_supports("avx");
  for (size_t r = 0; r < rows; ++r) {
    if (f16c) {
      decode_fp16_f16c(codes + r * ld, cols, out + r * cols);
    } else {
      for (size_t i = 0; i < cols; ++i) out[r * cols + i] = autoscale_fp16_to_float(codes[r * ld + i]);
    }
  }
}

// Decodes op into a dense rows x cols float32 buffer (exact: float32 holds every format's values).
void decode_f32(const Operand &op, float *out) {
  if (op.format == AUTOSCALE_E4M3 || op.format == AUTOSCALE_E5M2)
    return decode_fp8_as<0>(op.format, op.codes, op.rows, op.cols, op.ld, out);
  if (op.format == AUTOSCALE_FP16)
    return decode_fp16(static_cast<const uint16_t *>(op.codes), op.rows, op.cols, op.ld, out);
  for (size_t r = 0; r < op.rows; ++r) {
    float *o = out + r * op.cols;
    if (op.format == AUTOSCALE_BF16) {
      const uint16_t *p = static_cast<const uint16_t *>(op.codes) + r * op.ld;
      for (size_t i = 0; i < op.cols; ++i) o[i] = autoscale_bits_float_(uint32_t(p[i]) << 16);  // bf16: top half
    } else {
      std::memcpy(o, static_cast<const float *>(op.codes) + r * op.ld, op.cols * sizeof(float));
    }
  }
}

// Thread-local scratch that only grows: repeated products of one shape allocate nothing.
template <class T> T *scratch(std::vector<T> &buf, size_t n) {
  if (buf.size() < n) buf.resize(n);
  return buf.data();
}

// |x|'s bits order like |x|, and a NaN's exceed inf's: an unsigned max gives NaN when there is one.
uint32_t abs_bits(float v) { return autoscale_float_bits_(v) & 0x7FFFFFFFu; }

// C *= alpha and *amax = max |C| (when amax is not NULL), in one pass.
void finish(float *c, size_t m, size_t n, size_t ldc, float alpha, float *amax) {
  const bool scale = alpha != 1.0f;
  if (!scale && !amax) return;
  uint32_t max_bits = 0;
  for (size_t i = 0; i < m; ++i) {
    float *row = c + i * ldc;
    if (scale)
      for (size_t j = 0; j < n; ++j) row[j] *= alpha;
    if (amax)
      for (size_t j = 0; j < n; ++j) max_bits = std::max(max_bits, abs_bits(row[j]));
  }
  if (amax) *amax = autoscale_bits_float_(max_bits);
}

// c (m x n, stride ldc) = a (m x k, dense) x b (k x n, dense), accumulated in float32. Blocked so a
// kb x nb panel of B stays in cache while every row of A streams past it; the inner loop is a
// saxpy GCC vectorises (AVX-512 or AVX2 clones, picked at load time).
AUTOSCALE_VECTOR_CLONES void portable_gemm(size_t m, size_t n, size_t k, const float *a, const float *b, float *c,
                                           size_t ldc) {
  constexpr size_t kb = 128, nb = 512;
  for (size_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, 0.0f);
  for (size_t j0 = 0; j0 < n; j0 += nb) {
    size_t jn = std::min(nb, n - j0);
    for (size_t k0 = 0; k0 < k; k0 += kb) {
      size_t kn = std::min(kb, k - k0);
      for (size_t i = 0; i < m; ++i) {
        float *__restrict ci = c + i * ldc + j0;
        const float *ai = a + i * k + k0;
        for (size_t kk = 0; kk < kn; ++kk) {
          const float aik = ai[kk];
          const float *__restrict bk = b + (k0 + kk) * n + j0;
          for (size_t j = 0; j < jn; ++j) ci[j] += aik * bk[j];
        }
      }
    }
  }
}

int portable_matmul(const Operand &a, const Operand &b, float *c, size_t ldc, float alpha, float *amax) {
  thread_local std::vector<float> a_buf, b_buf;
  float *a32 = scratch(a_buf, a.rows * a.cols);
  float *b32 = scratch(b_buf, b.rows * b.cols);
  decode_f32(a, a32);
  decode_f32(b, b32);
  portable_gemm(a.rows, b.cols, a.cols, a32, b32, c, ldc);
  finish(c, a.rows, b.cols, ldc, alpha, amax);
  return AUTOSCALE_MATMUL_OK;
}

#ifdef AUTOSCALE_HAVE_DNNL

using dt = dnnl::memory::data_type;

dnnl::engine &cpu_engine() {
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

// A primitive depends on the shape, the strides and the data types.
struct PlanKey {
  size_t m, n, k, lda, ldb, ldc;
  dt src, wei;
  bool operator<(const PlanKey &o) const {
    return std::tie(m, n, k, lda, ldb, ldc, src, wei) < std::tie(o.m, o.n, o.k, o.lda, o.ldb, o.ldc, o.src, o.wei);
  }
};

// prim is null where oneDNN has only its reference kernel (or none): the caller tries elsewhere,
// and why_not says why.
struct Plan {
  std::shared_ptr<dnnl::matmul> prim;
  dnnl::memory::desc a_md, b_md, c_md;
  size_t scratch_bytes = 0;
  std::string why_not;
};

dnnl::memory::desc matrix_desc(size_t rows, size_t cols, size_t ld, dt type) {
  using dims = dnnl::memory::dims;
  return dnnl::memory::desc(dims{dnnl::memory::dim(rows), dnnl::memory::dim(cols)}, type,
                            dims{dnnl::memory::dim(ld), 1});
}

std::shared_ptr<const Plan> make_plan(const PlanKey &key) {
  auto plan = std::make_shared<Plan>();
  plan->a_md = matrix_desc(key.m, key.k, key.lda, key.src);
  plan->b_md = matrix_desc(key.k, key.n, key.ldb, key.wei);
  plan->c_md = matrix_desc(key.m, key.n, key.ldc, dt::f32);
  try {
    dnnl::primitive_attr attr;
    // Our own scratchpad per thread: concurrent calls never share oneDNN's.
    attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(plan->a_md, plan->b_md, plan->c_md), attr, cpu_engine());
    std::string impl = pd.impl_info_str();
    if (impl.rfind("ref", 0) == 0) {
      plan->why_not = "oneDNN has only its reference kernel (" + impl + ") for it on this CPU";
    } else {
      plan->prim = std::make_shared<dnnl::matmul>(pd);
      plan->scratch_bytes = pd.scratchpad_desc().get_size();
    }
  } catch (const dnnl::error &e) {
    plan->why_not = std::string("oneDNN has no kernel for it: ") + e.what();
  }
  return plan;
}

std::shared_ptr<const Plan> plan_for(const PlanKey &key) {
  // A program multiplies a handful of shapes; one cycling through more than this rebuilds.
  constexpr size_t kMaxPlans = 64;
  static std::mutex mutex;
  static std::map<PlanKey, std::shared_ptr<const Plan>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  if (cache.size() >= kMaxPlans) cache.clear();  // plans in use elsewhere live on in their shared_ptr
  return cache.emplace(key, make_plan(key)).first->second;
}

bool is_native(int format, dt type) {
  return (format == AUTOSCALE_BF16 && type == dt::bf16) || (format == AUTOSCALE_FP16 && type == dt::f16) ||
         (format == AUTOSCALE_FP32 && type == dt::f32);
}

// Dense decoded copies of the operands, per thread.
struct Decoded {
  std::vector<uint16_t> bf16;
  std::vector<float> f32;
};

// op as oneDNN takes it in type: the caller's codes where they are already of that type, else
// decoded into buf (dense). Decoding to bf16 is only asked of fp8 and bf16, where it is exact.
const void *prepare(const Operand &op, dt type, Decoded &buf, size_t *ld) {
  if (is_native(op.format, type)) {
    *ld = op.ld;
    return op.codes;
  }
  *ld = op.cols;
  if (type == dt::f32) {
    float *out = scratch(buf.f32, op.rows * op.cols);
    decode_f32(op, out);
    return out;
  }
  uint16_t *out = scratch(buf.bf16, op.rows * op.cols);
  decode_fp8_as<16>(op.format, op.codes, op.rows, op.cols, op.ld, out);
  return out;
}

bool bf16_exact(int format) {
  return format == AUTOSCALE_E4M3 || format == AUTOSCALE_E5M2 || format == AUTOSCALE_BF16;
}

// The types oneDNN is asked for, best first. float32 always works: products of two values of any
// of the formats but fp32 are exact in float32, so it differs from bf16/fp16 only in speed.
std::vector<dt> dnnl_types(int a_format, int b_format) {
  if (bf16_exact(a_format) && bf16_exact(b_format)) return {dt::bf16, dt::f32};
  if (a_format == AUTOSCALE_FP16 && b_format == AUTOSCALE_FP16) return {dt::f16, dt::f32};
  return {dt::f32};
}

// Runs on oneDNN; AUTOSCALE_MATMUL_EUNSUPPORTED (with the reason recorded) where it has no
// native kernel for any of the types.
int onednn_matmul(const Operand &a, const Operand &b, float *c, size_t ldc, float alpha, float *amax) {
  thread_local Decoded a_buf, b_buf;
  thread_local std::vector<uint8_t> scratchpad;
  std::string why_not;
  for (dt type : dnnl_types(a.format, b.format)) {
    PlanKey key{a.rows, b.cols, a.cols, 0, 0, ldc, type, type};
    const void *a_data = prepare(a, type, a_buf, &key.lda);
    const void *b_data = prepare(b, type, b_buf, &key.ldb);
    std::shared_ptr<const Plan> plan = plan_for(key);
    if (!plan->prim) {
      why_not += (why_not.empty() ? "" : "; ") + plan->why_not;
      continue;
    }
    try {
      dnnl::engine &engine = cpu_engine();
      dnnl::memory pad({{dnnl::memory::dim(plan->scratch_bytes)}, dt::u8, {1}}, engine,
                       scratch(scratchpad, plan->scratch_bytes));
      dnnl::stream stream(engine);
      plan->prim->execute(stream, {{DNNL_ARG_SRC, dnnl::memory(plan->a_md, engine, const_cast<void *>(a_data))},
                                   {DNNL_ARG_WEIGHTS, dnnl::memory(plan->b_md, engine, const_cast<void *>(b_data))},
                                   {DNNL_ARG_DST, dnnl::memory(plan->c_md, engine, c)},
                                   {DNNL_ARG_SCRATCHPAD, pad}});
      stream.wait();
    } catch (const dnnl::error &e) {
      return matmul_fail(AUTOSCALE_MATMUL_EBACKEND, "autoscale_matmul: oneDNN matmul (%zu x %zu x %zu) failed: %s",
                         a.rows, b.cols, a.cols, e.what());
    }
    finish(c, a.rows, b.cols, ldc, alpha, amax);
    return AUTOSCALE_MATMUL_OK;
  }
  return matmul_fail(AUTOSCALE_MATMUL_EUNSUPPORTED, "autoscale_matmul: %s x %s (%zu x %zu x %zu): %s",
                     autoscale_format_name(a.format), autoscale_format_name(b.format), a.rows, b.cols, a.cols,
                     why_not.c_str());
}

#endif  // AUTOSCALE_HAVE_DNNL

}  // namespace

extern "C" {

int autoscale_matmul_on(int backend, size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
                        float a_scale, int b_format, const void *b, size_t ldb, float b_scale, float *c,
                        size_t ldc, float *c_amax) {
  static const char fn[] = "autoscale_matmul";
  int status = autoscale_detail::matmul_check(fn, m, n, k, a_format, a, lda, b_format, b, ldb, c, ldc);
  if (status != AUTOSCALE_MATMUL_OK) return status;
  if (!valid_scale(a_scale) || !valid_scale(b_scale))
    return matmul_fail(AUTOSCALE_MATMUL_EINVAL, "%s: scales must be finite and > 0, got a_scale = %g, b_scale = %g",
                       fn, double(a_scale), double(b_scale));
  if (backend < AUTOSCALE_MATMUL_AUTO || backend > AUTOSCALE_MATMUL_DNNL)
    return matmul_fail(AUTOSCALE_MATMUL_EINVAL, "%s: backend = %d is not one of 0 (auto), 1 (portable), 2 (dnnl)",
                       fn, backend);
#ifndef AUTOSCALE_HAVE_DNNL
  if (backend == AUTOSCALE_MATMUL_DNNL)
    return matmul_fail(AUTOSCALE_MATMUL_EUNSUPPORTED, "%s: this libautoscale was built without oneDNN", fn);
#endif
  // One rounding, none for powers of two: (a_scale A)(b_scale B) = (a_scale b_scale) AB exactly.
  const float alpha = static_cast<float>(double(a_scale) * double(b_scale));
  if (m == 0 || n == 0 || k == 0) {
    // No products: oneDNN takes no empty matrices, and C = 0 needs no kernel.
    for (size_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, 0.0f);
    if (c_amax) *c_amax = 0.0f;
    return AUTOSCALE_MATMUL_OK;
  }
  const Operand A{a_format, a, m, k, lda}, B{b_format, b, k, n, ldb};
  try {
#ifdef AUTOSCALE_HAVE_DNNL
    if (backend != AUTOSCALE_MATMUL_PORTABLE) {
      status = onednn_matmul(A, B, c, ldc, alpha, c_amax);
      if (status != AUTOSCALE_MATMUL_EUNSUPPORTED || backend == AUTOSCALE_MATMUL_DNNL) return status;
    }
#endif
    return portable_matmul(A, B, c, ldc, alpha, c_amax);
  } catch (const std::bad_alloc &) {
    return matmul_fail(AUTOSCALE_MATMUL_ENOMEM, "%s: out of memory decoding %zu x %zu x %zu operands", fn, m, n, k);
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

const char *autoscale_matmul_last_error(void) { return autoscale_detail::last_error; }

}  // extern "C"
