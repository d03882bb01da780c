// oneDNN convolution peer of bench/conv.py: times one forward f32
// convolution, NHWC input and output, the weights in the layout oneDNN
// prefers (reordered once, outside the timing, as an inference engine
// would), on one thread (the caller sets OMP_NUM_THREADS / affinity);
// median of `reps` runs after one warm-up, in seconds.
//   dnnl_conv N H W C O KH KW STRIDE PAD REPS
#include <oneapi/dnnl/dnnl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  if (argc != 11) {
    std::fprintf(stderr, "usage: dnnl_conv N H W C O KH KW STRIDE PAD REPS\n");
    return 2;
  }
  long v[9];
  for (int i = 0; i < 9; ++i)
    v[i] = std::atol(argv[i + 1]);
  long n = v[0], h = v[1], w = v[2], c = v[3], o = v[4], kh = v[5], kw = v[6],
       stride = v[7], pad = v[8];
  int reps = std::atoi(argv[10]);
  long oh = (h + 2 * pad - kh) / stride + 1, ow = (w + 2 * pad - kw) / stride + 1;
  using dt = dnnl::memory::data_type;
  using tag = dnnl::memory::format_tag;
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  dnnl::memory::desc src({n, c, h, w}, dt::f32, tag::nhwc),
      dst({n, o, oh, ow}, dt::f32, tag::nhwc),
      weightsAny({o, c, kh, kw}, dt::f32, tag::any),
      weightsPlain({o, c, kh, kw}, dt::f32, tag::oihw);
  // oneDNN 2.x (Debian 12): an op descriptor, then the primitive one.
  dnnl::convolution_forward::desc desc(
      dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
      src, weightsAny, dst, {stride, stride}, {pad, pad}, {pad, pad});
  // (Exit 3, the benchmark's "this peer is absent", where oneDNN has no
  // implementation on this CPU.)
  dnnl::convolution_forward::primitive_desc pd;
  try {
    pd = dnnl::convolution_forward::primitive_desc(desc, engine);
  } catch (const dnnl::error &) {
    std::fprintf(stderr, "oneDNN has no such convolution on this CPU\n");
    return 3;
  }
  dnnl::memory srcM(src, engine), dstM(dst, engine),
      plainM(weightsPlain, engine), weightsM(pd.weights_desc(), engine);
  float *x = static_cast<float *>(srcM.get_data_handle());
  for (size_t i = 0; i < src.get_size() / sizeof(float); ++i)
    x[i] = float(i % 13) * 0.1f - 0.6f;
  float *k = static_cast<float *>(plainM.get_data_handle());
  for (size_t i = 0; i < weightsPlain.get_size() / sizeof(float); ++i)
    k[i] = float(i % 7) * 0.1f - 0.3f;
  dnnl::reorder(plainM, weightsM).execute(stream, plainM, weightsM);
  stream.wait();
  dnnl::convolution_forward conv(pd);
  std::vector<double> times;
  for (int i = 0; i <= reps; ++i) {
    auto start = std::chrono::steady_clock::now();
    conv.execute(stream, {{DNNL_ARG_SRC, srcM},
                          {DNNL_ARG_WEIGHTS, weightsM},
                          {DNNL_ARG_DST, dstM}});
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
