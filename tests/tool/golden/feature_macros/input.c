/* Feature-test macros must precede every system header: the site table goes after them. */
#define _GNU_SOURCE
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

float half(float x) { return x * 0.5f; }
