// A reduction across two replicas: not runnable on one process.
func.func @main() -> tensor<2xf32> {
  %x = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %r = "hlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
