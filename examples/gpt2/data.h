/* Everything of the GPT-2 example that is not the model's arithmetic: deterministic random
 * numbers, the initial weights, the synthetic token stream and the evaluation metric. This file is
 * compiled as it is and
 * never rewritten, so the original trainer and every rewritten one start from the same weights and
 * see the same tokens (a trainer that reads a checkpoint and a token file gets the same from its
 * files). */
#ifndef AUTOSCALE_EXAMPLES_GPT2_DATA_H
#define AUTOSCALE_EXAMPLES_GPT2_DATA_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t state;
} Rng;

void rng_seed(Rng* rng, uint64_t seed);
uint32_t rng_u32(Rng* rng);
/* Fills out[0..n) with normal values of mean 0 and standard deviation std. */
void fill_normal(float* out, size_t n, float std, Rng* rng);
/* GPT-2's initial standard deviation of the projections that feed the residual stream:
 * std / sqrt(2 * num_layers), so that the stream's variance does not grow with depth. */
float residual_init_std(float std, int num_layers);

/* The evaluation metric, the mean of per-position losses over several batches: summed in double
 * here, out of the rewriter's reach, so that every variant of the trainer is scored the same way
 * (the per-step training loss is the trainer's own float mean, as llm.c computes it). */
typedef struct {
    double sum;
    size_t count;
} LossMean;

void loss_mean_add(LossMean* mean, const float* losses, size_t n);
double loss_mean_value(const LossMean* mean);

/* A stream of n tokens in [0, vocab) drawn from a small random "grammar": vocab/2 words of one to
 * four tokens, each word followed by one of three successor words with probabilities 6/10, 3/10
 * and 1/10. Within a word the next token is (nearly) determined, between words it is a three-way
 * choice, so a model that learns the structure gets far below the uniform loss log(vocab). Returns
 * a malloc'd array (the caller frees it), NULL when out of memory. */
int* make_token_stream(int vocab, size_t n, uint64_t seed);

#endif
