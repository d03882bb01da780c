func.func @main(%h: tensor<16xf16>, %d: tensor<16xf64>, %i8: tensor<16xi8>, %i16: tensor<16xi16>, %i32: tensor<16xi32>, %i64: tensor<16xi64>, %c: tensor<16xcomplex<f32>>, %p: tensor<16xi1>) -> (tensor<16xf16>, tensor<16xf64>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xcomplex<f32>>, tensor<16xi1>) {
  %0 = hlo.multiply %h, %h : tensor<16xf16>
  %1 = hlo.sine %d : tensor<16xf64>
  %2 = hlo.add %i8, %i8 : tensor<16xi8>
  %3 = hlo.multiply %i16, %i16 : tensor<16xi16>
  %4 = hlo.divide %i32, %i32 : tensor<16xi32>
  %5 = hlo.remainder %i64, %i64 : tensor<16xi64>
  %6 = hlo.multiply %c, %c : tensor<16xcomplex<f32>>
  %7 = hlo.not %p : tensor<16xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<16xf16>, tensor<16xf64>, tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi64>, tensor<16xcomplex<f32>>, tensor<16xi1>
}
