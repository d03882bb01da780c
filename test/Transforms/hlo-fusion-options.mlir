// RUN: hlo-opt %s --hlo-fusion=max-fused-ops=2 | FileCheck %s --check-prefix=LIMIT
// RUN: hlo-opt %s --hlo-fusion=multi-output=false | FileCheck %s --check-prefix=NOMULTI
// RUN: hlo-opt %s --hlo-fusion=sibling-fusion=false | FileCheck %s --check-prefix=NOSIBLING

// LIMIT-LABEL: func.func @chain
// LIMIT:         %[[A:.*]] = hlo.fusion kind = loop
// LIMIT-COUNT-2:   hlo.negate
// LIMIT:         hlo.fusion kind = loop (%{{.*}} = %[[A]])
// LIMIT-COUNT-2:   hlo.negate
func.func @chain(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.negate %x : tensor<4xf32>
  %1 = hlo.negate %0 : tensor<4xf32>
  %2 = hlo.negate %1 : tensor<4xf32>
  %3 = hlo.negate %2 : tensor<4xf32>
  return %3 : tensor<4xf32>
}

// NOMULTI-LABEL: func.func @multi_output
// NOMULTI:         %[[E:.*]] = hlo.exponential %arg0
// NOMULTI:         hlo.fusion kind = loop (%{{.*}} = %[[E]], %{{.*}} = %arg1)
// NOMULTI-NOT:       hlo.exponential
// NOMULTI:           hlo.return
func.func @multi_output(%x: tensor<16xf32>, %y: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = hlo.exponential %x : tensor<16xf32>
  %r = hlo.add %e, %y : tensor<16xf32>
  %s = hlo.multiply %r, %y : tensor<16xf32>
  return %s, %e : tensor<16xf32>, tensor<16xf32>
}

// NOSIBLING-LABEL: func.func @siblings
// NOSIBLING-NOT:     hlo.fusion
// NOSIBLING:         return
func.func @siblings(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = hlo.exponential %x : tensor<16xf32>
  %l = hlo.log %x : tensor<16xf32>
  return %e, %l : tensor<16xf32>, tensor<16xf32>
}
