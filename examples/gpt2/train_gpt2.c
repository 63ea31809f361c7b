/*
GPT-2 training in plain C: the single-file CPU trainer layout that llm.c made common (encoder,
layernorm, matmul, causal self-attention, GELU, residual, softmax + cross-entropy, AdamW, each as a
forward and a backward function over flat float arrays, OpenMP on the hot loops), written for
autoscale as a program a user would have: nothing in it knows about autoscale.

Builds with or without OpenMP and gives the same bits with any number of threads (every output
element is written by one thread, in a fixed order):
    cc -std=c99 -O2 -fopenmp train_gpt2.c data.c -lm -o train_gpt2
    ./train_gpt2                      # tiny config, 40 steps
    ./train_gpt2 --config wide        # GEMM-dominated config
    ./train_gpt2 --help
With -DGRADCHECK it compares its analytic gradients with finite differences instead of training.
*/
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

// ----------------------------------------------------------------------------
// the layers, forward and backward
// B = batch size, T = sequence length, C = channels, V = vocabulary size, NH = heads

void encoder_forward(float* out, const int* inp, const float* wte, const float* wpe,
                     int B, int T, int C) {
    for (int b = 0; b < B; b++) {
        for (int t = 0; t < T; t++) {
            float* out_bt = out + b * T * C + t * C;
            int ix = inp[b * T + t];
            const float* wte_ix = wte + ix * C;
            const float* wpe_t = wpe + t * C;
            for (int i = 0; i < C; i++) {
                out_bt[i] = wte_ix[i] + wpe_t[i];
            }
        }
    }
}

void encoder_backward(float* dwte, float* dwpe, const float* dout, const int* inp,
                      int B, int T, int C) {
    for (int b = 0; b < B; b++) {
        for (int t = 0; t < T; t++) {
            const float* dout_bt = dout + b * T * C + t * C;
            int ix = inp[b * T + t];
            for (int i = 0; i < C; i++) {
                float d = dout_bt[i];
                dwte[ix * C + i] += d;
                dwpe[t * C + i] += d;
            }
        }
    }
}

void layernorm_forward(float* out, float* mean, float* rstd, const float* inp,
                       const float* weight, const float* bias, int B, int T, int C) {
    const float eps = 1e-5f;
    for (int b = 0; b < B; b++) {
        for (int t = 0; t < T; t++) {
            const float* x = inp + b * T * C + t * C;
            float m = 0.0f;
            for (int i = 0; i < C; i++) {
                m += x[i];
            }
            m = m / C;
            float v = 0.0f;
            for (int i = 0; i < C; i++) {
                float xs = x[i] - m;
                v += xs * xs;
            }
            v = v / C;
            float s = 1.0f / sqrtf(v + eps);
            float* out_bt = out + b * T * C + t * C;
            for (int i = 0; i < C; i++) {
                float n = s * (x[i] - m);
                out_bt[i] = n * weight[i] + bias[i];
            }
            mean[b * T + t] = m;
            rstd[b * T + t] = s;
        }
    }
}

void layernorm_backward(float* dinp, float* dweight, float* dbias, const float* dout,
                        const float* inp, const float* weight, const float* mean,
                        const float* rstd, int B, int T, int C) {
    for (int b = 0; b < B; b++) {
        for (int t = 0; t < T; t++) {
            const float* dout_bt = dout + b * T * C + t * C;
            const float* inp_bt = inp + b * T * C + t * C;
            float* dinp_bt = dinp + b * T * C + t * C;
            float mean_bt = mean[b * T + t];
            float rstd_bt = rstd[b * T + t];

            // the two reductions of the normalisation's gradient
            float dnorm_mean = 0.0f;
            float dnorm_norm_mean = 0.0f;
            for (int i = 0; i < C; i++) {
                float norm_bti = (inp_bt[i] - mean_bt) * rstd_bt;
                float dnorm_i = weight[i] * dout_bt[i];
                dnorm_mean += dnorm_i;
                dnorm_norm_mean += dnorm_i * norm_bti;
            }
            dnorm_mean = dnorm_mean / C;
            dnorm_norm_mean = dnorm_norm_mean / C;

            for (int i = 0; i < C; i++) {
                float norm_bti = (inp_bt[i] - mean_bt) * rstd_bt;
                float dnorm_i = weight[i] * dout_bt[i];
                dbias[i] += dout_bt[i];
                dweight[i] += norm_bti * dout_bt[i];
                float dval = 0.0f;
                dval += dnorm_i;
                dval -= dnorm_mean;
                dval -= norm_bti * dnorm_norm_mean;
                dval *= rstd_bt;
                dinp_bt[i] += dval;
            }
        }
    }
}

// out (B,T,OC) = inp (B,T,C) @ weight (OC,C)^T + bias (OC): the reference form, used when B*T is
// not a multiple of the unroll of matmul_forward
void matmul_forward_naive(float* out, const float* inp, const float* weight, const float* bias,
                          int B, int T, int C, int OC) {
    #pragma omp parallel for collapse(2)
    for (int b = 0; b < B; b++) {
        for (int t = 0; t < T; t++) {
            int bt = b * T + t;
            for (int o = 0; o < OC; o++) {
                float val = (bias != NULL) ? bias[o] : 0.0f;
                for (int i = 0; i < C; i++) {
                    val += inp[bt * C + i] * weight[o * C + i];
                }
                out[bt * OC + o] = val;
            }
        }
    }
}

// The same product, LOOP_UNROLL rows of inp at a time: each weight element is loaded once for
// LOOP_UNROLL dot products held in registers, which is what makes the CPU version fast.
void matmul_forward(float* out, const float* inp, const float* weight, const float* bias,
                    int B, int T, int C, int OC) {
    const int LOOP_UNROLL = 8;
    if (B * T % LOOP_UNROLL != 0) {
        matmul_forward_naive(out, inp, weight, bias, B, T, C, OC);
        return;
    }
    #pragma omp parallel for
    for (int obt = 0; obt < B * T; obt += LOOP_UNROLL) {
        for (int o = 0; o < OC; o++) {
            float result[LOOP_UNROLL];
            for (int ibt = 0; ibt < LOOP_UNROLL; ibt++) {
                result[ibt] = (bias != NULL) ? bias[o] : 0.0f;
            }
            for (int i = 0; i < C; i++) {
                float w = weight[i + o * C];
                for (int ibt = 0; ibt < LOOP_UNROLL; ibt++) {
                    int bt = obt + ibt;
                    result[ibt] += inp[bt * C + i] * w;
                }
            }
            for (int ibt = 0; ibt < LOOP_UNROLL; ibt++) {
                int bt = obt + ibt;
                out[bt * OC + o] = result[ibt];
            }
        }
    }
}

void matmul_backward(float* dinp, float* dweight, float* dbias, const float* dout,
                     const float* inp, const float* weight, int B, int T, int C, int OC) {
    // dinp += dout @ weight, one row of weight scaled into one row of dinp at a time
    #pragma omp parallel for collapse(2)
    for (int b = 0; b < B; b++) {
        for (int t = 0; t < T; t++) {
            const float* dout_bt = dout + b * T * OC + t * OC;
            float* dinp_bt = dinp + b * T * C + t * C;
            for (int o = 0; o < OC; o++) {
                const float* wrow = weight + o * C;
                float d = dout_bt[o];
                for (int i = 0; i < C; i++) {
                    dinp_bt[i] += wrow[i] * d;
                }
            }
        }
    }
    // dweight += dout^T @ inp as a sum of outer products over b,t; parallel over o, so each
    // thread owns its rows of dweight and dbias
    #pragma omp parallel for
    for (int o = 0; o < OC; o++) {
        for (int b = 0; b < B; b++) {
            for (int t = 0; t < T; t++) {
                const float* dout_bt = dout + b * T * OC + t * OC;
                const float* inp_bt = inp + b * T * C + t * C;
                float* dwrow = dweight + o * C;
                float d = dout_bt[o];
                if (dbias != NULL) {
                    dbias[o] += d;
                }
                for (int i = 0; i < C; i++) {
                    dwrow[i] += inp_bt[i] * d;
                }
            }
        }
    }
}

// inp (B,T,3C) holds query, key, value; preatt and att are (B,NH,T,T); out is (B,T,C)
void attention_forward(float* out, float* preatt, float* att, const float* inp,
                       int B, int T, int C, int NH) {
    int C3 = C * 3;
    int hs = C / NH; // head size
    float scale = 1.0 / sqrtf(hs);

    #pragma omp parallel for collapse(3)
    for (int b = 0; b < B; b++) {
        for (int t = 0; t < T; t++) {
            for (int h = 0; h < NH; h++) {
                const float* query_t = inp + b * T * C3 + t * C3 + h * hs;
                float* preatt_bth = preatt + b * NH * T * T + h * T * T + t * T;
                float* att_bth = att + b * NH * T * T + h * T * T + t * T;

                // scores q.k over the causal window, and their maximum
                float maxval = -10000.0f;
                for (int t2 = 0; t2 <= t; t2++) {
                    const float* key_t2 = inp + b * T * C3 + t2 * C3 + h * hs + C;
                    float val = 0.0f;
                    for (int i = 0; i < hs; i++) {
                        val += query_t[i] * key_t2[i];
                    }
                    val *= scale;
                    if (val > maxval) {
                        maxval = val;
                    }
                    preatt_bth[t2] = val;
                }

                // softmax, the maximum subtracted so that expf cannot overflow
                float expsum = 0.0f;
                for (int t2 = 0; t2 <= t; t2++) {
                    float expv = expf(preatt_bth[t2] - maxval);
                    expsum += expv;
                    att_bth[t2] = expv;
                }
                float expsum_inv = expsum == 0.0f ? 0.0f : 1.0f / expsum;
                for (int t2 = 0; t2 < T; t2++) {
                    if (t2 <= t) {
                        att_bth[t2] *= expsum_inv;
                    } else {
                        att_bth[t2] = 0.0f; // the causal mask
                    }
                }

                // the attention-weighted sum of the values
                float* out_bth = out + b * T * C + t * C + h * hs;
                for (int i = 0; i < hs; i++) {
                    out_bth[i] = 0.0f;
                }
                for (int t2 = 0; t2 <= t; t2++) {
                    const float* value_t2 = inp + b * T * C3 + t2 * C3 + h * hs + C * 2;
                    float att_btht2 = att_bth[t2];
                    for (int i = 0; i < hs; i++) {
                        out_bth[i] += att_btht2 * value_t2[i];
                    }
                }
            }
        }
    }
}

// Not parallel: the gradients of keys and values of position t2 collect from every t >= t2.
void attention_backward(float* dinp, float* dpreatt, float* datt, const float* dout,
                        const float* inp, const float* att, int B, int T, int C, int NH) {
    int C3 = C * 3;
    int hs = C / NH;
    float scale = 1.0 / sqrtf(hs);

    for (int b = 0; b < B; b++) {
        for (int t = 0; t < T; t++) {
            for (int h = 0; h < NH; h++) {
                const float* att_bth = att + b * NH * T * T + h * T * T + t * T;
                float* datt_bth = datt + b * NH * T * T + h * T * T + t * T;
                float* dpreatt_bth = dpreatt + b * NH * T * T + h * T * T + t * T;
                float* dquery_t = dinp + b * T * C3 + t * C3 + h * hs;
                const float* query_t = inp + b * T * C3 + t * C3 + h * hs;

                // through the weighted sum of the values
                const float* dout_bth = dout + b * T * C + t * C + h * hs;
                for (int t2 = 0; t2 <= t; t2++) {
                    const float* value_t2 = inp + b * T * C3 + t2 * C3 + h * hs + C * 2;
                    float* dvalue_t2 = dinp + b * T * C3 + t2 * C3 + h * hs + C * 2;
                    for (int i = 0; i < hs; i++) {
                        datt_bth[t2] += value_t2[i] * dout_bth[i];
                        dvalue_t2[i] += att_bth[t2] * dout_bth[i];
                    }
                }

                // through the softmax: d att[t2] / d preatt[t3] = att[t2] * ([t2 == t3] - att[t3])
                for (int t2 = 0; t2 <= t; t2++) {
                    for (int t3 = 0; t3 <= t; t3++) {
                        float indicator = t2 == t3 ? 1.0f : 0.0f;
                        float local_derivative = att_bth[t2] * (indicator - att_bth[t3]);
                        dpreatt_bth[t3] += local_derivative * datt_bth[t2];
                    }
                }

                // through the scaled q.k products
                for (int t2 = 0; t2 <= t; t2++) {
                    const float* key_t2 = inp + b * T * C3 + t2 * C3 + h * hs + C;
                    float* dkey_t2 = dinp + b * T * C3 + t2 * C3 + h * hs + C;
                    for (int i = 0; i < hs; i++) {
                        dquery_t[i] += key_t2[i] * dpreatt_bth[t2] * scale;
                        dkey_t2[i] += query_t[i] * dpreatt_bth[t2] * scale;
                    }
                }
            }
        }
    }
}

#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)
void gelu_forward(float* out, const float* inp, int N) {
    // the tanh approximation of x * Phi(x), as GPT-2 has it
    for (int i = 0; i < N; i++) {
        float x = inp[i];
        float cube = 0.044715f * x * x * x;
        out[i] = 0.5f * x * (1.0f + tanhf(GELU_SCALING_FACTOR * (x + cube)));
    }
}

void gelu_backward(float* dinp, const float* inp, const float* dout, int N) {
    for (int i = 0; i < N; i++) {
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
}

void residual_forward(float* out, const float* inp1, const float* inp2, int N) {
    for (int i = 0; i < N; i++) {
        out[i] = inp1[i] + inp2[i];
    }
}

void residual_backward(float* dinp1, float* dinp2, const float* dout, int N) {
    for (int i = 0; i < N; i++) {
        dinp1[i] += dout[i];
        dinp2[i] += dout[i];
    }
}

void softmax_forward(float* probs, const float* logits, int B, int T, int V) {
    #pragma omp parallel for collapse(2)
    for (int b = 0; b < B; b++) {
        for (int t = 0; t < T; t++) {
            const float* logits_bt = logits + b * T * V + t * V;
            float* probs_bt = probs + b * T * V + t * V;
            float maxval = -10000.0f;
            for (int i = 0; i < V; i++) {
                if (logits_bt[i] > maxval) {
                    maxval = logits_bt[i];
                }
            }
            float sum = 0.0f;
            for (int i = 0; i < V; i++) {
                probs_bt[i] = expf(logits_bt[i] - maxval);
                sum += probs_bt[i];
            }
            for (int i = 0; i < V; i++) {
                probs_bt[i] /= sum;
            }
        }
    }
}

void crossentropy_forward(float* losses, const float* probs, const int* targets,
                          int B, int T, int V) {
    for (int b = 0; b < B; b++) {
        for (int t = 0; t < T; t++) {
            const float* probs_bt = probs + b * T * V + t * V;
            int ix = targets[b * T + t];
            losses[b * T + t] = -logf(probs_bt[ix]);
        }
    }
}

// softmax and cross-entropy together: dloss/dlogit = probability - [i == target]
void crossentropy_softmax_backward(float* dlogits, const float* dlosses, const float* probs,
                                   const int* targets, int B, int T, int V) {
    for (int b = 0; b < B; b++) {
        for (int t = 0; t < T; t++) {
            float* dlogits_bt = dlogits + b * T * V + t * V;
            const float* probs_bt = probs + b * T * V + t * V;
            float dloss = dlosses[b * T + t];
            int ix = targets[b * T + t];
            for (int i = 0; i < V; i++) {
                float p = probs_bt[i];
                float indicator = i == ix ? 1.0f : 0.0f;
                dlogits_bt[i] += (p - indicator) * dloss;
            }
        }
    }
}

// ----------------------------------------------------------------------------
// the model

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

// One zeroed allocation for a set of tensors; ptrs[i] is pointed at its slice.
float* malloc_and_point(float** ptrs[], const size_t* sizes, int count) {
    size_t total = 0;
    for (int i = 0; i < count; i++) {
        total += sizes[i];
    }
    float* memory = (float*)calloc(total, sizeof(float));
    if (memory == NULL) {
        fprintf(stderr, "train_gpt2: out of memory allocating %zu floats\n", total);
        exit(EXIT_FAILURE);
    }
    float* next = memory;
    for (int i = 0; i < count; i++) {
        *(ptrs[i]) = next;
        next += sizes[i];
    }
    return memory;
}

float* malloc_and_point_parameters(ParameterTensors* params, const size_t* param_sizes) {
    float** ptrs[] = {
        &params->wte, &params->wpe, &params->ln1w, &params->ln1b, &params->qkvw, &params->qkvb,
        &params->attprojw, &params->attprojb, &params->ln2w, &params->ln2b, &params->fcw,
        &params->fcb, &params->fcprojw, &params->fcprojb, &params->lnfw, &params->lnfb};
    return malloc_and_point(ptrs, param_sizes, NUM_PARAMETER_TENSORS);
}

#define NUM_ACTIVATION_TENSORS 23
typedef struct {
    float* encoded;   // (B, T, C)
    float* ln1;       // (L, B, T, C)
    float* ln1_mean;  // (L, B, T)
    float* ln1_rstd;  // (L, B, T)
    float* qkv;       // (L, B, T, 3*C)
    float* atty;      // (L, B, T, C)
    float* preatt;    // (L, B, NH, T, T)
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
    return malloc_and_point(ptrs, act_sizes, NUM_ACTIVATION_TENSORS);
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

// the same for the activations and their gradients: tensors 1 to 16 have L slices
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
    // the weights, their gradients and AdamW's moments, each in one allocation
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
    ActivationTensors grads_acts;
    float* grads_acts_memory;
    int batch_size;
    int seq_len;
    int* inputs;
    int* targets;
    float mean_loss; // -1 after a forward pass without targets
} GPT2;

void gpt2_build_from_random(GPT2* model, GPT2Config config, uint64_t seed) {
    memset(model, 0, sizeof(*model));
    model->config = config;
    fill_in_parameter_sizes(model->param_sizes, config);
    for (int i = 0; i < NUM_PARAMETER_TENSORS; i++) {
        model->num_parameters += model->param_sizes[i];
    }
    model->params_memory = malloc_and_point_parameters(&model->params, model->param_sizes);
    model->mean_loss = -1.0f;

    // GPT-2's initialisation: normal weights, the projections into the residual stream scaled
    // down with depth, zero biases, unit layernorm gains
    ParameterTensors* p = &model->params;
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
        model->acts_memory = malloc_and_point_activations(&model->acts, model->act_sizes);
        model->inputs = (int*)malloc((size_t)B * T * sizeof(int));
        model->targets = (int*)malloc((size_t)B * T * sizeof(int));
        if (model->inputs == NULL || model->targets == NULL) {
            fprintf(stderr, "train_gpt2: out of memory\n");
            exit(EXIT_FAILURE);
        }
    } else if (B != model->batch_size || T != model->seq_len) {
        fprintf(stderr, "train_gpt2: batch %dx%d, but the activations are sized for %dx%d\n",
                B, T, model->batch_size, model->seq_len);
        exit(EXIT_FAILURE);
    }
    memcpy(model->inputs, inputs, (size_t)B * T * sizeof(int));
    if (targets != NULL) {
        memcpy(model->targets, targets, (size_t)B * T * sizeof(int));
    }

    ParameterTensors params = model->params;
    ActivationTensors acts = model->acts;
    float* residual;
    encoder_forward(acts.encoded, inputs, params.wte, params.wpe, B, T, C);
    for (int l = 0; l < L; l++) {
        residual = l == 0 ? acts.encoded : acts.residual3 + (l - 1) * B * T * C;

        ParameterTensors lp = layer_parameters(params, model->param_sizes, L, l);
        ActivationTensors la = layer_activations(acts, model->act_sizes, L, l);
        layernorm_forward(la.ln1, la.ln1_mean, la.ln1_rstd, residual, lp.ln1w, lp.ln1b, B, T, C);
        matmul_forward(la.qkv, la.ln1, lp.qkvw, lp.qkvb, B, T, C, 3 * C);
        attention_forward(la.atty, la.preatt, la.att, la.qkv, B, T, C, NH);
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
        crossentropy_forward(acts.losses, acts.probs, targets, B, T, V);
        float mean_loss = 0.0f;
        for (int i = 0; i < B * T; i++) {
            mean_loss += acts.losses[i];
        }
        mean_loss /= B * T;
        model->mean_loss = mean_loss;
    } else {
        model->mean_loss = -1.0f;
    }
}

void gpt2_zero_grad(GPT2* model) {
    if (model->grads_memory != NULL) {
        memset(model->grads_memory, 0, model->num_parameters * sizeof(float));
    }
    if (model->grads_acts_memory != NULL) {
        size_t num_activations = 0;
        for (int i = 0; i < NUM_ACTIVATION_TENSORS; i++) {
            num_activations += model->act_sizes[i];
        }
        memset(model->grads_acts_memory, 0, num_activations * sizeof(float));
    }
}

void gpt2_backward(GPT2* model) {
    if (model->mean_loss == -1.0f) {
        fprintf(stderr, "train_gpt2: backward needs a forward pass with targets first\n");
        exit(EXIT_FAILURE);
    }
    if (model->grads_memory == NULL) {
        model->grads_memory = malloc_and_point_parameters(&model->grads, model->param_sizes);
        model->grads_acts_memory = malloc_and_point_activations(&model->grads_acts, model->act_sizes);
    }

    int B = model->batch_size;
    int T = model->seq_len;
    int V = model->config.vocab_size;
    int L = model->config.num_layers;
    int NH = model->config.num_heads;
    int C = model->config.channels;
    ParameterTensors params = model->params;
    ParameterTensors grads = model->grads;
    ActivationTensors acts = model->acts;
    ActivationTensors grads_acts = model->grads_acts;

    // the loss is the mean over B*T positions: each position's loss gets 1/(B*T) of the gradient
    float dloss_mean = 1.0f / (B * T);
    for (int i = 0; i < B * T; i++) {
        grads_acts.losses[i] = dloss_mean;
    }
    crossentropy_softmax_backward(grads_acts.logits, grads_acts.losses, acts.probs, model->targets, B, T, V);
    matmul_backward(grads_acts.lnf, grads.wte, NULL, grads_acts.logits, acts.lnf, params.wte, B, T, C, V);
    float* residual = acts.residual3 + (L - 1) * B * T * C;
    float* dresidual = grads_acts.residual3 + (L - 1) * B * T * C;
    layernorm_backward(dresidual, grads.lnfw, grads.lnfb, grads_acts.lnf, residual, params.lnfw,
                       acts.lnf_mean, acts.lnf_rstd, B, T, C);

    for (int l = L - 1; l >= 0; l--) {
        residual = l == 0 ? acts.encoded : acts.residual3 + (l - 1) * B * T * C;
        dresidual = l == 0 ? grads_acts.encoded : grads_acts.residual3 + (l - 1) * B * T * C;

        // this layer's weights, activations and their gradients
        ParameterTensors lp = layer_parameters(params, model->param_sizes, L, l);
        ParameterTensors lg = layer_parameters(grads, model->param_sizes, L, l);
        ActivationTensors la = layer_activations(acts, model->act_sizes, L, l);
        ActivationTensors lga = layer_activations(grads_acts, model->act_sizes, L, l);

        residual_backward(lga.residual2, lga.fcproj, lga.residual3, B * T * C);
        matmul_backward(lga.fch_gelu, lg.fcprojw, lg.fcprojb, lga.fcproj, la.fch_gelu, lp.fcprojw, B, T, 4 * C, C);
        gelu_backward(lga.fch, la.fch, lga.fch_gelu, B * T * 4 * C);
        matmul_backward(lga.ln2, lg.fcw, lg.fcb, lga.fch, la.ln2, lp.fcw, B, T, C, 4 * C);
        layernorm_backward(lga.residual2, lg.ln2w, lg.ln2b, lga.ln2, la.residual2, lp.ln2w, la.ln2_mean,
                           la.ln2_rstd, B, T, C);
        residual_backward(dresidual, lga.attproj, lga.residual2, B * T * C);
        matmul_backward(lga.atty, lg.attprojw, lg.attprojb, lga.attproj, la.atty, lp.attprojw, B, T, C, C);
        attention_backward(lga.qkv, lga.preatt, lga.att, lga.atty, la.qkv, la.att, B, T, C, NH);
        matmul_backward(lga.ln1, lg.qkvw, lg.qkvb, lga.qkv, la.ln1, lp.qkvw, B, T, C, 3 * C);
        layernorm_backward(dresidual, lg.ln1w, lg.ln1b, lga.ln1, residual, lp.ln1w, la.ln1_mean, la.ln1_rstd,
                           B, T, C);
    }
    encoder_backward(grads.wte, grads.wpe, grads_acts.encoded, model->inputs, B, T, C);
}

void gpt2_update(GPT2* model, float learning_rate, float beta1, float beta2, float eps,
                 float weight_decay, int t) {
    if (model->m_memory == NULL) {
        model->m_memory = (float*)calloc(model->num_parameters, sizeof(float));
        model->v_memory = (float*)calloc(model->num_parameters, sizeof(float));
        if (model->m_memory == NULL || model->v_memory == NULL) {
            fprintf(stderr, "train_gpt2: out of memory\n");
            exit(EXIT_FAILURE);
        }
    }
    float beta1_correction = 1.0f - powf(beta1, t);
    float beta2_correction = 1.0f - powf(beta2, t);
    for (size_t i = 0; i < model->num_parameters; i++) {
        float param = model->params_memory[i];
        float grad = model->grads_memory[i];
        // the moments, their bias corrections, and the decoupled weight decay
        float m = beta1 * model->m_memory[i] + (1.0f - beta1) * grad;
        float v = beta2 * model->v_memory[i] + (1.0f - beta2) * grad * grad;
        float m_hat = m / beta1_correction;
        float v_hat = v / beta2_correction;
        model->m_memory[i] = m;
        model->v_memory[i] = v;
        model->params_memory[i] -= learning_rate * (m_hat / (sqrtf(v_hat) + eps) + weight_decay * param);
    }
}

void gpt2_free(GPT2* model) {
    free(model->params_memory);
    free(model->grads_memory);
    free(model->m_memory);
    free(model->v_memory);
    free(model->acts_memory);
    free(model->grads_acts_memory);
    free(model->inputs);
    free(model->targets);
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
        loss_mean_add(&loss, model->acts.losses, (size_t)loader->B * loader->T);
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
} Options;

static void set_config(Options* opt, const char* name) {
    if (strcmp(name, "tiny") == 0) {
        // 40 steps in a few seconds on one core
        GPT2Config tiny = {32, 64, 2, 4, 64}; // max_seq_len, vocab, layers, heads, channels
        opt->config = tiny;
        opt->batch_size = 4;
    } else if (strcmp(name, "wide") == 0) {
        // the matmuls do 97% of the arithmetic; 40 steps in about half a minute on two cores
        GPT2Config wide = {64, 256, 2, 4, 256};
        opt->config = wide;
        opt->batch_size = 8;
    } else {
        fprintf(stderr, "train_gpt2: unknown config '%s' (tiny, wide)\n", name);
        exit(2);
    }
}

static void usage(void) {
    printf("usage: train_gpt2 [options]\n"
           "  --config NAME      tiny (default: V 64, T 32, C 64, NH 4, L 2, B 4) or\n"
           "                     wide (V 256, T 64, C 256, NH 4, L 2, B 8); the flags below override it\n"
           "  --vocab V  --seq T  --channels C  --heads NH  --layers L  --batch B\n"
           "  --steps N          training steps (40)\n"
           "  --lr X             AdamW learning rate (1e-3)\n"
           "  --weight-decay X   AdamW weight decay (0)\n"
           "  --seed N           weights and data (1337)\n"
           "  --val-every N      print the validation loss every N steps (10)\n"
           "  --eval-batches N   batches in each evaluation (4)\n");
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

void parse_options(Options* opt, int argc, char** argv) {
    opt->steps = 40;
    opt->learning_rate = 1e-3f;
    opt->weight_decay = 0.0f;
    opt->seed = 1337;
    opt->val_every = 10;
    opt->eval_batches = 4;
    set_config(opt, "tiny");
    // the preset first, wherever it is given, so that the other flags override it
    for (int i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--config") == 0) {
            set_config(opt, argv[i + 1]);
        }
    }
    for (int i = 1; i < argc; i += 2) {
        const char* flag = argv[i];
        if (strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0) {
            usage();
            exit(0);
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

#ifdef GRADCHECK
// ----------------------------------------------------------------------------
// gradient check: the analytic gradient against central differences of the loss, for every
// parameter tensor (a) along the gradient of each slice of it that does one job (one layer's
// slice; the query, key and value thirds of the qkv tensors apart), where the loss changes most,
// and (b) at its two entries of largest gradient.

static const char* parameter_names[NUM_PARAMETER_TENSORS] = {
    "wte", "wpe", "ln1w", "ln1b", "qkvw", "qkvb", "attprojw", "attprojb",
    "ln2w", "ln2b", "fcw", "fcb", "fcprojw", "fcprojb", "lnfw", "lnfb"};

typedef struct {
    GPT2* model;
    const int* tokens; // B*T+1: inputs and targets
    int B, T;
    double loss;
    int comparisons, failures;
    double worst; // the largest |analytic - numeric| / allowed
} GradCheck;

// the mean loss, summed in double so that the difference of two nearby losses keeps its digits
static double loss_in_double(GradCheck* check) {
    gpt2_forward(check->model, check->tokens, check->tokens + 1, check->B, check->T);
    double sum = 0.0;
    for (int i = 0; i < check->B * check->T; i++) {
        sum += check->model->acts.losses[i];
    }
    return sum / (check->B * check->T);
}

// The derivative of the loss along direction (n entries at params, unit length): central
// differences at h and h/2, combined by Richardson extrapolation to cancel their h^2 error.
static double directional_derivative(GradCheck* check, float* params, const float* direction,
                                     size_t n, double h) {
    float* saved = (float*)malloc(n * sizeof(float));
    memcpy(saved, params, n * sizeof(float));
    double central[2];
    for (int k = 0; k < 2; k++) {
        double step = k == 0 ? h : h / 2;
        for (size_t i = 0; i < n; i++) {
            params[i] = (float)(saved[i] + step * direction[i]);
        }
        double plus = loss_in_double(check);
        for (size_t i = 0; i < n; i++) {
            params[i] = (float)(saved[i] - step * direction[i]);
        }
        double minus = loss_in_double(check);
        central[k] = (plus - minus) / (2.0 * step);
    }
    memcpy(params, saved, n * sizeof(float));
    free(saved);
    return (4.0 * central[1] - central[0]) / 3.0;
}

// The step moves the loss by about 1e-3 (smaller steps for steeper directions, whose curvature
// is larger too), at most 0.02. A comparison passes when
//   |analytic - numeric| <= 2e-3 * (|analytic| + |numeric|) + FLT_EPSILON * loss / h,
// the last term being the float rounding of the loss seen through the difference quotient: it
// lets a gradient that is zero in exact arithmetic pass, like the key bias's (softmax ignores a
// shift common to all scores).
static void check_direction(GradCheck* check, const char* tensor, float* params,
                            const float* direction, size_t n, double analytic, const char* where) {
    const double tolerance = 2e-3;
    double h = fabs(analytic) > 0.05 ? 1e-3 / fabs(analytic) : 2e-2;
    double numeric = directional_derivative(check, params, direction, n, h);
    double difference = fabs(analytic - numeric);
    double allowed = tolerance * (fabs(analytic) + fabs(numeric)) + FLT_EPSILON * check->loss / h;
    int ok = difference <= allowed;
    check->comparisons++;
    check->failures += !ok;
    check->worst = difference / allowed > check->worst ? difference / allowed : check->worst;
    printf("%-9s %13.6e %13.6e %10.3e %10.3e %8.1e   %s%s\n", tensor, analytic, numeric, difference,
           allowed, h, where, ok ? "" : "  FAIL");
}

int gradient_check(const Options* opt) {
    int B = opt->batch_size, T = opt->config.max_seq_len, L = opt->config.num_layers;
    GPT2 model;
    gpt2_build_from_random(&model, opt->config, opt->seed);
    int* tokens = make_token_stream(opt->config.vocab_size, (size_t)B * T + 1, opt->seed);
    float* analytic = (float*)malloc(model.num_parameters * sizeof(float));
    float* direction = (float*)calloc(model.num_parameters, sizeof(float));
    if (tokens == NULL || analytic == NULL || direction == NULL) {
        fprintf(stderr, "train_gpt2: out of memory\n");
        return EXIT_FAILURE;
    }
    GradCheck check = {&model, tokens, B, T, 0.0, 0, 0, 0.0};
    check.loss = loss_in_double(&check);
    gpt2_zero_grad(&model);
    gpt2_backward(&model);
    memcpy(analytic, model.grads_memory, model.num_parameters * sizeof(float));
    printf("gradient check: B %d T %d C %d NH %d L %d V %d, loss %.6f\n", B, T, opt->config.channels,
           opt->config.num_heads, L, opt->config.vocab_size, check.loss);
    printf("%-9s %13s %13s %10s %10s %8s   %s\n", "tensor", "analytic", "numeric", "|diff|",
           "allowed", "h", "where");

    size_t offset = 0;
    for (int k = 0; k < NUM_PARAMETER_TENSORS; offset += model.param_sizes[k], k++) {
        size_t n = model.param_sizes[k];
        float* params = model.params_memory + offset;
        const float* grad = analytic + offset;
        char where[80];
        // wte, wpe and the final layernorm are one slice; the rest have L, the qkv tensors 3L
        int slices = (k <= 1 || k >= 14) ? 1 : (k == 4 || k == 5) ? 3 * L : L;
        size_t size = n / slices;
        for (int s = 0; s < slices; s++) {
            size_t first = s * size;
            double norm2 = 0.0;
            for (size_t i = first; i < first + size; i++) {
                norm2 += (double)grad[i] * grad[i];
            }
            double norm = sqrt(norm2);
            // along g/|g| the derivative is |g|
            for (size_t i = first; i < first + size; i++) {
                direction[i] = norm == 0.0 ? 0.0f : (float)(grad[i] / norm);
            }
            snprintf(where, sizeof(where), "along the gradient of [%zu, %zu)", first, first + size);
            check_direction(&check, parameter_names[k], params + first, direction + first, size,
                            norm, where);
            memset(direction + first, 0, size * sizeof(float));
        }
        size_t top[2] = {0, 0};
        for (size_t i = 1; i < n; i++) {
            if (fabsf(grad[i]) > fabsf(grad[top[0]])) {
                top[1] = top[0];
                top[0] = i;
            } else if (top[1] == top[0] || fabsf(grad[i]) > fabsf(grad[top[1]])) {
                top[1] = i;
            }
        }
        for (int e = 0; e < 2 && e < (int)n; e++) {
            const float one = 1.0f;
            snprintf(where, sizeof(where), "entry %zu", top[e]);
            check_direction(&check, parameter_names[k], params + top[e], &one, 1, grad[top[e]], where);
        }
    }
    printf("gradient check %s: %d of %d comparisons failed, worst |diff| / allowed %.3f\n",
           check.failures ? "FAILED" : "passed", check.failures, check.comparisons, check.worst);
    free(direction);
    free(analytic);
    free(tokens);
    gpt2_free(&model);
    return check.failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
#endif

// ----------------------------------------------------------------------------
// main training loop

int main(int argc, char** argv) {
    Options opt;
    parse_options(&opt, argc, argv);
#ifdef GRADCHECK
    return gradient_check(&opt);
#else
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

    float val_loss = 0.0f;
    for (int step = 1; step <= opt.steps; step++) {
        dataloader_next_batch(&train_loader);
        gpt2_forward(&model, train_loader.inputs, train_loader.targets, B, T);
        gpt2_zero_grad(&model);
        gpt2_backward(&model);
        gpt2_update(&model, opt.learning_rate, 0.9f, 0.999f, 1e-8f, opt.weight_decay, step);
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
    printf("weights fingerprint %08x\n", (unsigned)fingerprint(model.params_memory, model.num_parameters));

    dataloader_free(&train_loader);
    dataloader_free(&train_eval_loader);
    dataloader_free(&val_loader);
    free(tokens);
    gpt2_free(&model);
    return EXIT_SUCCESS;
#endif
}
