// The CPU matrix products on oneDNN's matmul primitive (matmul_dnnl.h).
//
// An alpha other than 1 reaches the primitive as a run-time output scale, so delayed scaling
// moving a scale rebuilds nothing, and the post-op (accumulate into C, or a bias row) runs in the
// kernel's own epilogue. With a run-time output scale oneDNN 2.6 dispatches its gemm:jit kernels
// rather than brgemm, which costs half the speed with AMX (measured on a Sapphire Rapids:
// tests/bench/autoscale_bench_matmul.cpp); so the scaled GEMM folds power-of-two scales into its
// operands (matmul.cpp) and alpha is 1 there. Float32 operands take the output scale always
// (output_scaled): without AMX gemm:jit is the faster of the two.
// Primitives are cached per shape, layout, type and post-op; each thread brings its own
// scratchpad, so concurrent calls share nothing but the cache.
#include "gemm/matmul_dnnl.h"

#include "check.h"
#include "env.h"

#ifdef AUTOSCALE_HAVE_DNNL

#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <unordered_map>

#include <oneapi/dnnl/dnnl.hpp>
#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#endif
#ifdef _OPENMP
#include <omp.h>
#endif

namespace autoscale::detail {
namespace {

using dt = dnnl::memory::data_type;
using dims = dnnl::memory::dims;

dnnl::engine &cpu_engine() {
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

struct PlanKey {
  size_t m, n, k, lda, ldb, ldc;
  bool a_trans, b_trans;
  Elem type;
  PostOp post;
  bool scaled;  // alpha != 1: a run-time output scale
  int threads;  // oneDNN splits the work when it builds the primitive, for the threads there are then
  bool packed;  // B in the layout the kernel reads (a panel's plan), not as ldb and b_trans say
  bool operator<(const PlanKey &o) const {
    return std::tie(m, n, k, lda, ldb, ldc, a_trans, b_trans, type, post, scaled, threads, packed) <
           std::tie(o.m, o.n, o.k, o.lda, o.ldb, o.ldc, o.a_trans, o.b_trans, o.type, o.post, o.scaled, o.threads,
                    o.packed);
  }
};

// Whether p's primitive takes a run-time output scale: where alpha is not 1, and always on float32
// operands, where gemm:jit is the faster kernel (brgemm ran 1024 x 768 x 3072 at half its speed on
// an Emerald Rapids core without AMX, the other shapes alike).
bool output_scaled(const Product &p) { return p.alpha != 1.0f || p.type == Elem::F32; }

int max_threads() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

PlanKey key_of(const Product &p) {
  return {p.m, p.n, p.k, p.a.ld, p.b.ld, p.ldc, p.a.trans, p.b.trans, p.type, p.post, output_scaled(p),
          max_threads(), false};
}

// A panel of `rows` rows of p from row r0 (fewer for the last): one thread's kernel, on B packed.
PlanKey panel_key(const Product &p, size_t rows, size_t r0) {
  PlanKey key = key_of(p);
  key.m = std::min(rows, p.m - r0);
  key.threads = 1;
  key.packed = true;
  return key;
}

// prim is null where oneDNN has only its reference kernel (or none); why_not says which. A panel's
// plan also packs B: from its layout as given (b_given) into the kernel's own (b_md).
struct Plan {
  std::shared_ptr<dnnl::matmul> prim;
  std::shared_ptr<dnnl::reorder> pack;
  dnnl::memory::desc a_md, b_md, c_md, bias_md, b_given;
  size_t scratch_bytes = 0;
  std::string why_not;
};

// oneDNN plans a primitive for the threads OpenMP would give it when it is built: this sets them
// for one build, and restores the caller's.
class ThreadsForBuild {
 public:
  explicit ThreadsForBuild(int threads) : caller_(max_threads()) { set(threads); }
  ~ThreadsForBuild() { set(caller_); }
  ThreadsForBuild(const ThreadsForBuild &) = delete;
  ThreadsForBuild &operator=(const ThreadsForBuild &) = delete;

 private:
  static void set(int threads) {
#ifdef _OPENMP
    if (omp_get_max_threads() != threads) omp_set_num_threads(threads);
#else
    (void)threads;
#endif
  }
  int caller_;
};

dnnl::memory::desc operand_desc(size_t rows, size_t cols, size_t ld, bool trans, dt type) {
  const auto ld_dim = dnnl::memory::dim(ld);
  return dnnl::memory::desc(dims{dnnl::memory::dim(rows), dnnl::memory::dim(cols)}, type,
                            trans ? dims{1, ld_dim} : dims{ld_dim, 1});
}

std::shared_ptr<const Plan> make_plan(const PlanKey &key) {
  auto plan = std::make_shared<Plan>();
  const dt type = key.type == Elem::Bf16 ? dt::bf16 : dt::f32;
  plan->a_md = operand_desc(key.m, key.k, key.lda, key.a_trans, type);
  plan->b_md = operand_desc(key.k, key.n, key.ldb, key.b_trans, type);
  plan->c_md = operand_desc(key.m, key.n, key.ldc, false, dt::f32);
  plan->bias_md = operand_desc(1, key.n, key.n, false, dt::f32);
  plan->b_given = plan->b_md;
  if (key.packed) plan->b_md = dnnl::memory::desc(dims{dnnl::memory::dim(key.k), dnnl::memory::dim(key.n)}, type,
                                                 dnnl::memory::format_tag::any);
  try {
    dnnl::primitive_attr attr;
    attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    if (key.scaled) attr.set_output_scales(0, {DNNL_RUNTIME_F32_VAL});
    dnnl::post_ops ops;
    if (key.post == PostOp::Accumulate) ops.append_sum(1.0f);
    if (key.post == PostOp::BiasRow) ops.append_binary(dnnl::algorithm::binary_add, plan->bias_md);
    attr.set_post_ops(ops);
    const ThreadsForBuild threads(key.threads);
    dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(plan->a_md, plan->b_md, plan->c_md), attr, cpu_engine());
    const std::string impl = pd.impl_info_str();
    if (impl.rfind("ref", 0) == 0) {
      plan->why_not = "oneDNN has only its reference kernel (" + impl + ") for it on this CPU";
    } else {
      plan->prim = std::make_shared<dnnl::matmul>(pd);
      plan->scratch_bytes = pd.scratchpad_desc().get_size();
      plan->b_md = pd.weights_desc();
    }
  } catch (const dnnl::error &e) {
    plan->why_not = std::string("oneDNN has no kernel for it: ") + e.what();
  }
  // Packing B runs once per product, on the caller's threads.
  if (plan->prim && key.packed) {
    try {
      plan->pack = std::make_shared<dnnl::reorder>(
          dnnl::reorder::primitive_desc(cpu_engine(), plan->b_given, cpu_engine(), plan->b_md));
    } catch (const dnnl::error &e) {
      plan->prim.reset();
      plan->why_not = std::string("oneDNN cannot pack B for it: ") + e.what();
    }
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

// Whether the CPU is AMD's: with avx512_bf16 and no AMX, its cores (Zen 4 and later) run
// vdpbf16ps at twice the products of a float32 FMA, so oneDNN's bf16 matmul beats its SGEMM;
// Intel's without AMX (Cooper Lake; Sapphire and Emerald Rapids with AMX hidden, as in some VMs)
// run it at float32's rate, and their bf16 matmul is the slower (docs/PERFORMANCE.md, GEMM
// kernels). A fixed rule, not a timing, so that a program's bits do not depend on how busy the
// machine was when it started.
bool amd_cpu() {
#if defined(__x86_64__) && defined(__GNUC__)
  unsigned max_leaf = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(0, &max_leaf, &ebx, &ecx, &edx)) return false;
  return ebx == 0x68747541u && edx == 0x69746E65u && ecx == 0x444D4163u;  // "AuthenticAMD"
#else
  return false;
#endif
}

}  // namespace

bool dnnl_bf16_pays() {
  static const bool pays = [] {
    if (settings().cpu_bf16) return *settings().cpu_bf16;
    const auto isa = static_cast<unsigned>(dnnl::get_effective_cpu_isa());
    const auto has = [&](dnnl_cpu_isa_t wanted) { return (isa & wanted) == static_cast<unsigned>(wanted); };
    if (has(dnnl_cpu_isa_avx512_core_amx)) return true;
    return has(dnnl_cpu_isa_avx512_core_bf16) && amd_cpu();
  }();
  return pays;
}

bool dnnl_native(const Product &p, std::string *why) {
  std::shared_ptr<const Plan> plan = plan_for(key_of(p));
  if (!plan->prim && why) *why = plan->why_not;
  return plan->prim != nullptr;
}

namespace {

dnnl::stream &thread_stream() {
  thread_local dnnl::stream stream(cpu_engine());
  return stream;
}

// Runs p on plan's primitive, B read from b (p's own, or packed for a panel).
int execute(const Plan &plan, const Product &p, const void *b, const char *fn) {
  try {
    dnnl::engine &engine = cpu_engine();
    dnnl::stream &stream = thread_stream();
    float alpha = p.alpha;
    std::unordered_map<int, dnnl::memory> args{
        {DNNL_ARG_SRC, dnnl::memory(plan.a_md, engine, const_cast<void *>(p.a.data))},
        {DNNL_ARG_WEIGHTS, dnnl::memory(plan.b_md, engine, const_cast<void *>(b))},
        {DNNL_ARG_DST, dnnl::memory(plan.c_md, engine, p.c)},
        {DNNL_ARG_SCRATCHPAD, dnnl::memory({dims{dnnl::memory::dim(plan.scratch_bytes)}, dt::u8, dims{1}}, engine,
                                           scratch(kScratchPad, plan.scratch_bytes))}};
    if (output_scaled(p))
      args.emplace(DNNL_ARG_ATTR_OUTPUT_SCALES, dnnl::memory({dims{1}, dt::f32, dims{1}}, engine, &alpha));
    if (p.post == PostOp::BiasRow)
      args.emplace(DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1,
                   dnnl::memory(plan.bias_md, engine, const_cast<float *>(p.bias)));
    plan.prim->execute(stream, args);
    stream.wait();
  } catch (const dnnl::error &e) {
    return fail(AUTOSCALE_EBACKEND, "%s: oneDNN matmul (%zu x %zu x %zu) failed: %s", fn, p.m, p.n, p.k, e.what());
  }
  return AUTOSCALE_OK;
}

}  // namespace

int dnnl_run(const Product &p, const char *fn) {
  std::shared_ptr<const Plan> plan = plan_for(key_of(p));
  AUTOSCALE_CHECK(plan->prim, "%s: no oneDNN primitive for %zu x %zu x %zu", fn, p.m, p.n, p.k);
  return execute(*plan, p, p.b.data, fn);
}

bool dnnl_panels_native(const Product &p, size_t rows) {
  std::shared_ptr<const Plan> first = plan_for(panel_key(p, rows, 0));
  std::shared_ptr<const Plan> last = plan_for(panel_key(p, rows, (p.m - 1) / rows * rows));
  // Every panel must read B in the one layout it was packed in.
  return first->prim && last->prim && first->b_md == last->b_md;
}

bool dnnl_packs_row_pairs(const Product &p, size_t rows) {
  const dnnl::memory::desc pairs(dims{dnnl::memory::dim(p.k), dnnl::memory::dim(p.n)}, dt::bf16,
                                 dnnl::memory::format_tag::BA16a64b2a);
  return plan_for(panel_key(p, rows, 0))->b_md == pairs;
}

size_t dnnl_packed_bytes(const Product &p, size_t rows) {
  return plan_for(panel_key(p, rows, 0))->b_md.get_size();
}

int dnnl_pack(const Product &p, size_t rows, void *packed, const char *fn) {
  std::shared_ptr<const Plan> plan = plan_for(panel_key(p, rows, 0));
  AUTOSCALE_CHECK(plan->pack, "%s: no packing of B for %zu x %zu x %zu", fn, p.m, p.n, p.k);
  try {
    dnnl::engine &engine = cpu_engine();
    dnnl::stream &stream = thread_stream();
    dnnl::memory given(plan->b_given, engine, const_cast<void *>(p.b.data)), to(plan->b_md, engine, packed);
    plan->pack->execute(stream, given, to);
    stream.wait();
  } catch (const dnnl::error &e) {
    return fail(AUTOSCALE_EBACKEND, "%s: oneDNN could not pack B (%zu x %zu): %s", fn, p.k, p.n, e.what());
  }
  return AUTOSCALE_OK;
}

int dnnl_run_panel(const Product &p, size_t rows, size_t r0, const void *packed, const char *fn) {
  std::shared_ptr<const Plan> plan = plan_for(panel_key(p, rows, r0));
  AUTOSCALE_CHECK(plan->prim, "%s: no oneDNN primitive for a panel of %zu x %zu x %zu", fn, p.m, p.n, p.k);
  Product panel = p;
  panel.m = std::min(rows, p.m - r0);
  panel.a.data = static_cast<const char *>(p.a.data) + r0 * p.a.ld * (p.type == Elem::Bf16 ? 2 : 4);
  panel.c = p.c + r0 * p.ldc;
  return execute(*plan, panel, packed, fn);
}

}  // namespace autoscale::detail

#else  // no oneDNN in this build

namespace autoscale::detail {

bool dnnl_bf16_pays() { return false; }

bool dnnl_native(const Product &, std::string *why) {
  if (why) *why = "this libautoscale was built without oneDNN";
  return false;
}

int dnnl_run(const Product &, const char *fn) {
  return fail(AUTOSCALE_EUNSUPPORTED, "%s: this libautoscale was built without oneDNN", fn);
}

bool dnnl_panels_native(const Product &, size_t) { return false; }

bool dnnl_packs_row_pairs(const Product &, size_t) { return false; }

size_t dnnl_packed_bytes(const Product &, size_t) { return 0; }

int dnnl_pack(const Product &, size_t, void *, const char *fn) { return dnnl_run(Product{}, fn); }

int dnnl_run_panel(const Product &, size_t, size_t, const void *, const char *fn) { return dnnl_run(Product{}, fn); }

}  // namespace autoscale::detail

#endif
