/* Integers read from an array are a tensor's data: a uint8 image's pixels, int16 audio samples,
 * converted and scaled (`(float)img[i] * inv255`, `pcm[i] * k`) are rewritten, where a value
 * computed from indices and counts (`(float)i * 0.5f`) stays as written. A constant
 * (`1.0f / 255.0f`, a division, kept FP32 by the default rules) colours nothing it feeds. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
#include <stdint.h>
void normalise(float *w, const uint8_t *img, const int16_t *pcm, float *q, float *ramp, int n) {
  const float inv255 = 1.0f / 255.0f;
  for (int i = 0; i < n; i++) {
    w[i] = (float)img[i] * inv255 - 0.5f;
    // REPORT: input.c:[[@LINE-1]]:26: {"action":"cast",{{.*}}"op":"mul",{{.*}}
    q[i] = pcm[i] * 0.8f;
    // REPORT: input.c:[[@LINE-1]]:19: {"action":"cast",{{.*}}"op":"mul",{{.*}}
    ramp[i] = (float)i * 0.5f;
    // REPORT: input.c:[[@LINE-1]]:24: {"action":"skipped",{{.*}}"reason":"operands computed from integers{{.*}}
  }
}
