// The kernels that round a cuBLAS call's operands (cublas_sites.cu): each operand's amax, and its
// elements rounded once by the runtime's element rounding (device_element, quotient.h: the CPU's
// bits) into rows of kp codes, four elements a thread where the operand is stored along k,
// through 32 x 32 tiles in shared memory where it is transposed, so that both are read and written
// along memory. Internal to libautoscale_cuda.
#ifndef AUTOSCALE_SRC_CUDA_OPERAND_KERNELS_H
#define AUTOSCALE_SRC_CUDA_OPERAND_KERNELS_H

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "autoscale/device_sites.h"
#include "cuda/device_quotient.h"
#include "formats/quantize_element.h"
#include "scaling/scale_math.h"

namespace autoscale::detail {

constexpr int kTile = 32, kTileRows = 8;  // a block: 32 x 8 threads over 32 x 32 tiles
constexpr unsigned kRowBlocks = 16;       // blocks down the rows; each takes every 16th tile

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
__device__ inline Scale scale_in_force(const ScaleSource &s) {
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
  // changes something (every warp raising the same word would serialise on it). Its counts are
  // the device slot's first kCounts: an operand sums nothing, so absorbs nothing.
  static constexpr int kCounts = AUTOSCALE_DEVICE_INF_IN + 1;
  __device__ void flush(autoscale_device_slot *slot) {
    __shared__ uint32_t warps[kTileRows][1 + kCounts];
    const unsigned full = 0xFFFFFFFFu;
    const uint32_t v[1 + kCounts] = {__reduce_max_sync(full, amax), __reduce_add_sync(full, over),
                                                     __reduce_add_sync(full, under), __reduce_add_sync(full, nan),
                                                     __reduce_add_sync(full, inf)};
    if (threadIdx.x == 0)
      for (int i = 0; i <= kCounts; ++i) warps[threadIdx.y][i] = v[i];
    __syncthreads();
    if (threadIdx.y != 0 || threadIdx.x > kCounts) return;
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
__device__ inline TileElement tile_element(const OperandView &v, unsigned i) {
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
  const Element e = device_element<F, E>(ax, quotient<F>(value, s.scale, s.inverse), of);
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

// Whether the operand is stored along k (quantize_rows reads it; the others take the tiles).
inline bool along_k(const OperandView &v) { return v.cs == 1; }

// The tiled kernels' grid over operands of `rows` rows, `columns` wide (k for the amax, kp for the
// codes), `matrices` matrices in all.
inline dim3 tiles(int rows, size_t columns, int matrices) {
  const unsigned down = unsigned((rows + kTile - 1) / kTile);
  return dim3(unsigned((columns + kTile - 1) / kTile), down < kRowBlocks ? down : kRowBlocks, unsigned(matrices));
}

}  // namespace autoscale::detail

#endif
