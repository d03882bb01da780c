// Dynamic slices of generated arrays at generated indices (56, 25 and 30:
// some clamped into the arrays, one the last start inside;
// execute-dynamic-slice.mlir runs it on the simulator and the CPU path): a
// window of a [40, 300] f32 array, an update of an i8 array at unsigned
// indices (as i32 for the comparison) and an update whose result feeds a
// kernel.
func.func @main(%x: tensor<40x300xf32>, %i: tensor<i32>, %j: tensor<i32>, %q: tensor<20x130xi8>,
                %r: tensor<5x7xi8>, %k: tensor<ui32>, %y: tensor<64xf32>, %z: tensor<8xf32>)
    -> (tensor<16x130xf32>, tensor<20x130xi32>, tensor<64xf32>) {
  %0 = hlo.dynamic_slice %x, %i, %j, sizes = [16, 130] : (tensor<40x300xf32>, tensor<i32>, tensor<i32>) -> tensor<16x130xf32>
  %kj = hlo.convert %j : (tensor<i32>) -> tensor<ui32>
  %1 = hlo.dynamic_update_slice %q, %r, %k, %kj : (tensor<20x130xi8>, tensor<5x7xi8>, tensor<ui32>, tensor<ui32>) -> tensor<20x130xi8>
  %2 = hlo.convert %1 : (tensor<20x130xi8>) -> tensor<20x130xi32>
  %3 = hlo.dynamic_update_slice %y, %z, %i : (tensor<64xf32>, tensor<8xf32>, tensor<i32>) -> tensor<64xf32>
  %4 = hlo.exponential %3 : tensor<64xf32>
  return %0, %2, %4 : tensor<16x130xf32>, tensor<20x130xi32>, tensor<64xf32>
}
