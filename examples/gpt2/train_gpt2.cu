/*
GPT-2 training in CUDA: the twin of train_gpt2.c (same model, weights, data, AdamW, metric and
output), written the way llm.c-style single-file CUDA trainers are: one kernel per layer forward and
backward over flat float arrays, the products of the linear layers and of attention in cuBLAS FP32.
Like the C file it is a program a user would have: nothing in it knows about autoscale.

Deterministic: it prints the same bits on every run on the same GPU. No kernel uses atomics; every
reduction runs in a fixed order (warp shuffles in a fixed pattern, column sums over rows in a fixed
order); cuBLAS gives the same bits run to run on one stream.

    nvcc -O2 -arch=sm_90 examples/gpt2/train_gpt2.cu examples/gpt2/data.c -lcublas -o train_gpt2_cuda
    ./train_gpt2_cuda                        # tiny config, 40 steps
    ./train_gpt2_cuda --config gpt2s --time  # GEMM-dominated config, with the time per step
    ./train_gpt2_cuda --kernels              # registers and launchability of every kernel
    ./train_gpt2_cuda --help
nvcc hands data.c to the host C compiler as C (data.h is included as extern "C" below). nvcc
contracts a * b + c into FMA by default; to compare its output bit for bit with a rewrite, whose
arithmetic goes through calls, build both with -fmad=false. Without a CUDA device it prints
"train_gpt2: skipped: ..." and exits with 77 (the code test drivers read as a skip).
*/
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cublas_v2.h>
#include <cuda_runtime.h>

extern "C" {
#include "data.h"
}

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

// ----------------------------------------------------------------------------
// error checking: every CUDA and cuBLAS call, and every kernel launch by name (a launch that the
// device refuses, such as one whose block needs more registers than it has, fails only there)

static void cuda_check(cudaError_t err, const char* what, const char* file, int line) {
    if (err != cudaSuccess) {
        fprintf(stderr, "train_gpt2: %s:%d: %s: %s\n", file, line, what, cudaGetErrorString(err));
        exit(EXIT_FAILURE);
    }
}
#define CUDA_CHECK(call) cuda_check((call), #call, __FILE__, __LINE__)

static void cublas_check(cublasStatus_t status, const char* what, const char* file, int line) {
    if (status != CUBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "train_gpt2: %s:%d: %s: %s\n", file, line, what, cublasGetStatusString(status));
        exit(EXIT_FAILURE);
    }
}
#define CUBLAS_CHECK(call) cublas_check((call), #call, __FILE__, __LINE__)

#define CHECK_LAUNCH(kernel) cuda_check(cudaGetLastError(), "launch of " #kernel, __FILE__, __LINE__)

static cublasHandle_t cublas_handle;

// Block sizes, shared by the launches and --kernels. Warp-per-row kernels take one row per warp:
// 32 rows per 1024-thread block for layernorm, 16 per 512 for the softmaxes (a multiple of 32
// each). Column sums take 32 columns per block and COLUMN_ROWS threads down each column. Each can
// be set with -D, e.g. -DLAYERNORM_BLOCK=512 for a build whose layernorm kernels need more than
// 64 registers a thread, the most a 1024-thread block allows.
#ifndef ELEMENTWISE_BLOCK
#define ELEMENTWISE_BLOCK 256
#endif
#ifndef LAYERNORM_BLOCK
#define LAYERNORM_BLOCK 1024
#endif
#ifndef SOFTMAX_BLOCK
#define SOFTMAX_BLOCK 512
#endif
#ifndef COLUMN_ROWS
#define COLUMN_ROWS 8
#endif
#define COLUMN_BLOCK (32 * COLUMN_ROWS)

static unsigned int blocks_for(size_t threads, int block) {
    return (unsigned int)((threads + block - 1) / block);
}

// ----------------------------------------------------------------------------
// reductions within a warp: the xor butterfly adds in the same pattern on every run and leaves
// the same bits in every lane

__device__ float warp_sum(float x) {
    for (int offset = 16; offset > 0; offset /= 2) {
        x += __shfl_xor_sync(0xffffffffu, x, offset);
    }
    return x;
}

__device__ float warp_max(float x) {
    for (int offset = 16; offset > 0; offset /= 2) {
        x = fmaxf(x, __shfl_xor_sync(0xffffffffu, x, offset));
    }
    return x;
}

// ----------------------------------------------------------------------------
// the layers' kernels, forward and backward
// B = batch size, T = sequence length, C = channels, V = vocabulary size, NH = heads, hs = C / NH.
// Backward kernels accumulate (+=) into gradients zeroed by cudaMemset, as the C file's do.

// one thread per (b, t, c)
__global__ void encoder_forward_kernel(float* out, const int* inp, const float* wte,
                                       const float* wpe, int B, int T, int C) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= B * T * C) {
        return;
    }
    int bt = idx / C;
    int c = idx % C;
    int t = bt % T;
    out[idx] = wte[inp[bt] * C + c] + wpe[t * C + c];
}

// dwpe: one thread per (t, c), over the batch in order
__global__ void encoder_backward_wpe_kernel(float* dwpe, const float* dout, int B, int T, int C) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= T * C) {
        return;
    }
    float acc = dwpe[idx];
    for (int b = 0; b < B; b++) {
        acc += dout[b * T * C + idx];
    }
    dwpe[idx] = acc;
}

// dwte: one thread per (vocabulary id, c), over the positions holding that id in order
// (positions[offsets[v] .. offsets[v + 1]), sorted on the host): a gather, so no two threads
// write one element
__global__ void encoder_backward_wte_kernel(float* dwte, const float* dout, const int* offsets,
                                            const int* positions, int V, int C) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= V * C) {
        return;
    }
    int v = idx / C;
    int c = idx % C;
    int begin = offsets[v];
    int end = offsets[v + 1];
    if (begin == end) {
        return;
    }
    float acc = dwte[idx];
    for (int p = begin; p < end; p++) {
        acc += dout[positions[p] * C + c];
    }
    dwte[idx] = acc;
}

// one warp per row of N = B*T rows
__global__ void layernorm_forward_kernel(float* out, float* mean, float* rstd, const float* inp,
                                         const float* weight, const float* bias, int N, int C) {
    const float eps = 1e-5f;
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    if (row >= N) {
        return;
    }
    const float* x = inp + row * C;
    float m = 0.0f;
    for (int i = lane; i < C; i += 32) {
        m += x[i];
    }
    m = warp_sum(m) / C;
    float v = 0.0f;
    for (int i = lane; i < C; i += 32) {
        float xs = x[i] - m;
        v += xs * xs;
    }
    v = warp_sum(v) / C;
    float s = 1.0f / sqrtf(v + eps);
    float* out_row = out + row * C;
    for (int i = lane; i < C; i += 32) {
        float n = s * (x[i] - m);
        out_row[i] = n * weight[i] + bias[i];
    }
    if (lane == 0) {
        mean[row] = m;
        rstd[row] = s;
    }
}

// dinp, one warp per row; the weight and bias gradients sum over rows and are
// layernorm_param_backward_kernel's
__global__ void layernorm_backward_kernel(float* dinp, const float* dout, const float* inp,
                                          const float* weight, const float* mean,
                                          const float* rstd, int N, int C) {
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    if (row >= N) {
        return;
    }
    const float* dout_row = dout + row * C;
    const float* inp_row = inp + row * C;
    float* dinp_row = dinp + row * C;
    float mean_row = mean[row];
    float rstd_row = rstd[row];

    // the two reductions of the normalisation's gradient
    float dnorm_mean = 0.0f;
    float dnorm_norm_mean = 0.0f;
    for (int i = lane; i < C; i += 32) {
        float norm_i = (inp_row[i] - mean_row) * rstd_row;
        float dnorm_i = weight[i] * dout_row[i];
        dnorm_mean += dnorm_i;
        dnorm_norm_mean += dnorm_i * norm_i;
    }
    dnorm_mean = warp_sum(dnorm_mean) / C;
    dnorm_norm_mean = warp_sum(dnorm_norm_mean) / C;

    for (int i = lane; i < C; i += 32) {
        float norm_i = (inp_row[i] - mean_row) * rstd_row;
        float dnorm_i = weight[i] * dout_row[i];
        float dval = 0.0f;
        dval += dnorm_i;
        dval -= dnorm_mean;
        dval -= norm_i * dnorm_norm_mean;
        dval *= rstd_row;
        dinp_row[i] += dval;
    }
}

// Column sums over N rows, 32 columns per block: thread (x, y) sums rows y, y + COLUMN_ROWS, ...
// of column x in order, then thread (x, 0) adds the COLUMN_ROWS partial sums in order.
__global__ void layernorm_param_backward_kernel(float* dweight, float* dbias, const float* dout,
                                                const float* inp, const float* mean,
                                                const float* rstd, int N, int C) {
    __shared__ float partial_dweight[COLUMN_ROWS][32];
    __shared__ float partial_dbias[COLUMN_ROWS][32];
    int c = blockIdx.x * 32 + threadIdx.x;
    float dw = 0.0f;
    float db = 0.0f;
    if (c < C) {
        for (int row = threadIdx.y; row < N; row += COLUMN_ROWS) {
            float norm = (inp[row * C + c] - mean[row]) * rstd[row];
            float d = dout[row * C + c];
            dw += norm * d;
            db += d;
        }
    }
    partial_dweight[threadIdx.y][threadIdx.x] = dw;
    partial_dbias[threadIdx.y][threadIdx.x] = db;
    __syncthreads();
    if (threadIdx.y == 0 && c < C) {
        float sum_dw = dweight[c];
        float sum_db = dbias[c];
        for (int k = 0; k < COLUMN_ROWS; k++) {
            sum_dw += partial_dweight[k][threadIdx.x];
            sum_db += partial_dbias[k][threadIdx.x];
        }
        dweight[c] = sum_dw;
        dbias[c] = sum_db;
    }
}

// out (N, OC) += bias (OC), one thread per element
__global__ void bias_forward_kernel(float* out, const float* bias, int N, int OC) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= N * OC) {
        return;
    }
    out[idx] += bias[idx % OC];
}

// dbias (OC) += the column sums of dout (N, OC), as layernorm_param_backward_kernel sums
__global__ void bias_backward_kernel(float* dbias, const float* dout, int N, int OC) {
    __shared__ float partial[COLUMN_ROWS][32];
    int o = blockIdx.x * 32 + threadIdx.x;
    float sum = 0.0f;
    if (o < OC) {
        for (int row = threadIdx.y; row < N; row += COLUMN_ROWS) {
            sum += dout[row * OC + o];
        }
    }
    partial[threadIdx.y][threadIdx.x] = sum;
    __syncthreads();
    if (threadIdx.y == 0 && o < OC) {
        float total = dbias[o];
        for (int k = 0; k < COLUMN_ROWS; k++) {
            total += partial[k][threadIdx.x];
        }
        dbias[o] = total;
    }
}

// qkv (B, T, 3, NH, hs) into q, k, v (B, NH, T, hs), one thread per element of each: the layout
// in which each head's products are one strided batch
__global__ void permute_kernel(float* q, float* k, float* v, const float* inp,
                               int B, int T, int NH, int hs) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= B * NH * T * hs) {
        return;
    }
    int d = idx % hs;
    int t = (idx / hs) % T;
    int h = (idx / (hs * T)) % NH;
    int b = idx / (hs * T * NH);
    int C = NH * hs;
    int from = b * T * 3 * C + t * 3 * C + h * hs + d;
    q[idx] = inp[from];
    k[idx] = inp[from + C];
    v[idx] = inp[from + 2 * C];
}

__global__ void permute_backward_kernel(float* dinp, const float* dq, const float* dk,
                                        const float* dv, int B, int T, int NH, int hs) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= B * NH * T * hs) {
        return;
    }
    int d = idx % hs;
    int t = (idx / hs) % T;
    int h = (idx / (hs * T)) % NH;
    int b = idx / (hs * T * NH);
    int C = NH * hs;
    int to = b * T * 3 * C + t * 3 * C + h * hs + d;
    dinp[to] += dq[idx];
    dinp[to + C] += dk[idx];
    dinp[to + 2 * C] += dv[idx];
}

// (B, NH, T, hs) back to (B, T, C)
__global__ void unpermute_kernel(float* out, const float* inp, int B, int T, int NH, int hs) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= B * NH * T * hs) {
        return;
    }
    int d = idx % hs;
    int t = (idx / hs) % T;
    int h = (idx / (hs * T)) % NH;
    int b = idx / (hs * T * NH);
    int C = NH * hs;
    out[b * T * C + t * C + h * hs + d] = inp[idx];
}

__global__ void unpermute_backward_kernel(float* dinp, const float* dout,
                                          int B, int T, int NH, int hs) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= B * NH * T * hs) {
        return;
    }
    int d = idx % hs;
    int t = (idx / hs) % T;
    int h = (idx / (hs * T)) % NH;
    int b = idx / (hs * T * NH);
    int C = NH * hs;
    dinp[idx] = dout[b * T * C + t * C + h * hs + d];
}

// The causal softmax of the scaled scores, one warp per row (b, h, t) of preatt (B, NH, T, T),
// which holds the unscaled q.k products; att is zero above the diagonal (the causal mask), as
// the product att @ v reads whole rows.
__global__ void attention_softmax_forward_kernel(float* att, const float* preatt, float scale,
                                                 int rows, int T) {
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    if (row >= rows) {
        return;
    }
    int t = row % T;
    const float* preatt_row = preatt + (size_t)row * T;
    float* att_row = att + (size_t)row * T;

    float maxval = -10000.0f;
    for (int t2 = lane; t2 <= t; t2 += 32) {
        maxval = fmaxf(maxval, preatt_row[t2] * scale);
    }
    maxval = warp_max(maxval);

    // the maximum subtracted so that expf cannot overflow
    float expsum = 0.0f;
    for (int t2 = lane; t2 <= t; t2 += 32) {
        float expv = expf(preatt_row[t2] * scale - maxval);
        expsum += expv;
        att_row[t2] = expv;
    }
    expsum = warp_sum(expsum);
    float expsum_inv = expsum == 0.0f ? 0.0f : 1.0f / expsum;
    for (int t2 = lane; t2 < T; t2 += 32) {
        if (t2 <= t) {
            att_row[t2] *= expsum_inv;
        } else {
            att_row[t2] = 0.0f;
        }
    }
}

// d att[t2] / d score[t3] = att[t2] * ([t2 == t3] - att[t3]), and score = scale * preatt: one
// warp per row
__global__ void attention_softmax_backward_kernel(float* dpreatt, const float* datt,
                                                  const float* att, float scale, int rows, int T) {
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    if (row >= rows) {
        return;
    }
    int t = row % T;
    const float* att_row = att + (size_t)row * T;
    const float* datt_row = datt + (size_t)row * T;
    float* dpreatt_row = dpreatt + (size_t)row * T;

    float dot = 0.0f;
    for (int t2 = lane; t2 <= t; t2 += 32) {
        dot += att_row[t2] * datt_row[t2];
    }
    dot = warp_sum(dot);
    for (int t3 = lane; t3 <= t; t3 += 32) {
        dpreatt_row[t3] += scale * att_row[t3] * (datt_row[t3] - dot);
    }
}

#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)
// the tanh approximation of x * Phi(x), as GPT-2 has it
__global__ void gelu_forward_kernel(float* out, const float* inp, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) {
        return;
    }
    float x = inp[i];
    float cube = 0.044715f * x * x * x;
    out[i] = 0.5f * x * (1.0f + tanhf(GELU_SCALING_FACTOR * (x + cube)));
}

__global__ void gelu_backward_kernel(float* dinp, const float* inp, const float* dout, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) {
        return;
    }
    float x = inp[i];
    float cube = 0.044715f * x * x * x;
    float tanh_arg = GELU_SCALING_FACTOR * (x + cube);
    float tanh_out = tanhf(tanh_arg);
    float coshf_out = coshf(tanh_arg);
    float sech_out = 1.0f / (coshf_out * coshf_out);
    float local_grad = 0.5f * (1.0f + tanh_out) +
                       x * 0.5f * sech_out * GELU_SCALING_FACTOR * (1.0f + 3.0f * 0.044715f * x * x);
    dinp[i] += local_grad * dout[i];
}

__global__ void residual_forward_kernel(float* out, const float* inp1, const float* inp2, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) {
        return;
    }
    out[i] = inp1[i] + inp2[i];
}

__global__ void residual_backward_kernel(float* dinp1, float* dinp2, const float* dout, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) {
        return;
    }
    dinp1[i] += dout[i];
    dinp2[i] += dout[i];
}

// one warp per row of N = B*T rows of V logits
__global__ void softmax_forward_kernel(float* probs, const float* logits, int N, int V) {
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    if (row >= N) {
        return;
    }
    const float* logits_row = logits + (size_t)row * V;
    float* probs_row = probs + (size_t)row * V;
    float maxval = -10000.0f;
    for (int i = lane; i < V; i += 32) {
        maxval = fmaxf(maxval, logits_row[i]);
    }
    maxval = warp_max(maxval);
    float sum = 0.0f;
    for (int i = lane; i < V; i += 32) {
        probs_row[i] = expf(logits_row[i] - maxval);
        sum += probs_row[i];
    }
    sum = warp_sum(sum);
    for (int i = lane; i < V; i += 32) {
        probs_row[i] /= sum;
    }
}

// one thread per position
__global__ void crossentropy_forward_kernel(float* losses, const float* probs, const int* targets,
                                            int N, int V) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) {
        return;
    }
    losses[i] = -logf(probs[(size_t)i * V + targets[i]]);
}

// softmax and cross-entropy together: dloss/dlogit = probability - [i == target], one thread per
// logit; every position's loss has the same gradient dloss (the loss is their mean)
__global__ void crossentropy_softmax_backward_kernel(float* dlogits, const float* probs,
                                                     const int* targets, float dloss, int N, int V) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= N * V) {
        return;
    }
    int i = idx % V;
    float p = probs[idx];
    float indicator = i == targets[idx / V] ? 1.0f : 0.0f;
    dlogits[idx] += (p - indicator) * dloss;
}

// one thread per parameter
__global__ void adamw_kernel(float* params, const float* grads, float* m_memory, float* v_memory,
                             size_t n, float learning_rate, float beta1, float beta2,
                             float beta1_correction, float beta2_correction, float eps,
                             float weight_decay) {
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) {
        return;
    }
    float param = params[i];
    float grad = grads[i];
    // the moments, their bias corrections, and the decoupled weight decay
    float m = beta1 * m_memory[i] + (1.0f - beta1) * grad;
    float v = beta2 * v_memory[i] + (1.0f - beta2) * grad * grad;
    float m_hat = m / beta1_correction;
    float v_hat = v / beta2_correction;
    m_memory[i] = m;
    v_memory[i] = v;
    params[i] -= learning_rate * (m_hat / (sqrtf(v_hat) + eps) + weight_decay * param);
}

// ----------------------------------------------------------------------------
// the layers, forward and backward, on device pointers: the kernels above and cuBLAS. cuBLAS is
// column-major; a row-major (R, K) matrix is to it a (K, R) one, its transpose.

static void encoder_forward(float* out, const int* inp, const float* wte, const float* wpe,
                            int B, int T, int C) {
    encoder_forward_kernel<<<blocks_for((size_t)B * T * C, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(
        out, inp, wte, wpe, B, T, C);
    CHECK_LAUNCH(encoder_forward_kernel);
}

static void encoder_backward(float* dwte, float* dwpe, const float* dout, const int* offsets,
                             const int* positions, int B, int T, int C, int V) {
    encoder_backward_wpe_kernel<<<blocks_for((size_t)T * C, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(
        dwpe, dout, B, T, C);
    CHECK_LAUNCH(encoder_backward_wpe_kernel);
    encoder_backward_wte_kernel<<<blocks_for((size_t)V * C, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(
        dwte, dout, offsets, positions, V, C);
    CHECK_LAUNCH(encoder_backward_wte_kernel);
}

static void layernorm_forward(float* out, float* mean, float* rstd, const float* inp,
                              const float* weight, const float* bias, int B, int T, int C) {
    int N = B * T;
    layernorm_forward_kernel<<<blocks_for((size_t)N * 32, LAYERNORM_BLOCK), LAYERNORM_BLOCK>>>(
        out, mean, rstd, inp, weight, bias, N, C);
    CHECK_LAUNCH(layernorm_forward_kernel);
}

static void layernorm_backward(float* dinp, float* dweight, float* dbias, const float* dout,
                               const float* inp, const float* weight, const float* mean,
                               const float* rstd, int B, int T, int C) {
    int N = B * T;
    layernorm_backward_kernel<<<blocks_for((size_t)N * 32, LAYERNORM_BLOCK), LAYERNORM_BLOCK>>>(
        dinp, dout, inp, weight, mean, rstd, N, C);
    CHECK_LAUNCH(layernorm_backward_kernel);
    layernorm_param_backward_kernel<<<blocks_for(C, 32), dim3(32, COLUMN_ROWS)>>>(
        dweight, dbias, dout, inp, mean, rstd, N, C);
    CHECK_LAUNCH(layernorm_param_backward_kernel);
}

// out (B,T,OC) = inp (B,T,C) @ weight (OC,C)^T + bias (OC)
static void matmul_forward(float* out, const float* inp, const float* weight, const float* bias,
                           int B, int T, int C, int OC) {
    const float one = 1.0f;
    const float zero = 0.0f;
    CUBLAS_CHECK(cublasSgemm(cublas_handle, CUBLAS_OP_T, CUBLAS_OP_N, OC, B * T, C, &one, weight, C,
                             inp, C, &zero, out, OC));
    if (bias != NULL) {
        bias_forward_kernel<<<blocks_for((size_t)B * T * OC, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(
            out, bias, B * T, OC);
        CHECK_LAUNCH(bias_forward_kernel);
    }
}

// dinp += dout @ weight, dweight += dout^T @ inp, dbias += the column sums of dout
static void matmul_backward(float* dinp, float* dweight, float* dbias, const float* dout,
                            const float* inp, const float* weight, int B, int T, int C, int OC) {
    const float one = 1.0f;
    CUBLAS_CHECK(cublasSgemm(cublas_handle, CUBLAS_OP_N, CUBLAS_OP_N, C, B * T, OC, &one, weight, C,
                             dout, OC, &one, dinp, C));
    CUBLAS_CHECK(cublasSgemm(cublas_handle, CUBLAS_OP_N, CUBLAS_OP_T, C, OC, B * T, &one, inp, C,
                             dout, OC, &one, dweight, C));
    if (dbias != NULL) {
        bias_backward_kernel<<<blocks_for(OC, 32), dim3(32, COLUMN_ROWS)>>>(dbias, dout, B * T, OC);
        CHECK_LAUNCH(bias_backward_kernel);
    }
}

// the buffers attention works in, (B, NH, T, hs) each, shared by all layers
typedef struct {
    float* q;
    float* k;
    float* v;
    float* vaccum; // att @ v
    float* dq;
    float* dk;
    float* dv;
    float* dvaccum;
} AttentionScratch;

// inp (B,T,3C) holds query, key, value; preatt (the unscaled q.k) and att are (B,NH,T,T); out is
// (B,T,C). One strided batch of B*NH products per step, each a head's (T, hs) matrices.
static void attention_forward(float* out, float* preatt, float* att, const float* inp,
                              const AttentionScratch* s, int B, int T, int C, int NH) {
    int hs = C / NH;
    float scale = 1.0 / sqrtf(hs);
    const float one = 1.0f;
    const float zero = 0.0f;
    size_t n = (size_t)B * T * C;
    permute_kernel<<<blocks_for(n, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(s->q, s->k, s->v, inp, B, T, NH, hs);
    CHECK_LAUNCH(permute_kernel);
    // preatt[t][t2] = q[t] . k[t2]
    CUBLAS_CHECK(cublasSgemmStridedBatched(cublas_handle, CUBLAS_OP_T, CUBLAS_OP_N, T, T, hs, &one,
                                           s->k, hs, (long long)T * hs, s->q, hs, (long long)T * hs,
                                           &zero, preatt, T, (long long)T * T, B * NH));
    int rows = B * NH * T;
    attention_softmax_forward_kernel<<<blocks_for((size_t)rows * 32, SOFTMAX_BLOCK), SOFTMAX_BLOCK>>>(
        att, preatt, scale, rows, T);
    CHECK_LAUNCH(attention_softmax_forward_kernel);
    // vaccum = att @ v
    CUBLAS_CHECK(cublasSgemmStridedBatched(cublas_handle, CUBLAS_OP_N, CUBLAS_OP_N, hs, T, T, &one,
                                           s->v, hs, (long long)T * hs, att, T, (long long)T * T,
                                           &zero, s->vaccum, hs, (long long)T * hs, B * NH));
    unpermute_kernel<<<blocks_for(n, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(out, s->vaccum, B, T, NH, hs);
    CHECK_LAUNCH(unpermute_kernel);
}

// dpreatt is the gradient of the unscaled q.k products; dinp, dpreatt and datt accumulate
static void attention_backward(float* dinp, float* dpreatt, float* datt, const float* dout,
                               const float* inp, const float* att, const AttentionScratch* s,
                               int B, int T, int C, int NH) {
    int hs = C / NH;
    float scale = 1.0 / sqrtf(hs);
    const float one = 1.0f;
    const float zero = 0.0f;
    size_t n = (size_t)B * T * C;
    long long head = (long long)T * hs;
    long long square = (long long)T * T;
    permute_kernel<<<blocks_for(n, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(s->q, s->k, s->v, inp, B, T, NH, hs);
    CHECK_LAUNCH(permute_kernel);
    unpermute_backward_kernel<<<blocks_for(n, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(
        s->dvaccum, dout, B, T, NH, hs);
    CHECK_LAUNCH(unpermute_backward_kernel);
    // datt += dvaccum @ v^T, dv = att^T @ dvaccum
    CUBLAS_CHECK(cublasSgemmStridedBatched(cublas_handle, CUBLAS_OP_T, CUBLAS_OP_N, T, T, hs, &one,
                                           s->v, hs, head, s->dvaccum, hs, head, &one, datt, T,
                                           square, B * NH));
    CUBLAS_CHECK(cublasSgemmStridedBatched(cublas_handle, CUBLAS_OP_N, CUBLAS_OP_T, hs, T, T, &one,
                                           s->dvaccum, hs, head, att, T, square, &zero, s->dv, hs,
                                           head, B * NH));
    int rows = B * NH * T;
    attention_softmax_backward_kernel<<<blocks_for((size_t)rows * 32, SOFTMAX_BLOCK), SOFTMAX_BLOCK>>>(
        dpreatt, datt, att, scale, rows, T);
    CHECK_LAUNCH(attention_softmax_backward_kernel);
    // dq = dpreatt @ k, dk = dpreatt^T @ q
    CUBLAS_CHECK(cublasSgemmStridedBatched(cublas_handle, CUBLAS_OP_N, CUBLAS_OP_N, hs, T, T, &one,
                                           s->k, hs, head, dpreatt, T, square, &zero, s->dq, hs,
                                           head, B * NH));
    CUBLAS_CHECK(cublasSgemmStridedBatched(cublas_handle, CUBLAS_OP_N, CUBLAS_OP_T, hs, T, T, &one,
                                           s->q, hs, head, dpreatt, T, square, &zero, s->dk, hs,
                                           head, B * NH));
    permute_backward_kernel<<<blocks_for(n, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(
        dinp, s->dq, s->dk, s->dv, B, T, NH, hs);
    CHECK_LAUNCH(permute_backward_kernel);
}

static void gelu_forward(float* out, const float* inp, int N) {
    gelu_forward_kernel<<<blocks_for(N, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(out, inp, N);
    CHECK_LAUNCH(gelu_forward_kernel);
}

static void gelu_backward(float* dinp, const float* inp, const float* dout, int N) {
    gelu_backward_kernel<<<blocks_for(N, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(dinp, inp, dout, N);
    CHECK_LAUNCH(gelu_backward_kernel);
}

static void residual_forward(float* out, const float* inp1, const float* inp2, int N) {
    residual_forward_kernel<<<blocks_for(N, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(out, inp1, inp2, N);
    CHECK_LAUNCH(residual_forward_kernel);
}

static void residual_backward(float* dinp1, float* dinp2, const float* dout, int N) {
    residual_backward_kernel<<<blocks_for(N, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(dinp1, dinp2, dout, N);
    CHECK_LAUNCH(residual_backward_kernel);
}

static void softmax_forward(float* probs, const float* logits, int B, int T, int V) {
    int N = B * T;
    softmax_forward_kernel<<<blocks_for((size_t)N * 32, SOFTMAX_BLOCK), SOFTMAX_BLOCK>>>(probs, logits, N, V);
    CHECK_LAUNCH(softmax_forward_kernel);
}

static void crossentropy_forward(float* losses, const float* probs, const int* targets,
                                 int B, int T, int V) {
    int N = B * T;
    crossentropy_forward_kernel<<<blocks_for(N, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(
        losses, probs, targets, N, V);
    CHECK_LAUNCH(crossentropy_forward_kernel);
}

static void crossentropy_softmax_backward(float* dlogits, const float* probs, const int* targets,
                                          float dloss, int B, int T, int V) {
    int N = B * T;
    crossentropy_softmax_backward_kernel<<<blocks_for((size_t)N * V, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(
        dlogits, probs, targets, dloss, N, V);
    CHECK_LAUNCH(crossentropy_softmax_backward_kernel);
}

// ----------------------------------------------------------------------------
// the model: train_gpt2.c's, its memory on the device

typedef struct {
    int max_seq_len; // T
    int vocab_size;  // V
    int num_layers;  // L
    int num_heads;   // NH
    int channels;    // C
} GPT2Config;

#define NUM_PARAMETER_TENSORS 16
typedef struct {
    float* wte;      // (V, C), also the output projection (tied)
    float* wpe;      // (maxT, C)
    float* ln1w;     // (L, C)
    float* ln1b;     // (L, C)
    float* qkvw;     // (L, 3*C, C)
    float* qkvb;     // (L, 3*C)
    float* attprojw; // (L, C, C)
    float* attprojb; // (L, C)
    float* ln2w;     // (L, C)
    float* ln2b;     // (L, C)
    float* fcw;      // (L, 4*C, C)
    float* fcb;      // (L, 4*C)
    float* fcprojw;  // (L, C, 4*C)
    float* fcprojb;  // (L, C)
    float* lnfw;     // (C)
    float* lnfb;     // (C)
} ParameterTensors;

void fill_in_parameter_sizes(size_t* param_sizes, GPT2Config config) {
    size_t V = config.vocab_size, maxT = config.max_seq_len;
    size_t L = config.num_layers, C = config.channels;
    param_sizes[0] = V * C;
    param_sizes[1] = maxT * C;
    param_sizes[2] = L * C;
    param_sizes[3] = L * C;
    param_sizes[4] = L * (3 * C) * C;
    param_sizes[5] = L * (3 * C);
    param_sizes[6] = L * C * C;
    param_sizes[7] = L * C;
    param_sizes[8] = L * C;
    param_sizes[9] = L * C;
    param_sizes[10] = L * (4 * C) * C;
    param_sizes[11] = L * (4 * C);
    param_sizes[12] = L * C * (4 * C);
    param_sizes[13] = L * C;
    param_sizes[14] = C;
    param_sizes[15] = C;
}

static size_t sum_sizes(const size_t* sizes, int count) {
    size_t total = 0;
    for (int i = 0; i < count; i++) {
        total += sizes[i];
    }
    return total;
}

// One allocation for a set of tensors, zeroed, on the device or (host != 0) the host; ptrs[i] is
// pointed at its slice.
float* malloc_and_point(float** ptrs[], const size_t* sizes, int count, int host) {
    size_t total = sum_sizes(sizes, count);
    float* memory;
    if (host) {
        memory = (float*)calloc(total, sizeof(float));
        if (memory == NULL) {
            fprintf(stderr, "train_gpt2: out of memory allocating %zu floats\n", total);
            exit(EXIT_FAILURE);
        }
    } else {
        CUDA_CHECK(cudaMalloc((void**)&memory, total * sizeof(float)));
        CUDA_CHECK(cudaMemset(memory, 0, total * sizeof(float)));
    }
    float* next = memory;
    for (int i = 0; i < count; i++) {
        *(ptrs[i]) = next;
        next += sizes[i];
    }
    return memory;
}

float* malloc_and_point_parameters(ParameterTensors* params, const size_t* param_sizes, int host) {
    float** ptrs[] = {
        &params->wte, &params->wpe, &params->ln1w, &params->ln1b, &params->qkvw, &params->qkvb,
        &params->attprojw, &params->attprojb, &params->ln2w, &params->ln2b, &params->fcw,
        &params->fcb, &params->fcprojw, &params->fcprojb, &params->lnfw, &params->lnfb};
    return malloc_and_point(ptrs, param_sizes, NUM_PARAMETER_TENSORS, host);
}

#define NUM_ACTIVATION_TENSORS 23
typedef struct {
    float* encoded;   // (B, T, C)
    float* ln1;       // (L, B, T, C)
    float* ln1_mean;  // (L, B, T)
    float* ln1_rstd;  // (L, B, T)
    float* qkv;       // (L, B, T, 3*C)
    float* atty;      // (L, B, T, C)
    float* preatt;    // (L, B, NH, T, T), unscaled q.k (the C file's holds them scaled)
    float* att;       // (L, B, NH, T, T)
    float* attproj;   // (L, B, T, C)
    float* residual2; // (L, B, T, C)
    float* ln2;       // (L, B, T, C)
    float* ln2_mean;  // (L, B, T)
    float* ln2_rstd;  // (L, B, T)
    float* fch;       // (L, B, T, 4*C)
    float* fch_gelu;  // (L, B, T, 4*C)
    float* fcproj;    // (L, B, T, C)
    float* residual3; // (L, B, T, C)
    float* lnf;       // (B, T, C)
    float* lnf_mean;  // (B, T)
    float* lnf_rstd;  // (B, T)
    float* logits;    // (B, T, V)
    float* probs;     // (B, T, V)
    float* losses;    // (B, T)
} ActivationTensors;

void fill_in_activation_sizes(size_t* act_sizes, GPT2Config config, int B, int T) {
    size_t V = config.vocab_size, L = config.num_layers, NH = config.num_heads;
    size_t C = config.channels, BT = (size_t)B * T;
    act_sizes[0] = BT * C;
    act_sizes[1] = L * BT * C;
    act_sizes[2] = L * BT;
    act_sizes[3] = L * BT;
    act_sizes[4] = L * BT * 3 * C;
    act_sizes[5] = L * BT * C;
    act_sizes[6] = L * B * NH * T * T;
    act_sizes[7] = L * B * NH * T * T;
    act_sizes[8] = L * BT * C;
    act_sizes[9] = L * BT * C;
    act_sizes[10] = L * BT * C;
    act_sizes[11] = L * BT;
    act_sizes[12] = L * BT;
    act_sizes[13] = L * BT * 4 * C;
    act_sizes[14] = L * BT * 4 * C;
    act_sizes[15] = L * BT * C;
    act_sizes[16] = L * BT * C;
    act_sizes[17] = BT * C;
    act_sizes[18] = BT;
    act_sizes[19] = BT;
    act_sizes[20] = BT * V;
    act_sizes[21] = BT * V;
    act_sizes[22] = BT;
}

float* malloc_and_point_activations(ActivationTensors* acts, const size_t* act_sizes) {
    float** ptrs[] = {
        &acts->encoded, &acts->ln1, &acts->ln1_mean, &acts->ln1_rstd, &acts->qkv, &acts->atty,
        &acts->preatt, &acts->att, &acts->attproj, &acts->residual2, &acts->ln2, &acts->ln2_mean,
        &acts->ln2_rstd, &acts->fch, &acts->fch_gelu, &acts->fcproj, &acts->residual3, &acts->lnf,
        &acts->lnf_mean, &acts->lnf_rstd, &acts->logits, &acts->probs, &acts->losses};
    return malloc_and_point(ptrs, act_sizes, NUM_ACTIVATION_TENSORS, 0);
}

// The gradients of the activations. Unlike the C file's, which mirror the activations, one layer's
// set is kept and reused by every layer (zeroed before each): that keeps the gpt2s config within
// about 1.5 GB. The gradient of the residual stream alternates between two buffers, one layer's
// output gradient and its input gradient.
#define NUM_GRAD_ACTIVATION_TENSORS 15
#define NUM_LAYER_GRAD_TENSORS 11
typedef struct {
    float* residual[2]; // (B, T, C) each
    float* lnf;         // (B, T, C)
    float* logits;      // (B, T, V)
    // one layer's, NUM_LAYER_GRAD_TENSORS of them, contiguous
    float* residual2;   // (B, T, C)
    float* fcproj;      // (B, T, C)
    float* fch_gelu;    // (B, T, 4*C)
    float* fch;         // (B, T, 4*C)
    float* ln2;         // (B, T, C)
    float* attproj;     // (B, T, C)
    float* atty;        // (B, T, C)
    float* att;         // (B, NH, T, T)
    float* preatt;      // (B, NH, T, T)
    float* qkv;         // (B, T, 3*C)
    float* ln1;         // (B, T, C)
} GradActivations;

void fill_in_grad_activation_sizes(size_t* sizes, GPT2Config config, int B, int T) {
    size_t V = config.vocab_size, NH = config.num_heads;
    size_t C = config.channels, BT = (size_t)B * T;
    size_t layer[NUM_LAYER_GRAD_TENSORS] = {
        BT * C, BT * C, BT * 4 * C, BT * 4 * C, BT * C, BT * C, BT * C,
        B * NH * T * T, B * NH * T * T, BT * 3 * C, BT * C};
    sizes[0] = BT * C;
    sizes[1] = BT * C;
    sizes[2] = BT * C;
    sizes[3] = BT * V;
    for (int i = 0; i < NUM_LAYER_GRAD_TENSORS; i++) {
        sizes[4 + i] = layer[i];
    }
}

float* malloc_and_point_grad_activations(GradActivations* g, const size_t* sizes) {
    float** ptrs[] = {
        &g->residual[0], &g->residual[1], &g->lnf, &g->logits, &g->residual2, &g->fcproj,
        &g->fch_gelu, &g->fch, &g->ln2, &g->attproj, &g->atty, &g->att, &g->preatt, &g->qkv,
        &g->ln1};
    return malloc_and_point(ptrs, sizes, NUM_GRAD_ACTIVATION_TENSORS, 0);
}

// Layer l's view of the per-layer tensors (L slices each): the same struct with those pointers
// moved to layer l's slice; the others (wte, wpe, lnfw, lnfb) are left as they are. It serves the
// weights and their gradients alike, which share a layout.
ParameterTensors layer_parameters(ParameterTensors p, const size_t* param_sizes, int L, int l) {
    p.ln1w += l * (param_sizes[2] / L);
    p.ln1b += l * (param_sizes[3] / L);
    p.qkvw += l * (param_sizes[4] / L);
    p.qkvb += l * (param_sizes[5] / L);
    p.attprojw += l * (param_sizes[6] / L);
    p.attprojb += l * (param_sizes[7] / L);
    p.ln2w += l * (param_sizes[8] / L);
    p.ln2b += l * (param_sizes[9] / L);
    p.fcw += l * (param_sizes[10] / L);
    p.fcb += l * (param_sizes[11] / L);
    p.fcprojw += l * (param_sizes[12] / L);
    p.fcprojb += l * (param_sizes[13] / L);
    return p;
}

// the same for the activations: tensors 1 to 16 have L slices
ActivationTensors layer_activations(ActivationTensors a, const size_t* act_sizes, int L, int l) {
    a.ln1 += l * (act_sizes[1] / L);
    a.ln1_mean += l * (act_sizes[2] / L);
    a.ln1_rstd += l * (act_sizes[3] / L);
    a.qkv += l * (act_sizes[4] / L);
    a.atty += l * (act_sizes[5] / L);
    a.preatt += l * (act_sizes[6] / L);
    a.att += l * (act_sizes[7] / L);
    a.attproj += l * (act_sizes[8] / L);
    a.residual2 += l * (act_sizes[9] / L);
    a.ln2 += l * (act_sizes[10] / L);
    a.ln2_mean += l * (act_sizes[11] / L);
    a.ln2_rstd += l * (act_sizes[12] / L);
    a.fch += l * (act_sizes[13] / L);
    a.fch_gelu += l * (act_sizes[14] / L);
    a.fcproj += l * (act_sizes[15] / L);
    a.residual3 += l * (act_sizes[16] / L);
    return a;
}

typedef struct {
    GPT2Config config;
    // the weights, their gradients and AdamW's moments, each in one device allocation
    ParameterTensors params;
    size_t param_sizes[NUM_PARAMETER_TENSORS];
    float* params_memory;
    size_t num_parameters;
    ParameterTensors grads;
    float* grads_memory;
    float* m_memory;
    float* v_memory;
    // the activations and their gradients, allocated by the first forward pass for its B, T
    ActivationTensors acts;
    size_t act_sizes[NUM_ACTIVATION_TENSORS];
    float* acts_memory;
    GradActivations grads_acts;
    size_t grad_act_sizes[NUM_GRAD_ACTIVATION_TENSORS];
    float* grads_acts_memory;
    AttentionScratch scratch;
    float* scratch_memory;
    int batch_size;
    int seq_len;
    int* inputs;  // device, B*T
    int* targets; // device, B*T
    int* inputs_host;
    float* losses_host;
    // the positions of each vocabulary id in the batch, for encoder_backward: host and device
    int* token_offsets_host;   // V + 1
    int* token_cursor_host;    // V
    int* token_positions_host; // B*T
    int* token_offsets;
    int* token_positions;
    float mean_loss; // -1 after a forward pass without targets
} GPT2;

// The weights are made on the host exactly as train_gpt2.c makes them (data.c's generator), then
// copied to the device.
void gpt2_build_from_random(GPT2* model, GPT2Config config, uint64_t seed) {
    memset(model, 0, sizeof(*model));
    model->config = config;
    fill_in_parameter_sizes(model->param_sizes, config);
    model->num_parameters = sum_sizes(model->param_sizes, NUM_PARAMETER_TENSORS);
    model->mean_loss = -1.0f;

    // GPT-2's initialisation: normal weights, the projections into the residual stream scaled
    // down with depth, zero biases, unit layernorm gains
    ParameterTensors host;
    float* host_memory = malloc_and_point_parameters(&host, model->param_sizes, 1);
    ParameterTensors* p = &host;
    const size_t* sizes = model->param_sizes;
    float residual_std = residual_init_std(0.02f, config.num_layers);
    Rng rng;
    rng_seed(&rng, seed);
    fill_normal(p->wte, sizes[0], 0.02f, &rng);
    fill_normal(p->wpe, sizes[1], 0.01f, &rng);
    fill_normal(p->qkvw, sizes[4], 0.02f, &rng);
    fill_normal(p->attprojw, sizes[6], residual_std, &rng);
    fill_normal(p->fcw, sizes[10], 0.02f, &rng);
    fill_normal(p->fcprojw, sizes[12], residual_std, &rng);
    for (size_t i = 0; i < sizes[2]; i++) {
        p->ln1w[i] = 1.0f;
        p->ln2w[i] = 1.0f;
    }
    for (size_t i = 0; i < sizes[14]; i++) {
        p->lnfw[i] = 1.0f;
    }

    model->params_memory = malloc_and_point_parameters(&model->params, model->param_sizes, 0);
    CUDA_CHECK(cudaMemcpy(model->params_memory, host_memory, model->num_parameters * sizeof(float),
                          cudaMemcpyHostToDevice));
    free(host_memory);
}

static void* malloc_or_exit(size_t bytes) {
    void* memory = malloc(bytes);
    if (memory == NULL) {
        fprintf(stderr, "train_gpt2: out of memory\n");
        exit(EXIT_FAILURE);
    }
    return memory;
}

void gpt2_forward(GPT2* model, const int* inputs, const int* targets, int B, int T) {
    int V = model->config.vocab_size;
    int L = model->config.num_layers;
    int NH = model->config.num_heads;
    int C = model->config.channels;

    if (model->acts_memory == NULL) {
        model->batch_size = B;
        model->seq_len = T;
        fill_in_activation_sizes(model->act_sizes, model->config, B, T);
        // the kernels index with int, like the C file's loops
        for (int i = 0; i < NUM_ACTIVATION_TENSORS; i++) {
            if (model->act_sizes[i] > INT_MAX) {
                fprintf(stderr, "train_gpt2: an activation of %zu floats is too large (at most %d)\n",
                        model->act_sizes[i], INT_MAX);
                exit(EXIT_FAILURE);
            }
        }
        model->acts_memory = malloc_and_point_activations(&model->acts, model->act_sizes);
        size_t BTC = (size_t)B * T * C;
        size_t scratch_sizes[8] = {BTC, BTC, BTC, BTC, BTC, BTC, BTC, BTC};
        AttentionScratch* s = &model->scratch;
        float** scratch_ptrs[8] = {&s->q, &s->k, &s->v, &s->vaccum, &s->dq, &s->dk, &s->dv, &s->dvaccum};
        model->scratch_memory = malloc_and_point(scratch_ptrs, scratch_sizes, 8, 0);
        CUDA_CHECK(cudaMalloc((void**)&model->inputs, (size_t)B * T * sizeof(int)));
        CUDA_CHECK(cudaMalloc((void**)&model->targets, (size_t)B * T * sizeof(int)));
        model->inputs_host = (int*)malloc_or_exit((size_t)B * T * sizeof(int));
        model->losses_host = (float*)malloc_or_exit((size_t)B * T * sizeof(float));
    } else if (B != model->batch_size || T != model->seq_len) {
        fprintf(stderr, "train_gpt2: batch %dx%d, but the activations are sized for %dx%d\n",
                B, T, model->batch_size, model->seq_len);
        exit(EXIT_FAILURE);
    }
    memcpy(model->inputs_host, inputs, (size_t)B * T * sizeof(int));
    CUDA_CHECK(cudaMemcpy(model->inputs, inputs, (size_t)B * T * sizeof(int), cudaMemcpyHostToDevice));
    if (targets != NULL) {
        CUDA_CHECK(cudaMemcpy(model->targets, targets, (size_t)B * T * sizeof(int), cudaMemcpyHostToDevice));
    }

    ParameterTensors params = model->params;
    ActivationTensors acts = model->acts;
    float* residual;
    encoder_forward(acts.encoded, model->inputs, params.wte, params.wpe, B, T, C);
    for (int l = 0; l < L; l++) {
        residual = l == 0 ? acts.encoded : acts.residual3 + (l - 1) * B * T * C;

        ParameterTensors lp = layer_parameters(params, model->param_sizes, L, l);
        ActivationTensors la = layer_activations(acts, model->act_sizes, L, l);
        layernorm_forward(la.ln1, la.ln1_mean, la.ln1_rstd, residual, lp.ln1w, lp.ln1b, B, T, C);
        matmul_forward(la.qkv, la.ln1, lp.qkvw, lp.qkvb, B, T, C, 3 * C);
        attention_forward(la.atty, la.preatt, la.att, la.qkv, &model->scratch, B, T, C, NH);
        matmul_forward(la.attproj, la.atty, lp.attprojw, lp.attprojb, B, T, C, C);
        residual_forward(la.residual2, residual, la.attproj, B * T * C);
        layernorm_forward(la.ln2, la.ln2_mean, la.ln2_rstd, la.residual2, lp.ln2w, lp.ln2b, B, T, C);
        matmul_forward(la.fch, la.ln2, lp.fcw, lp.fcb, B, T, C, 4 * C);
        gelu_forward(la.fch_gelu, la.fch, B * T * 4 * C);
        matmul_forward(la.fcproj, la.fch_gelu, lp.fcprojw, lp.fcprojb, B, T, 4 * C, C);
        residual_forward(la.residual3, la.residual2, la.fcproj, B * T * C);
    }
    residual = acts.residual3 + (L - 1) * B * T * C;
    layernorm_forward(acts.lnf, acts.lnf_mean, acts.lnf_rstd, residual, params.lnfw, params.lnfb, B, T, C);
    matmul_forward(acts.logits, acts.lnf, params.wte, NULL, B, T, C, V);
    softmax_forward(acts.probs, acts.logits, B, T, V);

    if (targets != NULL) {
        crossentropy_forward(acts.losses, acts.probs, model->targets, B, T, V);
        // the mean on the host, in float and in index order, as the C file sums
        CUDA_CHECK(cudaMemcpy(model->losses_host, acts.losses, (size_t)B * T * sizeof(float),
                              cudaMemcpyDeviceToHost));
        float mean_loss = 0.0f;
        for (int i = 0; i < B * T; i++) {
            mean_loss += model->losses_host[i];
        }
        mean_loss /= B * T;
        model->mean_loss = mean_loss;
    } else {
        model->mean_loss = -1.0f;
    }
}

void gpt2_zero_grad(GPT2* model) {
    if (model->grads_memory != NULL) {
        CUDA_CHECK(cudaMemset(model->grads_memory, 0, model->num_parameters * sizeof(float)));
    }
    if (model->grads_acts_memory != NULL) {
        size_t n = sum_sizes(model->grad_act_sizes, NUM_GRAD_ACTIVATION_TENSORS);
        CUDA_CHECK(cudaMemset(model->grads_acts_memory, 0, n * sizeof(float)));
    }
}

// For each vocabulary id the positions of the batch that hold it, in increasing order (a counting
// sort), so that encoder_backward's threads each gather one row of dwte.
static void index_tokens(GPT2* model) {
    int V = model->config.vocab_size;
    int N = model->batch_size * model->seq_len;
    int* offsets = model->token_offsets_host;
    int* cursor = model->token_cursor_host;
    memset(offsets, 0, (size_t)(V + 1) * sizeof(int));
    for (int p = 0; p < N; p++) {
        offsets[model->inputs_host[p] + 1]++;
    }
    for (int v = 0; v < V; v++) {
        offsets[v + 1] += offsets[v];
    }
    memcpy(cursor, offsets, (size_t)V * sizeof(int));
    for (int p = 0; p < N; p++) {
        model->token_positions_host[cursor[model->inputs_host[p]]++] = p;
    }
    CUDA_CHECK(cudaMemcpy(model->token_offsets, offsets, (size_t)(V + 1) * sizeof(int),
                          cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(model->token_positions, model->token_positions_host, (size_t)N * sizeof(int),
                          cudaMemcpyHostToDevice));
}

void gpt2_backward(GPT2* model) {
    if (model->mean_loss == -1.0f) {
        fprintf(stderr, "train_gpt2: backward needs a forward pass with targets first\n");
        exit(EXIT_FAILURE);
    }
    int B = model->batch_size;
    int T = model->seq_len;
    int V = model->config.vocab_size;
    int L = model->config.num_layers;
    int NH = model->config.num_heads;
    int C = model->config.channels;
    if (model->grads_memory == NULL) {
        model->grads_memory = malloc_and_point_parameters(&model->grads, model->param_sizes, 0);
        fill_in_grad_activation_sizes(model->grad_act_sizes, model->config, B, T);
        model->grads_acts_memory = malloc_and_point_grad_activations(&model->grads_acts, model->grad_act_sizes);
        model->token_offsets_host = (int*)malloc_or_exit((size_t)(V + 1) * sizeof(int));
        model->token_cursor_host = (int*)malloc_or_exit((size_t)V * sizeof(int));
        model->token_positions_host = (int*)malloc_or_exit((size_t)B * T * sizeof(int));
        CUDA_CHECK(cudaMalloc((void**)&model->token_offsets, (size_t)(V + 1) * sizeof(int)));
        CUDA_CHECK(cudaMalloc((void**)&model->token_positions, (size_t)B * T * sizeof(int)));
    }
    ParameterTensors params = model->params;
    ParameterTensors grads = model->grads;
    ActivationTensors acts = model->acts;
    GradActivations ga = model->grads_acts;
    size_t layer_grads_size = sum_sizes(model->grad_act_sizes + 4, NUM_LAYER_GRAD_TENSORS);

    // the loss is the mean over B*T positions: each position's loss gets 1/(B*T) of the gradient
    float dloss_mean = 1.0f / (B * T);
    crossentropy_softmax_backward(ga.logits, acts.probs, model->targets, dloss_mean, B, T, V);
    matmul_backward(ga.lnf, grads.wte, NULL, ga.logits, acts.lnf, params.wte, B, T, C, V);
    float* residual = acts.residual3 + (L - 1) * B * T * C;
    int out = 0; // ga.residual[out]: the gradient of the current layer's output
    layernorm_backward(ga.residual[out], grads.lnfw, grads.lnfb, ga.lnf, residual, params.lnfw,
                       acts.lnf_mean, acts.lnf_rstd, B, T, C);

    for (int l = L - 1; l >= 0; l--) {
        residual = l == 0 ? acts.encoded : acts.residual3 + (l - 1) * B * T * C;
        float* dresidual = ga.residual[1 - out]; // the gradient of this layer's input
        float* dresidual3 = ga.residual[out];
        CUDA_CHECK(cudaMemset(dresidual, 0, (size_t)B * T * C * sizeof(float)));
        CUDA_CHECK(cudaMemset(ga.residual2, 0, layer_grads_size * sizeof(float)));

        // this layer's weights, activations and their gradients
        ParameterTensors lp = layer_parameters(params, model->param_sizes, L, l);
        ParameterTensors lg = layer_parameters(grads, model->param_sizes, L, l);
        ActivationTensors la = layer_activations(acts, model->act_sizes, L, l);
        GradActivations lga = ga; // one layer's set, the same for every layer

        residual_backward(lga.residual2, lga.fcproj, dresidual3, B * T * C);
        matmul_backward(lga.fch_gelu, lg.fcprojw, lg.fcprojb, lga.fcproj, la.fch_gelu, lp.fcprojw, B, T, 4 * C, C);
        gelu_backward(lga.fch, la.fch, lga.fch_gelu, B * T * 4 * C);
        matmul_backward(lga.ln2, lg.fcw, lg.fcb, lga.fch, la.ln2, lp.fcw, B, T, C, 4 * C);
        layernorm_backward(lga.residual2, lg.ln2w, lg.ln2b, lga.ln2, la.residual2, lp.ln2w, la.ln2_mean,
                           la.ln2_rstd, B, T, C);
        residual_backward(dresidual, lga.attproj, lga.residual2, B * T * C);
        matmul_backward(lga.atty, lg.attprojw, lg.attprojb, lga.attproj, la.atty, lp.attprojw, B, T, C, C);
        attention_backward(lga.qkv, lga.preatt, lga.att, lga.atty, la.qkv, la.att, &model->scratch,
                           B, T, C, NH);
        matmul_backward(lga.ln1, lg.qkvw, lg.qkvb, lga.qkv, la.ln1, lp.qkvw, B, T, C, 3 * C);
        layernorm_backward(dresidual, lg.ln1w, lg.ln1b, lga.ln1, residual, lp.ln1w, la.ln1_mean, la.ln1_rstd,
                           B, T, C);
        out = 1 - out;
    }
    index_tokens(model);
    encoder_backward(grads.wte, grads.wpe, ga.residual[out], model->token_offsets,
                     model->token_positions, B, T, C, V);
}

void gpt2_update(GPT2* model, float learning_rate, float beta1, float beta2, float eps,
                 float weight_decay, int t) {
    if (model->m_memory == NULL) {
        CUDA_CHECK(cudaMalloc((void**)&model->m_memory, model->num_parameters * sizeof(float)));
        CUDA_CHECK(cudaMalloc((void**)&model->v_memory, model->num_parameters * sizeof(float)));
        CUDA_CHECK(cudaMemset(model->m_memory, 0, model->num_parameters * sizeof(float)));
        CUDA_CHECK(cudaMemset(model->v_memory, 0, model->num_parameters * sizeof(float)));
    }
    // on the host, once per step, as the C file computes them
    float beta1_correction = 1.0f - powf(beta1, t);
    float beta2_correction = 1.0f - powf(beta2, t);
    adamw_kernel<<<blocks_for(model->num_parameters, ELEMENTWISE_BLOCK), ELEMENTWISE_BLOCK>>>(
        model->params_memory, model->grads_memory, model->m_memory, model->v_memory,
        model->num_parameters, learning_rate, beta1, beta2, beta1_correction, beta2_correction, eps,
        weight_decay);
    CHECK_LAUNCH(adamw_kernel);
}

void gpt2_free(GPT2* model) {
    CUDA_CHECK(cudaFree(model->params_memory));
    CUDA_CHECK(cudaFree(model->grads_memory));
    CUDA_CHECK(cudaFree(model->m_memory));
    CUDA_CHECK(cudaFree(model->v_memory));
    CUDA_CHECK(cudaFree(model->acts_memory));
    CUDA_CHECK(cudaFree(model->grads_acts_memory));
    CUDA_CHECK(cudaFree(model->scratch_memory));
    CUDA_CHECK(cudaFree(model->inputs));
    CUDA_CHECK(cudaFree(model->targets));
    CUDA_CHECK(cudaFree(model->token_offsets));
    CUDA_CHECK(cudaFree(model->token_positions));
    free(model->inputs_host);
    free(model->losses_host);
    free(model->token_offsets_host);
    free(model->token_cursor_host);
    free(model->token_positions_host);
}

// ----------------------------------------------------------------------------
// data loader: consecutive windows of B*T+1 tokens (inputs and targets shifted by one), wrapping
// around at the end of the stream

typedef struct {
    const int* tokens;
    size_t num_tokens;
    int B;
    int T;
    size_t current_position;
    int* batch;   // B*T+1 tokens
    int* inputs;  // batch
    int* targets; // batch + 1
} DataLoader;

void dataloader_init(DataLoader* loader, const int* tokens, size_t num_tokens, int B, int T) {
    size_t window = (size_t)B * T + 1;
    if (num_tokens < window) {
        fprintf(stderr, "train_gpt2: %zu tokens are too few for a batch of %dx%d\n", num_tokens, B, T);
        exit(EXIT_FAILURE);
    }
    loader->tokens = tokens;
    loader->num_tokens = num_tokens;
    loader->B = B;
    loader->T = T;
    loader->current_position = 0;
    loader->batch = (int*)malloc(window * sizeof(int));
    if (loader->batch == NULL) {
        fprintf(stderr, "train_gpt2: out of memory\n");
        exit(EXIT_FAILURE);
    }
    loader->inputs = loader->batch;
    loader->targets = loader->batch + 1;
}

void dataloader_reset(DataLoader* loader) {
    loader->current_position = 0;
}

void dataloader_next_batch(DataLoader* loader) {
    size_t B = loader->B, T = loader->T;
    if (loader->current_position + B * T + 1 > loader->num_tokens) {
        loader->current_position = 0;
    }
    memcpy(loader->batch, loader->tokens + loader->current_position, (B * T + 1) * sizeof(int));
    loader->current_position += B * T;
}

void dataloader_free(DataLoader* loader) {
    free(loader->batch);
}

// the mean loss of the model over the first num_batches batches of a loader
float evaluate(GPT2* model, DataLoader* loader, int num_batches) {
    dataloader_reset(loader);
    LossMean loss = {0.0, 0};
    for (int i = 0; i < num_batches; i++) {
        dataloader_next_batch(loader);
        gpt2_forward(model, loader->inputs, loader->targets, loader->B, loader->T);
        loss_mean_add(&loss, model->losses_host, (size_t)loader->B * loader->T);
    }
    return (float)loss_mean_value(&loss);
}

// FNV-1a over the bits of the weights: equal output means bit-identical training
uint32_t fingerprint(const float* x, size_t n) {
    uint32_t hash = 2166136261u;
    for (size_t i = 0; i < n; i++) {
        uint32_t bits;
        memcpy(&bits, &x[i], sizeof(bits));
        hash = (hash ^ bits) * 16777619u;
    }
    return hash;
}

// ----------------------------------------------------------------------------
// --kernels: what the compiler made of each kernel, and whether the device can launch it with the
// block size the trainer uses (a rewrite that needs more registers per thread than a block's
// threads can have fails only at launch)

typedef struct {
    const char* name;
    const void* function;
    int block; // threads per block, as launched
} KernelInfo;

#define KERNEL(name, block) {#name, (const void*)name, block}
static const KernelInfo kernel_infos[] = {
    KERNEL(encoder_forward_kernel, ELEMENTWISE_BLOCK),
    KERNEL(encoder_backward_wpe_kernel, ELEMENTWISE_BLOCK),
    KERNEL(encoder_backward_wte_kernel, ELEMENTWISE_BLOCK),
    KERNEL(layernorm_forward_kernel, LAYERNORM_BLOCK),
    KERNEL(layernorm_backward_kernel, LAYERNORM_BLOCK),
    KERNEL(layernorm_param_backward_kernel, COLUMN_BLOCK),
    KERNEL(bias_forward_kernel, ELEMENTWISE_BLOCK),
    KERNEL(bias_backward_kernel, COLUMN_BLOCK),
    KERNEL(permute_kernel, ELEMENTWISE_BLOCK),
    KERNEL(permute_backward_kernel, ELEMENTWISE_BLOCK),
    KERNEL(unpermute_kernel, ELEMENTWISE_BLOCK),
    KERNEL(unpermute_backward_kernel, ELEMENTWISE_BLOCK),
    KERNEL(attention_softmax_forward_kernel, SOFTMAX_BLOCK),
    KERNEL(attention_softmax_backward_kernel, SOFTMAX_BLOCK),
    KERNEL(gelu_forward_kernel, ELEMENTWISE_BLOCK),
    KERNEL(gelu_backward_kernel, ELEMENTWISE_BLOCK),
    KERNEL(residual_forward_kernel, ELEMENTWISE_BLOCK),
    KERNEL(residual_backward_kernel, ELEMENTWISE_BLOCK),
    KERNEL(softmax_forward_kernel, SOFTMAX_BLOCK),
    KERNEL(crossentropy_forward_kernel, ELEMENTWISE_BLOCK),
    KERNEL(crossentropy_softmax_backward_kernel, ELEMENTWISE_BLOCK),
    KERNEL(adamw_kernel, ELEMENTWISE_BLOCK),
};
#undef KERNEL

static int list_kernels(void) {
    int failures = 0;
    for (size_t i = 0; i < sizeof(kernel_infos) / sizeof(kernel_infos[0]); i++) {
        const KernelInfo* k = &kernel_infos[i];
        cudaFuncAttributes attr;
        CUDA_CHECK(cudaFuncGetAttributes(&attr, k->function));
        int ok = attr.maxThreadsPerBlock >= k->block;
        failures += !ok;
        printf("kernel %s regs %d local %zu maxThreadsPerBlock %d block %d %s\n", k->name,
               attr.numRegs, attr.localSizeBytes, attr.maxThreadsPerBlock, k->block,
               ok ? "ok" : "CANNOT LAUNCH");
    }
    return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}

// ----------------------------------------------------------------------------
// command line

typedef struct {
    GPT2Config config;
    int batch_size;
    int steps;
    float learning_rate;
    float weight_decay;
    unsigned long seed;
    int val_every;
    int eval_batches;
    int kernels; // --kernels: list the kernels instead of training
    int time;    // --time: print the mean time per step
} Options;

static void set_config(Options* opt, const char* name) {
    if (strcmp(name, "tiny") == 0) {
        GPT2Config tiny = {32, 64, 2, 4, 64}; // max_seq_len, vocab, layers, heads, channels
        opt->config = tiny;
        opt->batch_size = 4;
    } else if (strcmp(name, "wide") == 0) {
        GPT2Config wide = {64, 256, 2, 4, 256};
        opt->config = wide;
        opt->batch_size = 8;
    } else if (strcmp(name, "gpt2s") == 0) {
        // GPT-2 small's width (C 768, 12 heads) at T 256, with 4 layers and V 4096 so that the
        // matmuls do nearly all of the arithmetic: 31.7M parameters, about 1.5 GB of device memory
        GPT2Config gpt2s = {256, 4096, 4, 12, 768};
        opt->config = gpt2s;
        opt->batch_size = 8;
    } else {
        fprintf(stderr, "train_gpt2: unknown config '%s' (tiny, wide, gpt2s)\n", name);
        exit(2);
    }
}

static void usage(void) {
    printf("usage: train_gpt2_cuda [options]\n"
           "  --config NAME      tiny (default: V 64, T 32, C 64, NH 4, L 2, B 4),\n"
           "                     wide (V 256, T 64, C 256, NH 4, L 2, B 8) or\n"
           "                     gpt2s (V 4096, T 256, C 768, NH 12, L 4, B 8: about 1.5 GB of device\n"
           "                     memory); the flags below override it\n"
           "  --vocab V  --seq T  --channels C  --heads NH  --layers L  --batch B\n"
           "  --steps N          training steps (40)\n"
           "  --lr X             AdamW learning rate (1e-3)\n"
           "  --weight-decay X   AdamW weight decay (0)\n"
           "  --seed N           weights and data (1337)\n"
           "  --val-every N      print the validation loss every N steps (10)\n"
           "  --eval-batches N   batches in each evaluation (4)\n"
           "  --kernels          instead of training, print each kernel's registers, local memory\n"
           "                     and block size, and exit 1 if one cannot launch with its block\n"
           "  --time             print the mean time per step (the steps after the first) at the end\n"
           "Without a CUDA device it prints \"train_gpt2: skipped: ...\" and exits with 77.\n");
}

static long parse_long(const char* flag, const char* text, long min) {
    char* end;
    long value = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || value < min) {
        fprintf(stderr, "train_gpt2: %s needs an integer >= %ld, not '%s'\n", flag, min, text);
        exit(2);
    }
    return value;
}

static float parse_float(const char* flag, const char* text, float min) {
    char* end;
    float value = strtof(text, &end);
    if (*text == '\0' || *end != '\0' || !(value >= min) || !isfinite(value)) {
        fprintf(stderr, "train_gpt2: %s needs a number >= %g, not '%s'\n", flag, min, text);
        exit(2);
    }
    return value;
}

// the flags that take no value
static int is_switch(const char* flag) {
    return strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0 ||
           strcmp(flag, "--kernels") == 0 || strcmp(flag, "--time") == 0;
}

void parse_options(Options* opt, int argc, char** argv) {
    opt->steps = 40;
    opt->learning_rate = 1e-3f;
    opt->weight_decay = 0.0f;
    opt->seed = 1337;
    opt->val_every = 10;
    opt->eval_batches = 4;
    opt->kernels = 0;
    opt->time = 0;
    set_config(opt, "tiny");
    // the preset first, wherever it is given, so that the other flags override it
    for (int i = 1; i + 1 < argc; i += is_switch(argv[i]) ? 1 : 2) {
        if (strcmp(argv[i], "--config") == 0) {
            set_config(opt, argv[i + 1]);
        }
    }
    for (int i = 1; i < argc; i += is_switch(argv[i]) ? 1 : 2) {
        const char* flag = argv[i];
        if (strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0) {
            usage();
            exit(0);
        }
        if (strcmp(flag, "--kernels") == 0) {
            opt->kernels = 1;
            continue;
        }
        if (strcmp(flag, "--time") == 0) {
            opt->time = 1;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "train_gpt2: %s needs a value (see --help)\n", flag);
            exit(2);
        }
        const char* value = argv[i + 1];
        if (strcmp(flag, "--config") == 0) {
            continue;
        } else if (strcmp(flag, "--vocab") == 0) {
            opt->config.vocab_size = (int)parse_long(flag, value, 2);
        } else if (strcmp(flag, "--seq") == 0) {
            opt->config.max_seq_len = (int)parse_long(flag, value, 1);
        } else if (strcmp(flag, "--channels") == 0) {
            opt->config.channels = (int)parse_long(flag, value, 1);
        } else if (strcmp(flag, "--heads") == 0) {
            opt->config.num_heads = (int)parse_long(flag, value, 1);
        } else if (strcmp(flag, "--layers") == 0) {
            opt->config.num_layers = (int)parse_long(flag, value, 1);
        } else if (strcmp(flag, "--batch") == 0) {
            opt->batch_size = (int)parse_long(flag, value, 1);
        } else if (strcmp(flag, "--steps") == 0) {
            opt->steps = (int)parse_long(flag, value, 0);
        } else if (strcmp(flag, "--lr") == 0) {
            opt->learning_rate = parse_float(flag, value, 0.0f);
        } else if (strcmp(flag, "--weight-decay") == 0) {
            opt->weight_decay = parse_float(flag, value, 0.0f);
        } else if (strcmp(flag, "--seed") == 0) {
            opt->seed = (unsigned long)parse_long(flag, value, 0);
        } else if (strcmp(flag, "--val-every") == 0) {
            opt->val_every = (int)parse_long(flag, value, 1);
        } else if (strcmp(flag, "--eval-batches") == 0) {
            opt->eval_batches = (int)parse_long(flag, value, 1);
        } else {
            fprintf(stderr, "train_gpt2: unknown option '%s' (see --help)\n", flag);
            exit(2);
        }
    }
    if (opt->config.channels % opt->config.num_heads != 0) {
        fprintf(stderr, "train_gpt2: --channels %d is not a multiple of --heads %d\n",
                opt->config.channels, opt->config.num_heads);
        exit(2);
    }
}

// ----------------------------------------------------------------------------
// main training loop

int main(int argc, char** argv) {
    Options opt;
    parse_options(&opt, argc, argv);

    int devices = 0;
    cudaError_t err = cudaGetDeviceCount(&devices);
    if (err != cudaSuccess || devices == 0) {
        printf("train_gpt2: skipped: no CUDA device (%s)\n",
               err != cudaSuccess ? cudaGetErrorString(err) : "none found");
        return 77;
    }
    if (opt.kernels) {
        return list_kernels();
    }
    CUBLAS_CHECK(cublasCreate(&cublas_handle));
    // plain FP32 products: no TF32, nor any other reduced-precision shortcut
    CUBLAS_CHECK(cublasSetMathMode(cublas_handle, CUBLAS_PEDANTIC_MATH));

    GPT2Config config = opt.config;
    int B = opt.batch_size, T = config.max_seq_len;
    printf("[GPT-2] vocab %d, seq %d, channels %d, heads %d, layers %d\n", config.vocab_size,
           config.max_seq_len, config.channels, config.num_heads, config.num_layers);
    printf("batch %d, steps %d, lr %g, weight decay %g, seed %lu\n", B, opt.steps,
           opt.learning_rate, opt.weight_decay, opt.seed);

    GPT2 model;
    gpt2_build_from_random(&model, config, opt.seed);
    printf("num parameters %zu\n", model.num_parameters);

    // the synthetic corpus: the first 7/8 train, the rest validate
    const size_t num_tokens = (size_t)1 << 17;
    int* tokens = make_token_stream(config.vocab_size, num_tokens, opt.seed);
    if (tokens == NULL) {
        fprintf(stderr, "train_gpt2: out of memory\n");
        return EXIT_FAILURE;
    }
    size_t num_train = num_tokens / 8 * 7;
    DataLoader train_loader, train_eval_loader, val_loader;
    dataloader_init(&train_loader, tokens, num_train, B, T);
    dataloader_init(&train_eval_loader, tokens, num_train, B, T);
    dataloader_init(&val_loader, tokens + num_train, num_tokens - num_train, B, T);

    cudaEvent_t step_start, step_end;
    CUDA_CHECK(cudaEventCreate(&step_start));
    CUDA_CHECK(cudaEventCreate(&step_end));
    double step_ms_total = 0.0; // the steps after the first, which allocates and warms up

    float val_loss = 0.0f;
    for (int step = 1; step <= opt.steps; step++) {
        dataloader_next_batch(&train_loader);
        CUDA_CHECK(cudaEventRecord(step_start));
        gpt2_forward(&model, train_loader.inputs, train_loader.targets, B, T);
        gpt2_zero_grad(&model);
        gpt2_backward(&model);
        gpt2_update(&model, opt.learning_rate, 0.9f, 0.999f, 1e-8f, opt.weight_decay, step);
        CUDA_CHECK(cudaEventRecord(step_end));
        CUDA_CHECK(cudaEventSynchronize(step_end));
        if (step > 1) {
            float ms = 0.0f;
            CUDA_CHECK(cudaEventElapsedTime(&ms, step_start, step_end));
            step_ms_total += ms;
        }
        printf("step %d train loss %.6f\n", step, model.mean_loss);
        if (step % opt.val_every == 0 && step != opt.steps) {
            val_loss = evaluate(&model, &val_loader, opt.eval_batches);
            printf("val loss %.6f\n", val_loss);
        }
    }
    // the trained model on a fixed set of batches of each split
    float train_loss = evaluate(&model, &train_eval_loader, opt.eval_batches);
    val_loss = evaluate(&model, &val_loader, opt.eval_batches);
    printf("val loss %.6f\n", val_loss);
    printf("final train loss %.6f val loss %.6f\n", train_loss, val_loss);
    float* weights = (float*)malloc_or_exit(model.num_parameters * sizeof(float));
    CUDA_CHECK(cudaMemcpy(weights, model.params_memory, model.num_parameters * sizeof(float),
                          cudaMemcpyDeviceToHost));
    printf("weights fingerprint %08x\n", (unsigned)fingerprint(weights, model.num_parameters));
    if (opt.time) {
        if (opt.steps > 1) {
            printf("time per step %.3f ms\n", step_ms_total / (opt.steps - 1));
        } else {
            printf("time per step n/a (it needs --steps 2 or more)\n");
        }
    }

    free(weights);
    CUDA_CHECK(cudaEventDestroy(step_start));
    CUDA_CHECK(cudaEventDestroy(step_end));
    dataloader_free(&train_loader);
    dataloader_free(&train_eval_loader);
    dataloader_free(&val_loader);
    free(tokens);
    gpt2_free(&model);
    CUBLAS_CHECK(cublasDestroy(cublas_handle));
    return EXIT_SUCCESS;
}
