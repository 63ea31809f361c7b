/* A loop that does not end on its own (a solver whose test is never met), stopped by a signal.
 * With an argument it handles SIGINT itself: it then stops the loop and returns. */
#include <signal.h>
#include <stdio.h>

static volatile sig_atomic_t stop = 0;
static void on_interrupt(int sig) { (void)sig; stop = 1; }

int main(int argc, char **argv) {
  static float x[256], w[256], y[256];
  if (argc > 1) signal(SIGINT, on_interrupt);
  for (int i = 0; i < 256; i++) x[i] = 0.001f * (float)i, w[i] = 1.0f;
  for (long step = 0; !stop; step++) {
    for (int i = 0; i < 256; i++) y[i] = w[i] * 0.5f + x[i] * 0.25f;
    if (step == 1000) {
      printf("ready\n");
      fflush(stdout);
    }
  }
  printf("stopped %g\n", (double)y[7]);
  return 0;
}
