/* Empty stand-in: CUDA 13 removed this header, which Clang 19's CUDA wrapper still includes.
 * autoscale-rewrite puts this directory on an -isystem path when it parses .cu files. */
