// RUN: hlo-opt %s --hlo-cost-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNFUSED
// RUN: hlo-opt %s --hlo-fusion --hlo-cost-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUSED
// RUN: hlo-opt %s --hlo-fusion --hlo-cost-report=json=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON

// The report never mixes with the IR on standard output: it goes to
// standard error or to output=FILE.
// RUN: hlo-opt %s --hlo-cost-report 2>/dev/null | FileCheck %s --check-prefix=IR-ONLY
// RUN: hlo-opt %s --hlo-cost-report=output=%t.report -o /dev/null 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=UNFUSED < %t.report
// RUN: not hlo-opt %s --hlo-cost-report=output=%t.missing/dir/report -o /dev/null 2>&1 | FileCheck %s --check-prefix=NO-FILE

// IR-ONLY-NOT: bytes_read
// IR-ONLY: func.func @relu
// IR-ONLY-NOT: bytes_read
// NO-FILE: error: hlo-cost-report: {{.*}}

// relu((a + b) * c) on n = 1024 floats: 5n elements read and 3n written op
// by op; the fusion reads 3n and writes n. The splat zero is an immediate.

// UNFUSED:      op                       location      flops    transc.     bytes_read  bytes_written   elems_read elems_written
// UNFUSED-NEXT: hlo.add                  hlo-cost-report.mlir:{{[0-9]+}}:{{[0-9]+}}  1024  0  8192  4096  2048  1024
// UNFUSED-NEXT: hlo.multiply             {{.*}}  1024  0  8192  4096  2048  1024
// UNFUSED-NEXT: hlo.maximum              {{.*}}  1024  0  4096  4096  1024  1024
// UNFUSED-NEXT: total @relu              3072  0  20480  12288  5120  3072
// The softmax: 2 reductions of 8 x 15 maxima/additions, 2 x 128 flops of
// the subtract and divide, 128 exponentials.
// UNFUSED:      total @softmax           496  128  3648  2624
// UNFUSED:      hlo.dot_general          {{.*}}  1024  0  384  512
// UNFUSED:      total @mlp               1280  0  1984  2048
// UNFUSED:      total (module)

// FUSED:        hlo.fusion (loop)        {{.*}}  3072  0  12288  4096  3072  1024
// FUSED-NEXT:   total @relu              3072  0  12288  4096  3072  1024
// FUSED:        hlo.fusion (input)       {{.*}}  496  128  512  512  128  128
// FUSED:        hlo.fusion (output)      {{.*}}  1280  0  448  512
// FUSED:        total (module)           4848  128  13248  5120

// JSON:      "functions": [
// JSON:          "name": "relu",
// JSON:              "bytes_read": 12288,
// JSON-NEXT:         "bytes_written": 4096,
// JSON-NEXT:         "elements_read": 3072,
// JSON-NEXT:         "elements_written": 1024,
// JSON-NEXT:         "flops": 3072,
// JSON-NEXT:         "kind": "loop",
// JSON:              "op": "hlo.fusion",
// JSON:      "total": {

func.func @relu(%a: tensor<1024xf32>, %b: tensor<1024xf32>, %c: tensor<1024xf32>) -> tensor<1024xf32> {
  %t1 = hlo.add %a, %b : tensor<1024xf32>
  %t2 = hlo.multiply %t1, %c : tensor<1024xf32>
  %z = hlo.constant dense<0.0> : tensor<1024xf32>
  %r = hlo.maximum %t2, %z : tensor<1024xf32>
  return %r : tensor<1024xf32>
}

func.func @softmax(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %max = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %sub = hlo.subtract %x, %maxb : tensor<8x16xf32>
  %exp = hlo.exponential %sub : tensor<8x16xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%exp init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %div = hlo.divide %exp, %sumb : tensor<8x16xf32>
  return %div : tensor<8x16xf32>
}

// 2 * 8 * 16 * 4 flops for the product, 8 x 16 for the add and for the max.
func.func @mlp(%x: tensor<8x4xf32>, %w: tensor<4x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %a = hlo.add %d, %bb : tensor<8x16xf32>
  %z = hlo.constant dense<0.0> : tensor<8x16xf32>
  %r = hlo.maximum %a, %z : tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
