/*===- AotRuntime.c - what code compiled ahead of time calls --------------===*
 *
 * Objects from hlo-compile call a few functions beyond the C library and
 * libm: helpers that the JIT finds in MLIR's runner libraries and
 * conversions that some C runtimes lack. This library provides them, with
 * no MLIR or LLVM inside: link it after the object
 * (`cc main.c prog.o -lhlo_aot_runtime -lm`).
 *
 *===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <string.h>

/* MLIR's ranked memref descriptor, seen through its unranked form:
 * {allocated, aligned, offset, sizes[rank], strides[rank]}. */
typedef struct {
  int64_t rank;
  void *descriptor;
} HloUnrankedMemRef;

typedef struct {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[];
} HloMemRefDescriptor;

/* memref.copy of views that are not contiguous (the lowering calls it
 * `memrefCopy`, with MLIR's runner-utilities ABI): an element-by-element
 * strided copy; contiguous runs of the innermost dimension use memcpy. */
void memrefCopy(int64_t elementSize, HloUnrankedMemRef *source,
                HloUnrankedMemRef *target) {
  int64_t rank = source->rank;
  HloMemRefDescriptor *src = (HloMemRefDescriptor *)source->descriptor;
  HloMemRefDescriptor *dst = (HloMemRefDescriptor *)target->descriptor;
  const int64_t *sizes = src->sizesAndStrides;
  const int64_t *srcStrides = src->sizesAndStrides + rank;
  const int64_t *dstStrides = dst->sizesAndStrides + rank;
  char *srcBase = src->aligned + src->offset * elementSize;
  char *dstBase = dst->aligned + dst->offset * elementSize;
  if (rank == 0) {
    memcpy(dstBase, srcBase, (size_t)elementSize);
    return;
  }
  for (int64_t d = 0; d < rank; ++d)
    if (sizes[d] == 0)
      return;
  /* An odometer over the outer dimensions; the innermost one is a run. */
  int64_t index[64] = {0};
  if (rank > 64)
    return;
  int64_t inner = sizes[rank - 1];
  int contiguous = srcStrides[rank - 1] == 1 && dstStrides[rank - 1] == 1;
  for (;;) {
    int64_t srcOffset = 0, dstOffset = 0;
    for (int64_t d = 0; d + 1 < rank; ++d) {
      srcOffset += index[d] * srcStrides[d];
      dstOffset += index[d] * dstStrides[d];
    }
    char *from = srcBase + srcOffset * elementSize;
    char *to = dstBase + dstOffset * elementSize;
    if (contiguous) {
      memcpy(to, from, (size_t)(inner * elementSize));
    } else {
      for (int64_t i = 0; i < inner; ++i)
        memcpy(to + i * dstStrides[rank - 1] * elementSize,
               from + i * srcStrides[rank - 1] * elementSize,
               (size_t)elementSize);
    }
    int64_t d = rank - 2;
    while (d >= 0 && ++index[d] == sizes[d])
      index[d--] = 0;
    if (d < 0)
      return;
  }
}

/* float and double to bfloat16, rounding to nearest even (NaN stays NaN):
 * LLVM calls these for fptrunc to bf16 on CPUs without AVX512_BF16, and
 * libgcc before GCC 13 does not have them. The x86-64 ABI returns a __bf16
 * in the low 16 bits of xmm0. GCC 12 has no __bf16 there, but returns its
 * _Float16 in the same place: the bits are carried in one. */
#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 13)
typedef __bf16 HloBf16;
#define HLO_HAVE_BF16_RETURN 1
#elif defined(__x86_64__) && defined(__FLT16_MAX__)
typedef _Float16 HloBf16;
#define HLO_HAVE_BF16_RETURN 1
#endif
#if defined(HLO_HAVE_BF16_RETURN)
static uint16_t hloFloatToBf16Bits(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof bits);
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return (uint16_t)((bits >> 16) | 0x40u); /* quiet NaN */
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return (uint16_t)(bits >> 16);
}

HloBf16 __truncsfbf2(float value) {
  uint16_t bits = hloFloatToBf16Bits(value);
  HloBf16 result;
  memcpy(&result, &bits, sizeof result);
  return result;
}

HloBf16 __truncdfbf2(double value) {
  /* Rounded to odd as a float first (the float toward zero, its last bit
   * set if inexact), then to nearest even: one correct rounding, where two
   * roundings to nearest could differ in halfway cases. */
  float single = (float)value;
  if (value == value && (double)single != value) {
    uint32_t bits;
    memcpy(&bits, &single, sizeof bits);
    double magnitude = value < 0 ? -value : value;
    float singleMagnitude = single < 0 ? -single : single;
    if ((double)singleMagnitude > magnitude)
      bits -= 1; /* the neighbor toward zero */
    bits |= 1u;
    memcpy(&single, &bits, sizeof bits);
  }
  return __truncsfbf2(single);
}
#endif
