// Integer dots of generated arrays (execute-integer-dot.mlir runs it on
// the simulator and the CPU path): i8 operands and an i32 product over two
// M blocks (64 and a partial 6), two N blocks (128 and 72) and two K
// blocks (256 and a partial 44, its padding zeroed); a batched u16 product
// with a transposed right-hand side (a transpose first); an i32 product
// plus one (a kernel of its own).
func.func @main(%a: tensor<70x300xi8>, %b: tensor<300x200xi8>, %c: tensor<3x40x150xui16>,
                %d: tensor<3x50x150xui16>, %e: tensor<20x30xi32>, %f: tensor<30x10xi32>)
    -> (tensor<70x200xi32>, tensor<3x40x50xui16>, tensor<20x10xi32>) {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<70x300xi8>, tensor<300x200xi8>) -> tensor<70x200xi32>
  %1 = hlo.dot_general %c, %d, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<3x40x150xui16>, tensor<3x50x150xui16>) -> tensor<3x40x50xui16>
  %2 = hlo.dot_general %e, %f, contracting_dims = [1] x [0] : (tensor<20x30xi32>, tensor<30x10xi32>) -> tensor<20x10xi32>
  %one = hlo.constant dense<1> : tensor<20x10xi32>
  %3 = hlo.add %2, %one : tensor<20x10xi32>
  return %0, %1, %3 : tensor<70x200xi32>, tensor<3x40x50xui16>, tensor<20x10xi32>
}
