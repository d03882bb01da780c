/* A C program calling a module compiled ahead of time (README):
 *
 *   build/bin/hlo-compile examples/seed_example.mlir -o seed.o \
 *     --header seed_example.h
 *   cc -I. examples/aot/main.c seed.o -Lbuild/lib -lhlo_aot_runtime -lm \
 *     -o seed
 *   ./seed
 *
 * It fills input k with the values `utils/npy.py write ... --pattern=k+1`
 * writes, runs the module and prints each result, one value per line.
 * Nothing of MLIR or LLVM is needed to build or run it. */
#include "seed_example.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* utils/npy.py's deterministic float pattern: values in [-2, 2). */
static float pattern(uint64_t i, uint64_t k) {
  uint64_t h = (i * 2654435761u + k * 40503u) % 1000003u;
  return (float)(((int64_t)(h % 4001) - 2000) / 1000.0);
}

int main(void) {
  enum { count = seed_example_num_inputs + seed_example_num_results };
  void *buffers[count];
  for (int i = 0; i < count; ++i) {
    size_t bytes = seed_example_buffer_size(i);
    /* 64-byte aligned, the size rounded up as aligned_alloc wants. */
    buffers[i] = aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (!buffers[i])
      return 1;
  }
  for (int k = 0; k < seed_example_num_inputs; ++k) {
    float *input = buffers[k];
    size_t n = seed_example_buffer_size(k) / sizeof(float);
    for (size_t i = 0; i < n; ++i)
      input[i] = pattern(i, (uint64_t)k + 1);
  }

  seed_example(buffers);

  for (int r = 0; r < seed_example_num_results; ++r) {
    const float *result = buffers[seed_example_num_inputs + r];
    size_t n = seed_example_buffer_size(seed_example_num_inputs + r) /
               sizeof(float);
    printf("result %d: %zu values\n", r, n);
    for (size_t i = 0; i < n; ++i)
      printf("%.9g\n", result[i]);
  }
  for (int i = 0; i < count; ++i)
    free(buffers[i]);
  return 0;
}
