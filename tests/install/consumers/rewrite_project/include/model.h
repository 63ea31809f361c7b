/* The model's shared declarations: read by main.c and stats.cpp, not by filter.c. */
#ifndef MODEL_H
#define MODEL_H
#ifdef __cplusplus
extern "C" {
#endif

static inline float model_weight(int i) { return 0.5f + 0.25f * (float)(i % 7); }
float stats_mean_square(const float *x, int n);
void filter_smooth(float *y, const float *x, int n, float alpha);

#ifdef __cplusplus
}
#endif
#endif
