// One negative test per constraint of rng_bit_generator and rng (and what
// ODS rejects on the way).
// RUN: hlo-opt %s -split-input-file -verify-diagnostics

func.func @rng_bit_generator_c1(%s: tensor<2xui64>) {
  // expected-error@+1 {{requires output_state to have the type of initial_state (rng_bit_generator_c1), found 'tensor<3xui64>' and 'tensor<2xui64>'}}
  %0:2 = hlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return
}

// -----

func.func @rng_bit_generator_c2_three_fry(%s: tensor<3xui64>) {
  // expected-error@+1 {{requires an initial_state of 2 elements for THREE_FRY (rng_bit_generator_c2), found 3}}
  %0:2 = hlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return
}

// -----

func.func @rng_bit_generator_c2_philox(%s: tensor<4xui64>) {
  // expected-error@+1 {{requires an initial_state of 2 or 3 elements for PHILOX (rng_bit_generator_c2), found 4}}
  %0:2 = hlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<4xui64>) -> (tensor<4xui64>, tensor<4xui32>)
  return
}

// -----

func.func @rng_bit_generator_c2_default(%s: tensor<1xui64>) {
  // expected-error@+1 {{requires an initial_state of 2 or 3 elements for DEFAULT (rng_bit_generator_c2), found 1}}
  %0:2 = hlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<1xui64>) -> (tensor<1xui64>, tensor<4xui32>)
  return
}

// -----

func.func @rng_bit_generator_i2(%s: tensor<2xi64>) {
  // expected-error@+1 {{operand #0 must be 1D tensor of 64-bit unsigned integer values}}
  %0:2 = hlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<2xi64>) -> (tensor<2xi64>, tensor<4xui32>)
  return
}

// -----

func.func @rng_bit_generator_output(%s: tensor<2xui64>) {
  // expected-error@+1 {{result #1 must be ranked tensor of}}
  %0:2 = hlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xi1>)
  return
}

// -----

func.func @rng_bit_generator_algorithm(%s: tensor<2xui64>) {
  // expected-error@+2 {{expected ::mlir::hlo::RngAlgorithm to be one of: DEFAULT, THREE_FRY, PHILOX}}
  // expected-error@+1 {{failed to parse HLO_RngAlgorithmAttr parameter}}
  %0:2 = hlo.rng_bit_generator %s, algorithm = MT19937 : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  return
}

// -----

func.func @rng_c1(%a: tensor<f32>, %b: tensor<f64>) {
  %shape = hlo.constant dense<[3]> : tensor<1xi64>
  // expected-error@+1 {{requires a, b and result to have one element type (rng_c1), found 'f32', 'f64' and 'f32'}}
  %0 = hlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f64>, tensor<1xi64>) -> tensor<3xf32>
  return
}

// -----

func.func @rng_c2(%a: tensor<i32>, %b: tensor<i32>) {
  %shape = hlo.constant dense<[3]> : tensor<1xi64>
  // expected-error@+1 {{requires a floating-point element type for the NORMAL distribution (rng_c2), found 'i32'}}
  %0 = hlo.rng %a, %b, %shape, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<3xi32>
  return
}

// -----

func.func @rng_c3_rank(%a: tensor<f32>, %b: tensor<f32>) {
  %shape = hlo.constant dense<[3, 3]> : tensor<2xi64>
  // expected-error@+1 {{requires the result rank to be the size of shape (rng_c3), found rank 1 and 2 sizes}}
  %0 = hlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3xf32>
  return
}

// -----

func.func @rng_c3_sizes(%a: tensor<f32>, %b: tensor<f32>) {
  %shape = hlo.constant dense<[3, 4]> : tensor<2xi64>
  // expected-error@+1 {{requires the result shape to be shape (rng_c3), found size 3 for dimension 1 where shape says 4}}
  %0 = hlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  return
}

// -----

func.func @rng_c3_negative(%a: tensor<f32>, %b: tensor<f32>) {
  %shape = hlo.constant dense<[-3]> : tensor<1xi64>
  // expected-error@+1 {{requires non-negative sizes in shape (rng_c3), found -3}}
  %0 = hlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @rng_i1(%a: tensor<2xf32>, %b: tensor<f32>) {
  %shape = hlo.constant dense<[3]> : tensor<1xi64>
  // expected-error@+1 {{operand #0 must be 0D tensor of}}
  %0 = hlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<2xf32>, tensor<f32>, tensor<1xi64>) -> tensor<3xf32>
  return
}

// -----

func.func @rng_distribution(%a: tensor<f32>, %b: tensor<f32>) {
  %shape = hlo.constant dense<[3]> : tensor<1xi64>
  // expected-error@+2 {{expected ::mlir::hlo::RngDistribution to be one of: UNIFORM, NORMAL}}
  // expected-error@+1 {{failed to parse HLO_RngDistributionAttr parameter}}
  %0 = hlo.rng %a, %b, %shape, distribution = POISSON : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<3xf32>
  return
}
