#include "consts.h"
float gain(float x) { return x * GAIN; }
