//===- HloRngOps.td - random number generation ops ---------*- tablegen -*-===//
//
// StableHLO's rng_bit_generator and rng. Both are expanded into integer and
// float hlo ops by `hlo-expand-rng` (lib/Transforms/ExpandRng.cpp) before
// lowering: rng_bit_generator bit for bit as XLA:CPU computes it, rng with
// XLA's distributions over a Philox stream of fixed keys.
//
//===----------------------------------------------------------------------===//

#ifndef HLO_RNG_OPS_TD
#define HLO_RNG_OPS_TD

def HLO_RngStateTensor : 1DTensorOf<[UI64]>;
def HLO_RngScalarTensor : 0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>;

def HLO_RngBitGeneratorOp : HLO_Op<"rng_bit_generator", [Pure]> {
  let summary = "uniform random bits from a counter-based generator";
  let description = [{
    Fills `output` with random bits computed from `initial_state` by
    `rng_algorithm` and returns the advanced state in `output_state`
    (StableHLO `rng_bit_generator`, (C1)-(C2)). The algorithms are XLA's,
    so results agree bit for bit with XLA:CPU (and JAX):

    * `THREE_FRY`: Threefry-2x32 with 20 rounds, state `[key, counter]`
      (2 elements);
    * `PHILOX`: Philox-4x32 with 10 rounds, state `[key, counter]` (a
      128-bit counter whose high word is the key, as in XLA) or
      `[key, counter_lo, counter_hi]`;
    * `DEFAULT`: `PHILOX`, XLA:CPU's default (2 or 3 elements).

    64-bit outputs join two 32-bit words (low word first); outputs
    narrower than 32 bits keep the low bits of one 32-bit word each; signed
    and float outputs are the unsigned bits reinterpreted.

    ```mlir
    %output_state, %output = hlo.rng_bit_generator %state, algorithm = THREE_FRY
        : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
    ```
  }];
  let arguments = (ins HLO_RngAlgorithmAttr:$rng_algorithm,
                       HLO_RngStateTensor:$initial_state);
  let results = (outs HLO_RngStateTensor:$output_state,
                      HLO_IntOrFpTensor:$output);
  let assemblyFormat = [{
    $initial_state `,` `algorithm` `=` $rng_algorithm attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_RngOp : HLO_Op<"rng"> {
  let summary = "random numbers of a uniform or normal distribution";
  let description = [{
    Samples `result` from the uniform distribution over `[a, b)` or, with
    `NORMAL`, the normal distribution of mean `a` and standard deviation
    `b` (StableHLO `rng`, (C1)-(C3)). The spec leaves the generator to the
    implementation: `hlo-expand-rng` uses XLA's RngExpander formulas over a
    Philox stream whose key is fixed per op (deterministic from run to
    run), see its description. As in StableHLO the op is not `Pure`, so
    CSE never merges two rng ops.

    ```mlir
    %r = hlo.rng %a, %b, %shape, distribution = UNIFORM
        : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
    ```
  }];
  let arguments = (ins HLO_RngScalarTensor:$a, HLO_RngScalarTensor:$b,
                       1DTensorOf<[I64]>:$shape,
                       HLO_RngDistributionAttr:$rng_distribution);
  let results = (outs RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $shape `,` `distribution` `=` $rng_distribution attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // HLO_RNG_OPS_TD
