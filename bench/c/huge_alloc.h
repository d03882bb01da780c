// Large arrays for the C peers, backed as hlo-runner backs its tensors
// (lib/Runner/HostTensor.cpp): starting at a 2 MiB transparent huge page,
// with madvise(MADV_HUGEPAGE), since most kernels enable THP on request
// only. Memory-bound loops over 4 KiB pages lose about a fifth of their
// bandwidth on this machine (page walks; prefetchers stop at page
// boundaries), so a peer on other pages would measure the pages, not code.
#ifndef HLO_BENCH_HUGE_ALLOC_H
#define HLO_BENCH_HUGE_ALLOC_H

#include <stdlib.h>
#include <sys/mman.h>

static void *huge_alloc(size_t bytes) {
  void *p = NULL;
  if (posix_memalign(&p, (size_t)2 << 20, bytes) != 0)
    return NULL;
#ifdef MADV_HUGEPAGE
  madvise(p, bytes, MADV_HUGEPAGE);
#endif
  return p;
}

#endif
