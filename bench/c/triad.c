// STREAM triad, a[i] = b[i] + s * c[i], on 16M floats per array (the size
// of bench/cases/relu.mlir's arrays), with T threads that split the arrays
// into contiguous chunks: the memory bandwidth a fused elementwise kernel
// on T threads can at best use. Threads are created once and meet at a
// barrier before and after each repetition (no per-call thread creation,
// as in our runtime); each first-touches its own chunk. Usage:
//   triad THREADS REPETITIONS  ->  prints "median MIN MAX" seconds
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "huge_alloc.h"

enum { N = 16777216 };

static float *a, *b, *c;
static int threads, reps;
static pthread_barrier_t barrier;
static double *times;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void *worker(void *arg) {
  long id = (long)arg;
  long begin = N / threads * id;
  long end = id == threads - 1 ? N : begin + N / threads;
  for (long i = begin; i < end; ++i) {
    a[i] = 0.0f;
    b[i] = (float)(i % 1000) * 1e-3f;
    c[i] = (float)(i % 777) * 1e-3f;
  }
  const float s = 3.0f;
  for (int r = -1; r < reps; ++r) {
    pthread_barrier_wait(&barrier);
    double start = id == 0 ? now() : 0.0;
    for (long i = begin; i < end; ++i)
      a[i] = b[i] + s * c[i];
    pthread_barrier_wait(&barrier);
    if (id == 0 && r >= 0)
      times[r] = now() - start;
  }
  return NULL;
}

static int cmp(const void *x, const void *y) {
  double p = *(const double *)x, q = *(const double *)y;
  return (p > q) - (p < q);
}

int main(int argc, char **argv) {
  if (argc != 3 || atoi(argv[1]) < 1 || atoi(argv[2]) < 1) {
    fprintf(stderr, "usage: %s THREADS REPETITIONS\n", argv[0]);
    return 2;
  }
  threads = atoi(argv[1]);
  reps = atoi(argv[2]);
  a = huge_alloc(N * sizeof(float));
  b = huge_alloc(N * sizeof(float));
  c = huge_alloc(N * sizeof(float));
  times = malloc(reps * sizeof(double));
  if (!a || !b || !c || !times)
    return 1;
  pthread_barrier_init(&barrier, NULL, threads);
  pthread_t *ids = malloc(threads * sizeof(pthread_t));
  for (long t = 1; t < threads; ++t)
    pthread_create(&ids[t], NULL, worker, (void *)t);
  worker((void *)0);
  for (long t = 1; t < threads; ++t)
    pthread_join(ids[t], NULL);
  qsort(times, reps, sizeof(double), cmp);
  volatile float sink = a[12345];
  (void)sink;
  printf("%.6f %.6f %.6f\n", times[reps / 2], times[0], times[reps - 1]);
  return 0;
}
