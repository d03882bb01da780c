// RUN: hlo-opt %s -split-input-file -verify-diagnostics

func.func @wrong_result(%a: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{body must return 1 values of types ('tensor<4xi32>') (fusion), found ('tensor<4xf32>')}}
  %0 = hlo.fusion kind = loop (%x = %a) : (tensor<4xf32>) -> tensor<4xi32> {
    hlo.return %x : tensor<4xf32>
  }
  return %0 : tensor<4xi32>
}

// -----

func.func @bad_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected fusion kind loop, input, output or custom, found 'vertical'}}
  %0 = hlo.fusion kind = vertical (%x = %a) : (tensor<4xf32>) -> tensor<4xf32> {
    hlo.return %x : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @type_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 1 input types, found 2}}
  %0 = hlo.fusion kind = loop (%x = %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
    hlo.return %x : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @uses_value_from_above(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note @+1 {{required by region isolation constraints}}
  %0 = hlo.fusion kind = loop (%x = %a) : (tensor<4xf32>) -> tensor<4xf32> {
    // expected-error @+1 {{using value defined outside the region}}
    %s = hlo.add %x, %a : tensor<4xf32>
    hlo.return %s : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @generic_arg_types(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{body must take the input types ('tensor<4xf32>'), found ('tensor<4xi32>')}}
  %0 = "hlo.fusion"(%a) <{kind = #hlo<fusion_kind loop>}> ({
  ^bb0(%x: tensor<4xi32>):
    %f = hlo.convert %x : (tensor<4xi32>) -> tensor<4xf32>
    hlo.return %f : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A body result only compatible with the fusion's (tensor<?xf32> for
// tensor<2xf32>) crashed hlo-legalize-to-linalg, which sized the loop nest
// from the body's value: the body returns the result types exactly.
func.func @compatible_result(%a: tensor<2xf32>, %b: tensor<?xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{body must return the result types ('tensor<2xf32>'), found ('tensor<?xf32>')}}
  %0 = hlo.fusion kind = loop (%x = %a, %y = %b) : (tensor<2xf32>, tensor<?xf32>) -> tensor<2xf32> {
    hlo.return %y : tensor<?xf32>
  }
  return %0 : tensor<2xf32>
}
