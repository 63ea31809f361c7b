// cuBLAS's FP32 products as scaled sites (autoscale/cublas.h).
//
// A call quantises op(A) and op(B) into the stream's scratch, each m (or n) rows of k codes padded
// to kp = k rounded up to 16 with zeros, which is the "TN" layout cuBLASLt's FP8 kernels read
// (X^T Y with X = op(A)^T, Y = op(B), column-major) and meets their alignment rules for any k; the
// product then writes the caller's C. Each operand element is rounded once, by the runtime's
// element rounding (quantize_element.h, quotient.h: the CPU's bits): four elements a thread where
// the operand is stored along k, through 32 x 32 tiles in shared memory where it is transposed, so
// that both are read and written along memory.
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <set>
#include <type_traits>

#include "autoscale/cublas.h"
#include "autoscale/entry_points.h"
#include "autoscale/format.h"
#include "autoscale/status.h"
#include "cuda/device_quotient.h"
#include "cuda/fp8_products.h"
#include "cuda/gemm_calls.h"
#include "cuda/library_sites.h"
#include "env.h"
#include "formats/quantize_element.h"
#include "scaling/scale_math.h"

namespace autoscale::detail {
namespace {

constexpr int kTile = 32, kTileRows = 8;  // a block: 32 x 8 threads over 32 x 32 tiles
constexpr unsigned kRowBlocks = 16;       // blocks down the rows; each takes every 16th tile
constexpr size_t kPad = 16;               // cuBLASLt FP8: k and leading dimensions multiples of 16

// Element (r, p) of batch z of an operand, r < rows, p < k: x[z * batch_stride + r * rs + p * cs].
struct OperandView {
  const float *x;
  long long rs, cs, batch_stride;
  int rows, k;
};

// How a kernel finds the operand's scale on the device.
struct ScaleSource {
  float fixed, fixed_inverse;    // cast (1) and static scaling (the rule's scale): known on the host
  const float *slot_scale;       // delayed scaling with a history: the slot's scale in force
  const uint32_t *current_amax;  // current scaling, or delayed before its first step: this operand's amax
  float fmt_max;
  int margin;
};

struct Scale {
  float scale, inverse;
};

// Scales from the device are powers of two in [2^-126, 2^126] (scale_from_amax_d, delayed_roll),
// so their inverse is exact; a delayed slot still at 0 (no values yet) scales by 1.
__device__ Scale scale_in_force(const ScaleSource &s) {
  float scale = s.fixed;
  if (s.current_amax)
    scale = scale_from_amax_d(__uint_as_float(*s.current_amax), s.fmt_max, s.margin, true, 1.0f);
  else if (s.slot_scale)
    scale = *s.slot_scale > 0.0f ? *s.slot_scale : 1.0f;
  else
    return Scale{s.fixed, s.fixed_inverse};
  return Scale{scale, 1.0f / scale};
}

// A thread's statistics of the values it rounded.
struct SlotStats {
  uint32_t amax = 0, over = 0, under = 0, nan = 0, inf = 0;

  __device__ void add(uint32_t ax, const Element &e) {
    amax = ax > amax ? ax : amax;
    over += e.over, under += e.under;
    nan += ax > 0x7F800000u, inf += ax == 0x7F800000u;
  }
  // The block's statistics into the slot: one atomic per block and statistic, only where it
  // changes something (every warp raising the same word would serialise on it).
  __device__ void flush(autoscale_device_slot *slot) {
    __shared__ uint32_t warps[kTileRows][1 + AUTOSCALE_DEVICE_COUNTS];
    const unsigned full = 0xFFFFFFFFu;
    const uint32_t v[1 + AUTOSCALE_DEVICE_COUNTS] = {__reduce_max_sync(full, amax), __reduce_add_sync(full, over),
                                                     __reduce_add_sync(full, under), __reduce_add_sync(full, nan),
                                                     __reduce_add_sync(full, inf)};
    if (threadIdx.x == 0)
      for (int i = 0; i <= AUTOSCALE_DEVICE_COUNTS; ++i) warps[threadIdx.y][i] = v[i];
    __syncthreads();
    if (threadIdx.y != 0 || threadIdx.x > AUTOSCALE_DEVICE_COUNTS) return;
    const int i = threadIdx.x;  // lane i reduces statistic i over the warps: 0 the amax, then the counts
    uint32_t total = 0;
    for (int w = 0; w < kTileRows; ++w) total = i == 0 ? max(total, warps[w][0]) : total + warps[w][i];
    if (i == 0 && total > slot->amax_bits) atomicMax(&slot->amax_bits, total);
    if (i > 0 && total) atomicAdd(&slot->counts[i - 1], total);
  }
};

// The tile's element a thread reads in pass i: threads run along the operand's contiguous
// dimension, rows when rs == 1 (a transposed operand), else k.
struct TileElement {
  int tr, tp;  // within the tile
};
__device__ TileElement tile_element(const OperandView &v, unsigned i) {
  const bool along_rows = v.rs == 1 && v.cs != 1;
  return along_rows ? TileElement{int(threadIdx.x), int(i)} : TileElement{int(i), int(threadIdx.x)};
}

// What a launch does with one operand.
template <class Out> struct OperandJob {
  OperandView v;
  ScaleSource source;
  Out *out;                     // rows x kp per batch, dense
  autoscale_device_slot *slot;  // where its statistics go
  float *scale_out;             // the scale it was rounded under: the product's scale pointer
  uint32_t *amax;               // operands_amax: where its amax goes (as bits)
};

// A launch over the two operands of a call, each `batch` matrices: the blocks with blockIdx.z <
// batch take a's, the others b's (one launch for both: a call's kernels are small, and a launch
// can cost more than its work). A launch over one operand has it as a and b, and `batch` blocks
// in z.
template <class Out> struct Launch {
  OperandJob<Out> a, b;
  int batch, kp;
  Overflow of;
  __device__ bool second() const { return blockIdx.z >= unsigned(batch); }
  // The block's operand, copied field by field into registers (indexing an array of them would
  // copy the parameters to local memory).
  __device__ OperandJob<Out> job() const { return second() ? b : a; }
  __device__ size_t matrix_index() const { return blockIdx.z - (second() ? batch : 0); }
  __device__ bool first_block() const {
    return blockIdx.x == 0 && blockIdx.y == 0 && matrix_index() == 0 && threadIdx.x == 0 && threadIdx.y == 0;
  }
};

// *amax = max(*amax, max |x|) over each operand (zeroed before). Each block takes a strip of 32
// columns and every gridDim.y-th tile of 32 rows down it.
template <class Out> __global__ void operands_amax(Launch<Out> launch) {
  const OperandJob<Out> job = launch.job();
  const OperandView &v = job.v;
  const float *x = v.x + launch.matrix_index() * v.batch_stride;
  const int p0 = blockIdx.x * kTile;
  uint32_t amax = 0;
  for (int r0 = blockIdx.y * kTile; r0 < v.rows; r0 += gridDim.y * kTile)
    for (unsigned i = threadIdx.y; i < kTile; i += kTileRows) {
      const TileElement t = tile_element(v, i);
      const int r = r0 + t.tr, p = p0 + t.tp;
      if (r < v.rows && p < v.k) {
        const uint32_t ax = abs_bits(x[r * v.rs + p * v.cs]);
        amax = ax > amax ? ax : amax;
      }
    }
  __shared__ uint32_t warps[kTileRows];
  amax = __reduce_max_sync(0xFFFFFFFFu, amax);
  if (threadIdx.x == 0) warps[threadIdx.y] = amax;
  __syncthreads();
  if (threadIdx.x != 0 || threadIdx.y != 0) return;
  for (int w = 1; w < kTileRows; ++w) amax = max(amax, warps[w]);
  if (amax) atomicMax(job.amax, amax);
}

// What a quantising pass writes of each element.
enum class Written {
  Code,       // the format's code (FP8 for cuBLASLt, fp16 for cublasGemmEx)
  Bf16Value,  // the rounded value times its scale, as bf16: exact (down to float32's normals), as
              // bf16 has float32's exponents, the rounded value at most bf16's 8 significant bits
              // and the scale is a power of two; the product then needs no scale (bf16's scales,
              // near 2^-120, folded into alpha would underflow)
  Bf16Code    // the rounded value as bf16, its scale left to alpha (a static scale that is not a
              // power of two)
};

// One element rounded as format F under scale s, as W writes it, its statistics counted.
template <int F, Written W>
__device__ uint32_t written_code(float value, const Scale &s, const Overflow &of, SlotStats &stats) {
  const uint32_t ax = abs_bits(value);
  constexpr Emit E = W == Written::Code ? Emit::Code : Emit::F32;
  const Element e = quantize_element<F, E>(ax, quotient<F>(value, s.scale, s.inverse), of);
  stats.add(ax, e);
  return W == Written::Code       ? e.out
         : W == Written::Bf16Code ? e.out >> 16
                                  : __float_as_uint(__uint_as_float(e.out) * s.scale) >> 16;
}

// A quantising block's operand: its job, the scale in force (which the first block also leaves
// for the product), and where its matrix and its codes start.
template <class Out> struct BlockOperand {
  OperandJob<Out> job;
  Scale s;
  const float *x;
  Out *rows;
};
template <class Out> __device__ BlockOperand<Out> block_operand(const Launch<Out> &launch) {
  const OperandJob<Out> job = launch.job();
  const Scale s = scale_in_force(job.source);
  if (launch.first_block()) *job.scale_out = s.scale;
  return {job, s, job.v.x + launch.matrix_index() * job.v.batch_stride,
          job.out + launch.matrix_index() * size_t(job.v.rows) * launch.kp};
}

// Operands stored along k (cs == 1): four elements a thread, their codes written in one store, no
// tile; the grid strides over each operand's rows x kp / 4 fours (kp is a multiple of 16). Zero
// past k.
template <int F, Written W, class Out> __global__ void quantize_rows(Launch<Out> launch) {
  const BlockOperand<Out> o = block_operand(launch);
  const OperandView &v = o.job.v;
  const Scale &s = o.s;
  const size_t fours = size_t(launch.kp) / 4, n = size_t(v.rows) * fours, threads = size_t(kTile) * kTileRows;
  SlotStats stats;
  for (size_t q = blockIdx.x * threads + threadIdx.y * kTile + threadIdx.x; q < n; q += gridDim.x * threads) {
    const size_t r = q / fours;
    const int p = int(q - r * fours) * 4;
    const float *row = o.x + r * v.rs;
    uint32_t c[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) c[j] = p + j < v.k ? written_code<F, W>(row[p + j], s, launch.of, stats) : 0u;
    store4(o.rows + r * launch.kp + p, c[0], c[1], c[2], c[3]);
  }
  stats.flush(o.job.slot);
}

// Operands stored along their rows (transposed), the same through 32 x 32 tiles in shared memory,
// so that they are read and written along memory; blocks as in operands_amax.
template <int F, Written W, class Out> __global__ void quantize_tiles(Launch<Out> launch) {
  __shared__ Out tile[kTile][kTile + 1];
  const BlockOperand<Out> o = block_operand(launch);
  const OperandView &v = o.job.v;
  const Scale &s = o.s;
  const int p0 = blockIdx.x * kTile;
  SlotStats stats;
  for (int r0 = blockIdx.y * kTile; r0 < v.rows; r0 += gridDim.y * kTile) {
    for (unsigned i = threadIdx.y; i < kTile; i += kTileRows) {
      const TileElement t = tile_element(v, i);
      const int r = r0 + t.tr, p = p0 + t.tp;
      const uint32_t code = r < v.rows && p < v.k ? written_code<F, W>(o.x[r * v.rs + p * v.cs], s, launch.of, stats) : 0u;
      tile[t.tr][t.tp] = static_cast<Out>(code);
    }
    __syncthreads();
    for (unsigned i = threadIdx.y; i < kTile; i += kTileRows) {
      const int r = r0 + i, p = p0 + threadIdx.x;
      if (r < v.rows && p < launch.kp) o.rows[size_t(r) * launch.kp + p] = tile[i][threadIdx.x];
    }
    __syncthreads();  // before the tile is refilled
  }
  stats.flush(o.job.slot);
}

// out[0] = alpha x_scale y_scale, out[1] = beta: alpha and beta of a product whose operands carry
// no scale, as device values (each of alpha and beta from the device when its pointer is, else the
// host value).
__global__ void fold_scales(const float *alpha_device, float alpha, const float *beta_device, float beta,
                            const float *x_scale, const float *y_scale, float *out) {
  out[0] = (alpha_device ? *alpha_device : alpha) * (*x_scale * *y_scale);
  out[1] = beta_device ? *beta_device : beta;
}

// op(A) as rows of k: element (i, p) is A[i + p lda] as stored, A[p + i lda] transposed; op(B)
// as its n columns: element (p, j) is B[p + j ldb], or B[j + p ldb] transposed.
OperandView view_a(const GemmCall &g) {
  const bool t = g.transa != CUBLAS_OP_N;
  return OperandView{g.a, t ? g.lda : 1, t ? 1 : g.lda, g.stride_a, g.m, g.k};
}
OperandView view_b(const GemmCall &g) {
  const bool t = g.transb != CUBLAS_OP_N;
  return OperandView{g.b, t ? 1 : g.ldb, t ? g.ldb : 1, g.stride_b, g.n, g.k};
}

// The grid over both operands of a pair, `columns` wide (k for the amax, kp for the codes).
// Whether the operand is stored along k (quantize_rows reads it; the others take the tiles).
bool along_k(const OperandView &v) { return v.cs == 1; }

// The tiled kernels' grid over operands of `rows` rows, `columns` wide (k for the amax, kp for the
// codes), `matrices` matrices in all.
dim3 tiles(int rows, size_t columns, int matrices) {
  const unsigned down = unsigned((rows + kTile - 1) / kTile);
  return dim3(unsigned((columns + kTile - 1) / kTile), down < kRowBlocks ? down : kRowBlocks, unsigned(matrices));
}

// The scale each operand is rounded under, and where its amax is measured first.
ScaleSource source_of(const autoscale_site &site, const LibrarySite &state, int slot, const uint32_t *current) {
  ScaleSource s{1.0f, 1.0f, nullptr, nullptr, autoscale_format_max(site.format), site.params.margin};
  if (site.action != AUTOSCALE_ACTION_SCALE) return s;
  if (site.strategy == AUTOSCALE_STRATEGY_STATIC) {
    s.fixed = site.params.static_scale;
    s.fixed_inverse = exact_inverse(s.fixed);
  } else if (site.strategy == AUTOSCALE_STRATEGY_CURRENT || !state.has_history) {
    s.current_amax = current;
  } else {
    s.slot_scale = &state.state->slot[slot].scale;
  }
  return s;
}

// Whether the operands' scales are powers of two (all but a static one that is not).
bool pow2_scales(const autoscale_site &site) {
  return site.action != AUTOSCALE_ACTION_SCALE || site.strategy != AUTOSCALE_STRATEGY_STATIC ||
         exact_inverse(site.params.static_scale) != 0.0f;
}

// Where a call runs: a cuBLAS call on the caller's handle (its stream and pointer mode); a
// cuBLASLt call, which has no such handle, on its stream with its descriptor's pointer mode (its
// half products then run on the runtime's own handle, on that stream).
struct Caller {
  cublasHandle_t handle;  // NULL for a cuBLASLt call
  cudaStream_t stream;
  cublasPointerMode_t mode;
};

class SiteCall {
 public:
  SiteCall(autoscale_site &site, const Caller &caller, const GemmCall &g)
      : site_(site), handle_(caller.handle), g_(g), stream_(caller.stream), mode_(caller.mode) {}

  // The scaled product; false (said once on stderr) when it could not be queued.
  // *unsupported_fp8: cuBLASLt has no FP8 kernel for the call (on entry: known not to).
  bool run(bool *unsupported_fp8) {
    state_ = library_site(&site_);
    BlasContext *ctx = nullptr;
    if (!state_.state) return false;
    if (blas_context(&ctx, "autoscale_cublas") != AUTOSCALE_OK) return complain("no cuBLAS handle");
    if (handle_ ? !blas(cublasGetStream(handle_, &stream_), "cublasGetStream") ||
                      !blas(cublasGetPointerMode(handle_, &mode_), "cublasGetPointerMode")
                : !blas(cublasSetStream(handle_ = blas_handle(*ctx), stream_), "cublasSetStream") ||
                      !blas(cublasSetPointerMode(handle_, mode_), "cublasSetPointerMode"))
      return false;
    // cuBLASLt has no e5m2 x e5m2 kernel, and no FP8 before sm_89: those run the same values as
    // bf16, as do bf16 sites; fp16 sites run fp16.
    const bool lt = site_.format == AUTOSCALE_E4M3 && compute_capability(*ctx) >= 89 && !*unsupported_fp8 &&
                    settings().cuda_fp8;
    written_ = lt || site_.format == AUTOSCALE_FP16 ? Written::Code
               : pow2_scales(site_)                 ? Written::Bf16Value
                                                    : Written::Bf16Code;
    kp_ = (size_t(g_.k) + kPad - 1) / kPad * kPad;
    const size_t code_bytes = lt ? 1 : 2, batch = size_t(g_.batch);
    const size_t codes_a = batch * g_.m * kp_ * code_bytes, codes = codes_a + batch * g_.n * kp_ * code_bytes;
    const size_t scalars_at = (codes + 255) / 256 * 256;
    char *scratch = nullptr;
    if (!cuda(stream_scratch(*ctx, reinterpret_cast<void **>(&scratch), scalars_at + 256, stream_),
              "allocating the codes"))
      return false;
    // amax a, amax b (bits), scale a, scale b, alpha and beta of a product without scales.
    float *scalars = reinterpret_cast<float *>(scratch + scalars_at);
    if (!cuda(cudaMemsetAsync(scalars, 0, 2 * sizeof(float), stream_), "clearing the amaxes") ||
        !quantize(scratch, scratch + codes_a, scalars))
      return false;
    if (lt) {
      const Fp8Product p{size_t(g_.m),     size_t(g_.n), kp_,        AUTOSCALE_E4M3,          AUTOSCALE_E4M3,
                         scratch,          kp_,          (long long)(g_.m * kp_), scratch + codes_a, kp_,
                         (long long)(g_.n * kp_), scalars + 2, scalars + 3, g_.alpha, g_.beta,
                         mode_ == CUBLAS_POINTER_MODE_DEVICE, g_.c, size_t(g_.ldc), g_.stride_c, g_.batch};
      const cublasStatus_t s = run_fp8_product(*ctx, p, stream_);
      *unsupported_fp8 = s == CUBLAS_STATUS_NOT_SUPPORTED;
      if (*unsupported_fp8) return true;  // the caller runs it again as bf16 values
      if (!blas(s, "cublasLtMatmul (FP8)")) return false;
    } else if (!half_product(scratch, scratch + codes_a, scalars)) {
      return false;
    }
    if (site_.statistics != AUTOSCALE_STATS_FULL) return true;
    // The product's amax, C read as an operand.
    const OperandView c{g_.c, 1, g_.ldc, g_.stride_c, g_.m, g_.n};
    const OperandJob<uint8_t> job{c, {}, nullptr, nullptr, nullptr, &state_.state->slot[AUTOSCALE_SLOT_OUTPUT].amax_bits};
    operands_amax<<<tiles(g_.m, size_t(g_.n), g_.batch), dim3(kTile, kTileRows), 0, stream_>>>(
        Launch<uint8_t>{job, job, g_.batch, 0, {}});
    return cuda(cudaGetLastError(), "the product's amax");
  }

 private:
  // Both operands into their codes: their amax first where the scale comes from it.
  bool quantize(void *codes_a, void *codes_b, float *scalars) {
    const OperandView va = view_a(g_), vb = view_b(g_);
    uint32_t *current = reinterpret_cast<uint32_t *>(scalars);
    const ScaleSource a = source_of(site_, state_, 0, current), b = source_of(site_, state_, 1, current + 1);
    const Overflow of = overflow_for(site_.format, site_.saturate);
    const int rows = std::max(g_.m, g_.n), kp = int(kp_);
    const dim3 block(kTile, kTileRows);
    if (a.current_amax) {
      const Launch<uint8_t> both{{va, a, nullptr, nullptr, nullptr, current},
                                 {vb, b, nullptr, nullptr, nullptr, current + 1}, g_.batch, kp, of};
      operands_amax<<<tiles(rows, size_t(g_.k), 2 * g_.batch), block, 0, stream_>>>(both);
    }
    // Operands stored along k take quantize_rows, transposed ones the tiles: both in one launch
    // where they agree, else one launch each.
    auto launch = [&](auto format, auto written, auto *out_a, auto *out_b) {
      using Out = std::remove_pointer_t<decltype(out_a)>;
      const OperandJob<Out> ja{va, a, out_a, &state_.state->slot[0], scalars + 2, nullptr},
          jb{vb, b, out_b, &state_.state->slot[1], scalars + 3, nullptr};
      auto run = [&](const OperandJob<Out> &first, const OperandJob<Out> &second, int operands) {
        const Launch<Out> l{first, second, g_.batch, kp, of};
        const int most = std::max(first.v.rows, second.v.rows);
        if (along_k(first.v)) {
          const size_t blocks = std::min<size_t>((size_t(most) * (kp_ / 4) + 255) / 256, 1024);
          quantize_rows<format(), written()>
              <<<dim3(unsigned(blocks), 1, unsigned(operands * g_.batch)), block, 0, stream_>>>(l);
        } else {
          quantize_tiles<format(), written()><<<tiles(most, kp_, operands * g_.batch), block, 0, stream_>>>(l);
        }
      };
      if (along_k(va) == along_k(vb)) {
        run(ja, jb, 2);
      } else {
        run(ja, ja, 1);
        run(jb, jb, 1);
      }
    };
    using std::integral_constant;
    using Code = integral_constant<Written, Written::Code>;
    auto bytes = [](void *p) { return static_cast<uint8_t *>(p); };
    auto halves = [](void *p) { return static_cast<uint16_t *>(p); };
    auto bf16 = [&](auto format) {
      if (written_ == Written::Bf16Value)
        launch(format, integral_constant<Written, Written::Bf16Value>(), halves(codes_a), halves(codes_b));
      else
        launch(format, integral_constant<Written, Written::Bf16Code>(), halves(codes_a), halves(codes_b));
    };
    if (site_.format == AUTOSCALE_E4M3 && written_ == Written::Code)
      launch(integral_constant<int, AUTOSCALE_E4M3>(), Code(), bytes(codes_a), bytes(codes_b));
    else if (site_.format == AUTOSCALE_FP16)
      launch(integral_constant<int, AUTOSCALE_FP16>(), Code(), halves(codes_a), halves(codes_b));
    else if (site_.format == AUTOSCALE_E4M3)
      bf16(integral_constant<int, AUTOSCALE_E4M3>());
    else if (site_.format == AUTOSCALE_E5M2)
      bf16(integral_constant<int, AUTOSCALE_E5M2>());
    else
      bf16(integral_constant<int, AUTOSCALE_BF16>());
    return cuda(cudaGetLastError(), "quantising the operands");
  }

  // fp16 or bf16 values on cublasGemmEx with float32 compute, on the caller's handle. Values that
  // carry their scale take the caller's alpha and beta as they are; otherwise alpha times the
  // scales is a device value, so the handle takes device pointers for this call and gets its mode
  // back.
  bool half_product(const void *codes_a, const void *codes_b, float *scalars) {
    const cudaDataType type = site_.format == AUTOSCALE_FP16 ? CUDA_R_16F : CUDA_R_16BF;
    const bool folded = written_ != Written::Bf16Value, device = mode_ == CUBLAS_POINTER_MODE_DEVICE;
    if (folded) {
      fold_scales<<<1, 1, 0, stream_>>>(device ? g_.alpha : nullptr, device ? 0.0f : *g_.alpha,
                                        device ? g_.beta : nullptr, device ? 0.0f : *g_.beta, scalars + 2,
                                        scalars + 3, scalars + 4);
      if (!cuda(cudaGetLastError(), "folding the scales") ||
          !blas(cublasSetPointerMode(handle_, CUBLAS_POINTER_MODE_DEVICE), "cublasSetPointerMode"))
        return false;
    }
    const float *alpha = folded ? scalars + 4 : g_.alpha, *beta = folded ? scalars + 5 : g_.beta;
    const int kp = int(kp_);
    cublasStatus_t s =
        g_.batch == 1
            ? cublasGemmEx(handle_, CUBLAS_OP_T, CUBLAS_OP_N, g_.m, g_.n, kp, alpha, codes_a, type, kp, codes_b, type,
                           kp, beta, g_.c, CUDA_R_32F, g_.ldc, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT)
            : cublasGemmStridedBatchedEx(handle_, CUBLAS_OP_T, CUBLAS_OP_N, g_.m, g_.n, kp, alpha, codes_a, type, kp,
                                         (long long)(g_.m) * kp, codes_b, type, kp, (long long)(g_.n) * kp, beta,
                                         g_.c, CUDA_R_32F, g_.ldc, g_.stride_c, g_.batch, CUBLAS_COMPUTE_32F,
                                         CUBLAS_GEMM_DEFAULT);
    const cublasStatus_t restored = folded ? cublasSetPointerMode(handle_, mode_) : CUBLAS_STATUS_SUCCESS;
    return blas(s, "cublasGemmEx") && blas(restored, "cublasSetPointerMode");
  }

  bool cuda(cudaError_t e, const char *what) { return e == cudaSuccess || complain(what, cudaGetErrorString(e)); }
  bool blas(cublasStatus_t s, const char *what) {
    return s == CUBLAS_STATUS_SUCCESS || complain(what, cublasGetStatusString(s));
  }
  // Says once per process what failed, naming the site.
  bool complain(const char *what, const char *why = "") {
    static std::atomic<bool> said{false};
    if (!said.exchange(true))
      std::fprintf(stderr, "autoscale: %s:%d: the scaled cuBLAS product failed: %s%s%s\n", site_.file, site_.line,
                   what, *why ? ": " : "", why);
    return false;
  }

  autoscale_site &site_;
  cublasHandle_t handle_;
  GemmCall g_;
  cudaStream_t stream_;
  cublasPointerMode_t mode_;
  LibrarySite state_{};
  Written written_ = Written::Code;
  size_t kp_ = 0;
};

// The scaled product where the site rounds, else the cuBLAS call (`as_written`).
template <class Call>
cublasStatus_t scaled_or_written(autoscale_site *site, const Caller &caller, const GemmCall &g, Call as_written) {
  if (!site || site->format == AUTOSCALE_FP32 || site->action == AUTOSCALE_ACTION_KEEP || g.m <= 0 || g.n <= 0 ||
      g.k <= 0 || g.batch <= 0)
    return as_written();
  // A site whose shape cuBLASLt has no FP8 kernel for runs as bf16 values (the same values), from
  // then on without asking again.
  static std::mutex mutex;
  static std::set<const autoscale_site *> no_fp8_kernel;
  bool unsupported_fp8;
  {
    std::lock_guard<std::mutex> lock(mutex);
    unsupported_fp8 = no_fp8_kernel.count(site) != 0;
  }
  if (SiteCall(*site, caller, g).run(&unsupported_fp8) && !unsupported_fp8) return CUBLAS_STATUS_SUCCESS;
  if (unsupported_fp8) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      no_fp8_kernel.insert(site);
    }
    if (SiteCall(*site, caller, g).run(&unsupported_fp8)) return CUBLAS_STATUS_SUCCESS;
  }
  return CUBLAS_STATUS_EXECUTION_FAILED;
}

}  // namespace
}  // namespace autoscale::detail

using autoscale::detail::Caller;
using autoscale::detail::GemmCall;
using autoscale::detail::scaled_or_written;

extern "C" cublasStatus_t autoscale_cublas_sgemm(autoscale_site *site, cublasHandle_t handle, cublasOperation_t transa,
                                                 cublasOperation_t transb, int m, int n, int k, const float *alpha,
                                                 const float *a, int lda, const float *b, int ldb, const float *beta,
                                                 float *c, int ldc) {
  const GemmCall g{transa, transb, m, n, k, alpha, a, lda, 0, b, ldb, 0, beta, c, ldc, 0, 1};
  return scaled_or_written(site, Caller{handle, nullptr, CUBLAS_POINTER_MODE_HOST}, g, [&] {
    return cublasSgemm(handle, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  });
}

extern "C" cublasStatus_t autoscale_cublas_sgemm_strided_batched(
    autoscale_site *site, cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
    int k, const float *alpha, const float *a, int lda, long long stride_a, const float *b, int ldb,
    long long stride_b, const float *beta, float *c, int ldc, long long stride_c, int batch_count) {
  const GemmCall g{transa, transb, m, n, k, alpha, a, lda, stride_a, b, ldb, stride_b, beta, c, ldc, stride_c,
                   batch_count};
  return scaled_or_written(site, Caller{handle, nullptr, CUBLAS_POINTER_MODE_HOST}, g, [&] {
    return cublasSgemmStridedBatched(handle, transa, transb, m, n, k, alpha, a, lda, stride_a, b, ldb, stride_b, beta,
                                     c, ldc, stride_c, batch_count);
  });
}

extern "C" cublasStatus_t autoscale_cublas_gemm_ex(autoscale_site *site, cublasHandle_t handle,
                                                   cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                                                   int k, const void *alpha, const void *a, cudaDataType a_type,
                                                   int lda, const void *b, cudaDataType b_type, int ldb,
                                                   const void *beta, void *c, cudaDataType c_type, int ldc,
                                                   cublasComputeType_t compute_type, cublasGemmAlgo_t algo) {
  auto as_written = [&] {
    return cublasGemmEx(handle, transa, transb, m, n, k, alpha, a, a_type, lda, b, b_type, ldb, beta, c, c_type, ldc,
                        compute_type, algo);
  };
  if (a_type != CUDA_R_32F || b_type != CUDA_R_32F || c_type != CUDA_R_32F ||
      !autoscale::detail::float32_compute(compute_type))
    return as_written();
  const GemmCall g{transa, transb, m, n, k, static_cast<const float *>(alpha), static_cast<const float *>(a), lda, 0,
                   static_cast<const float *>(b), ldb, 0, static_cast<const float *>(beta), static_cast<float *>(c),
                   ldc, 0, 1};
  return scaled_or_written(site, Caller{handle, nullptr, CUBLAS_POINTER_MODE_HOST}, g, as_written);
}

extern "C" cublasStatus_t autoscale_cublaslt_matmul(autoscale_site *site, cublasLtHandle_t handle,
                                                    cublasLtMatmulDesc_t desc, const void *alpha, const void *a,
                                                    cublasLtMatrixLayout_t a_desc, const void *b,
                                                    cublasLtMatrixLayout_t b_desc, const void *beta, const void *c,
                                                    cublasLtMatrixLayout_t c_desc, void *d,
                                                    cublasLtMatrixLayout_t d_desc, const cublasLtMatmulAlgo_t *algo,
                                                    void *workspace, size_t workspace_bytes, cudaStream_t stream) {
  auto as_written = [&] {
    return cublasLtMatmul(handle, desc, alpha, a, a_desc, b, b_desc, beta, c, c_desc, d, d_desc, algo, workspace,
                          workspace_bytes, stream);
  };
  GemmCall g{};
  cublasPointerMode_t mode = CUBLAS_POINTER_MODE_HOST;
  if (!autoscale::detail::lt_call(desc, alpha, a, a_desc, b, b_desc, beta, c, c_desc, d, d_desc, &g, &mode))
    return as_written();
  return scaled_or_written(site, Caller{nullptr, stream, mode}, g, as_written);
}

// Every function AUTOSCALE_CUBLAS_ENTRY_POINTS names is declared (autoscale/cublas.h), as is the
// cuBLAS function whose calls it replaces.
namespace autoscale::detail::cublas_entry_points {
#define AUTOSCALE_CUBLAS_DECLARED(Entry, Cublas) \
  using ::Entry;                                 \
  using ::Cublas;
AUTOSCALE_CUBLAS_ENTRY_POINTS(AUTOSCALE_CUBLAS_DECLARED)
#undef AUTOSCALE_CUBLAS_DECLARED
}  // namespace autoscale::detail::cublas_entry_points
