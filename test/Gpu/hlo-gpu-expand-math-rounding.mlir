// floor, ceil and trunc on the bits of f32 and f64 values give exactly what
// LLVM's intrinsics give, on negative fractions, signed zeros, values around
// 2^23, infinities, NaN and subnormals: the program prints the same with
// and without the expansion.
// RUN: hlo-opt %s --convert-scf-to-cf --convert-vector-to-llvm --convert-math-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils > %t.reference
// RUN: hlo-opt %s --hlo-gpu-expand-math --convert-scf-to-cf --convert-vector-to-llvm --convert-math-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils > %t.expanded
// RUN: diff %t.reference %t.expanded
// RUN: FileCheck %s < %t.expanded
// RUN: hlo-opt %s --hlo-gpu-expand-math | FileCheck %s --check-prefix=IR
// IR-NOT: math.floor
// IR-NOT: math.ceil
// IR-NOT: math.trunc
// x = -0.5: floor -1, ceil -0, trunc -0; 2x = -1 (f64): floor -1, ceil -1.
// CHECK: -3-2-2-5-5
// CHECK-NEXT: -1-1-1-2-2
// CHECK-NEXT: -1-0-0-1-1
func.func private @printF32(f32)
func.func private @printF64(f64)
func.func private @printNewline()
func.func @main() {
  %vals = arith.constant dense<[-2.5, -1.0, -0.5, -0.0, 0.0, 0.3, 1.0, 1.5, 8388607.5, 8388609.0, -8388607.5, 0x7F800000, 0xFF800000, 0x7FC00000, 1.0e-40, -1.0e-40, 123456.789, -0.99999994]> : vector<18xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c18 = arith.constant 18 : index
  scf.for %i = %c0 to %c18 step %c1 {
    %x = vector.extract %vals[%i] : f32 from vector<18xf32>
    %f = math.floor %x : f32
    %c = math.ceil %x : f32
    %t = math.trunc %x : f32
    func.call @printF32(%f) : (f32) -> ()
    func.call @printF32(%c) : (f32) -> ()
    func.call @printF32(%t) : (f32) -> ()
    %xd = arith.extf %x : f32 to f64
    %xd2 = arith.addf %xd, %xd : f64
    %fd = math.floor %xd2 : f64
    %cd = math.ceil %xd2 : f64
    func.call @printF64(%fd) : (f64) -> ()
    func.call @printF64(%cd) : (f64) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}
