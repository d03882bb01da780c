// Hand-written fused C loops for the benchmark cases: the baseline "what a
// programmer would write", compiled -O3 -march=native. Usage:
//   kernels CASE REPETITIONS  ->  prints "median MIN MAX" seconds
// Inputs are filled with values in [-1, 1); results are preallocated and
// written in place on every repetition, as the compiled code does.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "huge_alloc.h"

// Reductions keep L partial results (one vector of lanes) so that they
// vectorize without -ffast-math, as a careful hand-written loop would.
enum { L = 16 };
enum { N = 16777216, R = 4096, C = 4096, M = 4096, K = 1024, NN = 1024 };

static void relu(const float *a, const float *b, const float *c, float *o) {
  for (long i = 0; i < N; ++i) {
    float t = (a[i] + b[i]) * c[i];
    o[i] = t > 0.0f ? t : 0.0f;
  }
}

static void softmax(const float *x, float *o) {
  for (long r = 0; r < R; ++r) {
    const float *xr = x + r * C;
    float *orow = o + r * C;
    float mp[L], sp[L];
    for (int l = 0; l < L; ++l)
      mp[l] = -INFINITY, sp[l] = 0.0f;
    for (long j = 0; j < C; j += L)
      for (int l = 0; l < L; ++l)
        mp[l] = xr[j + l] > mp[l] ? xr[j + l] : mp[l];
    float m = -INFINITY;
    for (int l = 0; l < L; ++l)
      m = mp[l] > m ? mp[l] : m;
    for (long j = 0; j < C; j += L)
      for (int l = 0; l < L; ++l) {
        float e = expf(xr[j + l] - m);
        orow[j + l] = e;
        sp[l] += e;
      }
    float s = 0.0f;
    for (int l = 0; l < L; ++l)
      s += sp[l];
    float inv = 1.0f / s;
    for (long j = 0; j < C; ++j)
      orow[j] *= inv;
  }
}

static void layernorm(const float *x, const float *g, const float *b,
                      float *o) {
  for (long r = 0; r < R; ++r) {
    const float *xr = x + r * C;
    float *orow = o + r * C;
    float sp[L], vp[L];
    for (int l = 0; l < L; ++l)
      sp[l] = 0.0f, vp[l] = 0.0f;
    for (long j = 0; j < C; j += L)
      for (int l = 0; l < L; ++l)
        sp[l] += xr[j + l];
    float s = 0.0f;
    for (int l = 0; l < L; ++l)
      s += sp[l];
    float mean = s / C;
    for (long j = 0; j < C; j += L)
      for (int l = 0; l < L; ++l) {
        float d = xr[j + l] - mean;
        vp[l] += d * d;
      }
    float v = 0.0f;
    for (int l = 0; l < L; ++l)
      v += vp[l];
    float rs = 1.0f / sqrtf(v / C + 1e-5f);
    for (long j = 0; j < C; ++j)
      orow[j] = (xr[j] - mean) * rs * g[j] + b[j];
  }
}

// i-k-j order so the inner loop vectorizes, blocked over k and j so a block
// of W stays in cache; the bias and relu are applied to each finished row.
static void mlp(const float *x, const float *w, const float *b, float *o) {
  enum { KB = 256, JB = 512 };
  for (long i = 0; i < M; ++i)
    memset(o + i * NN, 0, NN * sizeof(float));
  for (long jj = 0; jj < NN; jj += JB)
    for (long kk = 0; kk < K; kk += KB)
      for (long i = 0; i < M; ++i) {
        float *orow = o + i * NN + jj;
        for (long k = kk; k < kk + KB; ++k) {
          float xik = x[i * K + k];
          const float *wrow = w + k * NN + jj;
          for (long j = 0; j < JB; ++j)
            orow[j] += xik * wrow[j];
        }
      }
  for (long i = 0; i < M; ++i)
    for (long j = 0; j < NN; ++j) {
      float t = o[i * NN + j] + b[j];
      o[i * NN + j] = t > 0.0f ? t : 0.0f;
    }
}

static float *filled(long n, unsigned seed) {
  float *p = huge_alloc(n * sizeof(float));
  unsigned long long s = seed * 0x9E3779B97F4A7C15ull;
  for (long i = 0; i < n; ++i) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    p[i] = (float)((s >> 40) * (1.0 / 16777216.0)) * 2.0f - 1.0f;
  }
  return p;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s relu|softmax|layernorm|mlp REPETITIONS\n",
            argv[0]);
    return 2;
  }
  const char *name = argv[1];
  int reps = atoi(argv[2]);
  if (reps < 1)
    reps = 1;
  float *in[3] = {0, 0, 0}, *out = 0;
  if (!strcmp(name, "relu")) {
    for (int i = 0; i < 3; ++i)
      in[i] = filled(N, i + 1);
    out = filled(N, 9);
  } else if (!strcmp(name, "softmax")) {
    in[0] = filled((long)R * C, 1);
    out = filled((long)R * C, 9);
  } else if (!strcmp(name, "layernorm")) {
    in[0] = filled((long)R * C, 1);
    in[1] = filled(C, 2);
    in[2] = filled(C, 3);
    out = filled((long)R * C, 9);
  } else if (!strcmp(name, "mlp")) {
    in[0] = filled((long)M * K, 1);
    in[1] = filled((long)K * NN, 2);
    in[2] = filled(NN, 3);
    out = filled((long)M * NN, 9);
  } else {
    fprintf(stderr, "unknown case '%s'\n", name);
    return 2;
  }
  double *t = malloc(sizeof(double) * reps);
  for (int r = -1; r < reps; ++r) {
    double start = now();
    if (!strcmp(name, "relu"))
      relu(in[0], in[1], in[2], out);
    else if (!strcmp(name, "softmax"))
      softmax(in[0], out);
    else if (!strcmp(name, "layernorm"))
      layernorm(in[0], in[1], in[2], out);
    else
      mlp(in[0], in[1], in[2], out);
    if (r >= 0)
      t[r] = now() - start;
  }
  qsort(t, reps, sizeof(double), cmp);
  // Keep the result observable so the work cannot be optimized away.
  volatile float sink = out[12345];
  (void)sink;
  printf("%.6f %.6f %.6f\n", t[reps / 2], t[0], t[reps - 1]);
  return 0;
}
