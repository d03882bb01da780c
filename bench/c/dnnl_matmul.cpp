// oneDNN matmul peer of bench/narrow_matmul.py: times C = A B for square
// n x n matrices of f32, bf16 (f32 result) or s8 (s32 result) on one
// thread (the caller sets OMP_NUM_THREADS / affinity), median of `reps`
// runs after one warm-up, in seconds.
//   dnnl_matmul f32|bf16|s8 N REPS
#include <oneapi/dnnl/dnnl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

int main(int argc, char **argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: dnnl_matmul f32|bf16|s8 N REPS\n");
    return 2;
  }
  using dt = dnnl::memory::data_type;
  using tag = dnnl::memory::format_tag;
  dt in = dt::f32, out = dt::f32;
  if (!std::strcmp(argv[1], "bf16")) {
    in = dt::bf16;
  } else if (!std::strcmp(argv[1], "s8")) {
    in = dt::s8;
    out = dt::s32;
  } else if (std::strcmp(argv[1], "f32")) {
    std::fprintf(stderr, "unknown type %s\n", argv[1]);
    return 2;
  }
  long n = std::atol(argv[2]);
  int reps = std::atoi(argv[3]);
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  dnnl::memory::desc a({n, n}, in, tag::ab), b({n, n}, in, tag::ab),
      c({n, n}, out, tag::ab);
  // oneDNN 2.x (Debian 12): an op descriptor, then the primitive one.
  dnnl::matmul::desc desc(a, b, c);
  // oneDNN has no implementation of some types on some CPUs (bf16 and s8
  // need AVX-512 on x86): exit 3, the benchmark's "this peer is absent".
  dnnl::matmul::primitive_desc pd;
  try {
    pd = dnnl::matmul::primitive_desc(desc, engine);
  } catch (const dnnl::error &) {
    std::fprintf(stderr, "oneDNN has no %s matmul on this CPU\n", argv[1]);
    return 3;
  }
  dnnl::memory am(a, engine), bm(b, engine), cm(c, engine);
  std::memset(am.get_data_handle(), 0x11, a.get_size());
  std::memset(bm.get_data_handle(), 0x11, b.get_size());
  dnnl::matmul mm(pd);
  std::vector<double> times;
  for (int i = 0; i <= reps; ++i) {
    auto start = std::chrono::steady_clock::now();
    mm.execute(stream, {{DNNL_ARG_SRC, am}, {DNNL_ARG_WEIGHTS, bm},
                        {DNNL_ARG_DST, cm}});
    stream.wait();
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                             start)
                   .count();
    if (i)
      times.push_back(s);
  }
  std::sort(times.begin(), times.end());
  std::printf("%.9f\n", times[times.size() / 2]);
  return 0;
}
