// hlo_aot_entry for lowered_add.mlir: passes the buffers to the C interface
// of @run as rank-1 memref descriptors.
#include <stdint.h>

typedef struct {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
} MemRef1D;

void _mlir_ciface_run(MemRef1D *a, MemRef1D *b, MemRef1D *c);

const char hlo_aot_signature[] = "cuda;f32[1000],f32[1000];f32[1000]";

void hlo_aot_entry(void **buffers) {
  MemRef1D memrefs[3];
  for (int i = 0; i < 3; ++i)
    memrefs[i] = (MemRef1D){buffers[i], buffers[i], 0, {1000}, {1}};
  _mlir_ciface_run(&memrefs[0], &memrefs[1], &memrefs[2]);
}
