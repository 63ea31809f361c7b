/* No operation here: copied unchanged, so the output tree builds on its own. */
#define GAIN 0.5f
