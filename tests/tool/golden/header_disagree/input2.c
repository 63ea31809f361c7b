#include "real.h"
float two(float x) { return square(x) - half(x); }
