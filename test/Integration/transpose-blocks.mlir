// Transposes of 32-bit elements by 16x16 register blocks (hlo-vectorize),
// including attention's heads layouts where other dimensions lie between
// the two transposed ones (rows read contiguously, shuffled in registers),
// a transpose fused with an elementwise op on an untransposed operand, i32,
// and odd extents (element by element): every result equal to the scalar
// lowering's (vectorize=false), which moves element by element, and to the
// unfused program's (fusion=false). The heads merged back after the
// transpose (a fusion whose root is a reshape) are a transpose and a view.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/a.npy f4 64x48 --pattern=1
// RUN: %python %hlo_src_root/utils/npy.py write %t/h.npy f4 2x32x3x16 --pattern=2
// RUN: %python %hlo_src_root/utils/npy.py write %t/g.npy f4 2x3x16x32 --pattern=3
// RUN: %python %hlo_src_root/utils/npy.py write %t/i.npy i4 2x32x3x16 --pattern=4
// RUN: %python %hlo_src_root/utils/npy.py write %t/o.npy f4 2x37x3x21 --pattern=5
// RUN: hlo-runner %s --entry main --input %t/a.npy --input %t/h.npy --input %t/g.npy --input %t/i.npy --input %t/o.npy > %t/vector.txt
// RUN: hlo-runner %s --entry main --input %t/a.npy --input %t/h.npy --input %t/g.npy --input %t/i.npy --input %t/o.npy --pipeline-options=vectorize=false > %t/scalar.txt
// RUN: hlo-runner %s --entry main --input %t/a.npy --input %t/h.npy --input %t/g.npy --input %t/i.npy --input %t/o.npy --pipeline-options=fusion=false > %t/unfused.txt
// RUN: diff %t/vector.txt %t/scalar.txt
// RUN: diff %t/vector.txt %t/unfused.txt
// RUN: FileCheck %s < %t/vector.txt
// RUN: hlo-opt %s --hlo-cpu-pipeline --mlir-print-ir-after=hlo-vectorize -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR

// CHECK: result #0: tensor<48x64xf32>
// CHECK: result #1: tensor<2x3x16x32xf32>
// CHECK: result #2: tensor<2x32x3x16xf32>
// CHECK: result #3: tensor<2x3x16x32xi32>
// CHECK: result #4: tensor<2x3x21x37xf32>
// CHECK: result #5: tensor<2x32x48xf32>
// IR-LABEL: func.func @main
// IR-COUNT-5: vector.transfer_read {{.*}}permutation_map = {{.*}} : tensor<16x16x{{i32|f32}}>, vector<16x16x{{i32|f32}}>

func.func @main(%a: tensor<64x48xf32>, %h: tensor<2x32x3x16xf32>, %g: tensor<2x3x16x32xf32>,
                %i: tensor<2x32x3x16xi32>, %o: tensor<2x37x3x21xf32>)
    -> (tensor<48x64xf32>, tensor<2x3x16x32xf32>, tensor<2x32x3x16xf32>, tensor<2x3x16x32xi32>, tensor<2x3x21x37xf32>, tensor<2x32x48xf32>) {
  %0 = hlo.transpose %a, dims = [1, 0] : (tensor<64x48xf32>) -> tensor<48x64xf32>
  %1 = hlo.transpose %h, dims = [0, 2, 3, 1] : (tensor<2x32x3x16xf32>) -> tensor<2x3x16x32xf32>
  %2 = hlo.transpose %g, dims = [0, 3, 1, 2] : (tensor<2x3x16x32xf32>) -> tensor<2x32x3x16xf32>
  %3 = hlo.add %2, %h : tensor<2x32x3x16xf32>
  %4 = hlo.transpose %i, dims = [0, 2, 3, 1] : (tensor<2x32x3x16xi32>) -> tensor<2x3x16x32xi32>
  %5 = hlo.transpose %o, dims = [0, 2, 3, 1] : (tensor<2x37x3x21xf32>) -> tensor<2x3x21x37xf32>
  %6 = hlo.transpose %g, dims = [0, 3, 1, 2] : (tensor<2x3x16x32xf32>) -> tensor<2x32x3x16xf32>
  %7 = hlo.reshape %6 : (tensor<2x32x3x16xf32>) -> tensor<2x32x48xf32>
  return %0, %1, %3, %4, %5, %7 : tensor<48x64xf32>, tensor<2x3x16x32xf32>, tensor<2x32x3x16xf32>, tensor<2x3x16x32xi32>, tensor<2x3x21x37xf32>, tensor<2x32x48xf32>
}
