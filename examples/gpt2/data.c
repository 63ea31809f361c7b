#include "data.h"

#include <math.h>
#include <stdlib.h>

void rng_seed(Rng* rng, uint64_t seed) {
    /* xorshift64* must not start from 0 */
    rng->state = seed ^ 0x9E3779B97F4A7C15ULL;
    if (rng->state == 0) {
        rng->state = 1;
    }
}

uint32_t rng_u32(Rng* rng) {
    rng->state ^= rng->state >> 12;
    rng->state ^= rng->state << 25;
    rng->state ^= rng->state >> 27;
    return (uint32_t)((rng->state * 0x2545F4914F6CDD1DULL) >> 32);
}

/* In (0, 1]: 24 random bits, exact in float, never 0 so that log() below is finite. */
static float rng_unit(Rng* rng) {
    return (float)((rng_u32(rng) >> 8) + 1) / 16777216.0f;
}

void fill_normal(float* out, size_t n, float std, Rng* rng) {
    /* Box-Muller in double, rounded once to float: the same bits at every optimisation level. */
    const double two_pi = 6.283185307179586;
    for (size_t i = 0; i < n; i += 2) {
        double radius = sqrt(-2.0 * log((double)rng_unit(rng)));
        double angle = two_pi * (double)rng_unit(rng);
        out[i] = (float)(std * radius * cos(angle));
        if (i + 1 < n) {
            out[i + 1] = (float)(std * radius * sin(angle));
        }
    }
}

float residual_init_std(float std, int num_layers) {
    return (float)(std / sqrt(2.0 * num_layers));
}

void loss_mean_add(LossMean* mean, const float* losses, size_t n) {
    for (size_t i = 0; i < n; i++) {
        mean->sum += losses[i];
    }
    mean->count += n;
}

double loss_mean_value(const LossMean* mean) {
    return mean->count == 0 ? 0.0 : mean->sum / (double)mean->count;
}

enum { MAX_WORD = 4, SUCCESSORS = 3 };

int* make_token_stream(int vocab, size_t n, uint64_t seed) {
    int num_words = vocab / 2 > 1 ? vocab / 2 : 2;
    int* words = malloc((size_t)num_words * (MAX_WORD + 1 + SUCCESSORS) * sizeof(int));
    int* stream = malloc(n * sizeof(int));
    if (words == NULL || stream == NULL) {
        free(words);
        free(stream);
        return NULL;
    }
    Rng rng;
    rng_seed(&rng, seed);
    /* word w: its length, its tokens, its successor words */
    for (int w = 0; w < num_words; w++) {
        int* word = words + w * (MAX_WORD + 1 + SUCCESSORS);
        word[0] = 1 + (int)(rng_u32(&rng) % MAX_WORD);
        for (int i = 0; i < MAX_WORD; i++) {
            word[1 + i] = (int)(rng_u32(&rng) % (uint32_t)vocab);
        }
        for (int s = 0; s < SUCCESSORS; s++) {
            word[1 + MAX_WORD + s] = (int)(rng_u32(&rng) % (uint32_t)num_words);
        }
    }
    int w = 0;
    size_t pos = 0;
    while (pos < n) {
        const int* word = words + w * (MAX_WORD + 1 + SUCCESSORS);
        for (int i = 0; i < word[0] && pos < n; i++) {
            stream[pos++] = word[1 + i];
        }
        uint32_t r = rng_u32(&rng) % 10;
        w = word[1 + MAX_WORD + (r < 6 ? 0 : r < 9 ? 1 : 2)];
    }
    free(words);
    return stream;
}
