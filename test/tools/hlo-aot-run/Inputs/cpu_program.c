// A hand-written cpu program object, as the compiler's ahead-of-time output
// would look: result0 = a + broadcast(b) (f32[2,3]), result1 = sum(b) (i32[]),
// result2 = -c (bf16[2], a sign flip of the raw bits).
//
// -DSIGNATURE=... replaces the signature; -DNO_ENTRY leaves the entry out.
#include <stdint.h>

#ifndef SIGNATURE
#define SIGNATURE "cpu;f32[2,3],i32[3],bf16[2];f32[2,3],i32[],bf16[2]"
#endif

const char hlo_aot_signature[] = SIGNATURE;

#ifndef NO_ENTRY
void hlo_aot_entry(void **buffers) {
  const float *a = buffers[0];
  const int32_t *b = buffers[1];
  const uint16_t *c = buffers[2];
  float *sum = buffers[3];
  int32_t *total = buffers[4];
  uint16_t *negated = buffers[5];
  *total = 0;
  for (int j = 0; j < 3; ++j)
    *total += b[j];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      sum[i * 3 + j] = a[i * 3 + j] + (float)b[j];
  for (int i = 0; i < 2; ++i)
    negated[i] = c[i] ^ 0x8000;
}
#endif
