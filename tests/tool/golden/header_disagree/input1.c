#define REAL double
#include "real.h"
double one(double x) { return square(x) + half((float)x); }
