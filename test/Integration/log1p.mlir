// log_plus_one keeps the digits of small arguments (libm's log1p, not
// log(1 + x), which returns 1.00135e-5 for 1e-5 in f32), checked against
// Python's math.log1p within 1 ulp.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 6 1e-5 -1e-7 0.0177384 3e-9 0.5 -0.25
// RUN: %python %hlo_src_root/utils/npy.py write %t/d.npy f8 4 1e-12 -1e-15 0.0177384 3
// RUN: hlo-runner %s --input %t/x.npy --input %t/d.npy --output %t/out
// RUN: %python %S/Inputs/reference.py map --ulp=1 "math.log1p" %t/out/result0.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map --ulp=1 "math.log1p" %t/out/result1.npy %t/d.npy
func.func @main(%x: tensor<6xf32>, %d: tensor<4xf64>) -> (tensor<6xf32>, tensor<4xf64>) {
  %0 = hlo.log_plus_one %x : tensor<6xf32>
  %1 = hlo.log_plus_one %d : tensor<4xf64>
  return %0, %1 : tensor<6xf32>, tensor<4xf64>
}
