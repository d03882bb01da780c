#include "bf16_and_transpose.h"
#include <stdio.h>
int main(void) {
  float a[8] = {1.0f, 1.00390625f, 1.01171875f, -3.3f, 1e-3f, 65504.f, 3.0e38f, 0.1f};
  float b[12], r0[8], r1[12];
  for (int i = 0; i < 12; ++i) b[i] = (float)i;
  void *buffers[4] = {a, b, r0, r1};
  bf16_and_transpose(buffers);
  for (int i = 0; i < 8; ++i) printf("%.9g\n", r0[i]);
  for (int i = 0; i < 12; ++i) printf("%g ", r1[i]);
  printf("\n");
  return 0;
}
