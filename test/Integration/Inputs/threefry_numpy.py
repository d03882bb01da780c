"""Threefry-2x32 as JAX writes it (a while loop of five iterations, each four
rounds of add, rotate by an amount read from a carried tensor<4xui32> and
xor, then a key injection, with the rotations and keys permuted between
iterations) against numpy, bit for bit, at odd lengths.

The loop body is one multi-output loop fusion over the two arrays, with the
rotation amounts read through slices inside it, updated in place of the
carried arrays (hlo-fusion, hlo-loop-carried-in-place); this checks the
values it computes. Prints one line per length and a summary.
"""

import argparse
import os
import subprocess
import sys

import numpy as np

LENGTHS = [1, 7, 64, 1000, 4099]

PROGRAM = """
func.func @main(%key: tensor<2xui32>, %x0: tensor<NxN>, %x1: tensor<NxN>) -> (tensor<NxN>, tensor<NxN>) {
  %s0 = stablehlo.slice %key [0:1] : (tensor<2xui32>) -> tensor<1xui32>
  %k0 = stablehlo.reshape %s0 : (tensor<1xui32>) -> tensor<ui32>
  %s1 = stablehlo.slice %key [1:2] : (tensor<2xui32>) -> tensor<1xui32>
  %k1 = stablehlo.reshape %s1 : (tensor<1xui32>) -> tensor<ui32>
  %r0 = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
  %r1 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
  %0 = stablehlo.xor %k0, %k1 : tensor<ui32>
  %c = stablehlo.constant dense<466688986> : tensor<ui32>
  %k2 = stablehlo.xor %0, %c : tensor<ui32>
  %b0 = stablehlo.broadcast_in_dim %k0, dims = [] : (tensor<ui32>) -> tensor<NxN>
  %a0 = stablehlo.add %x0, %b0 : tensor<NxN>
  %b1 = stablehlo.broadcast_in_dim %k1, dims = [] : (tensor<ui32>) -> tensor<NxN>
  %a1 = stablehlo.add %x1, %b1 : tensor<NxN>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %w:9 = stablehlo.while(%i = %zero, %j = %zero, %x = %a0, %y = %a1, %ka = %k1, %kb = %k2, %kc = %k0, %ra = %r0, %rb = %r1) : tensor<i32>, tensor<i32>, tensor<NxN>, tensor<NxN>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
  cond {
    %five = stablehlo.constant dense<5> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %five, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %r:8 = func.call @body(%j, %x, %y, %ka, %kb, %kc, %ra, %rb) : (tensor<i32>, tensor<NxN>, tensor<NxN>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<NxN>, tensor<NxN>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>)
    %one = stablehlo.constant dense<1> : tensor<i32>
    %in = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %in, %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : tensor<i32>, tensor<i32>, tensor<NxN>, tensor<NxN>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
  }
  return %w#2, %w#3 : tensor<NxN>, tensor<NxN>
}

func.func private @body(%j: tensor<i32>, %x: tensor<NxN>, %y: tensor<NxN>, %ka: tensor<ui32>, %kb: tensor<ui32>, %kc: tensor<ui32>, %ra: tensor<4xui32>, %rb: tensor<4xui32>) -> (tensor<i32>, tensor<NxN>, tensor<NxN>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) {
  %c32 = stablehlo.constant dense<32> : tensor<ui32>
ROUNDS
  %bka = stablehlo.broadcast_in_dim %ka, dims = [] : (tensor<ui32>) -> tensor<NxN>
  %xo = stablehlo.add %x4, %bka : tensor<NxN>
  %bkb = stablehlo.broadcast_in_dim %kb, dims = [] : (tensor<ui32>) -> tensor<NxN>
  %yk = stablehlo.add %y4, %bkb : tensor<NxN>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %jn = stablehlo.add %j, %one : tensor<i32>
  %ju = stablehlo.convert %jn : (tensor<i32>) -> tensor<ui32>
  %bj = stablehlo.broadcast_in_dim %ju, dims = [] : (tensor<ui32>) -> tensor<NxN>
  %yo = stablehlo.add %yk, %bj : tensor<NxN>
  return %jn, %xo, %yo, %kb, %kc, %ka, %rb, %ra : tensor<i32>, tensor<NxN>, tensor<NxN>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
}
"""

ROUND = """  %s{k} = stablehlo.slice %ra [{k}:{k1}] : (tensor<4xui32>) -> tensor<1xui32>
  %r{k} = stablehlo.reshape %s{k} : (tensor<1xui32>) -> tensor<ui32>
  %x{k1} = stablehlo.add {x}, {y} : tensor<NxN>
  %bl{k} = stablehlo.broadcast_in_dim %r{k}, dims = [] : (tensor<ui32>) -> tensor<NxN>
  %shl{k} = stablehlo.shift_left {y}, %bl{k} : tensor<NxN>
  %rr{k} = stablehlo.subtract %c32, %r{k} : tensor<ui32>
  %br{k} = stablehlo.broadcast_in_dim %rr{k}, dims = [] : (tensor<ui32>) -> tensor<NxN>
  %shr{k} = stablehlo.shift_right_logical {y}, %br{k} : tensor<NxN>
  %rot{k} = stablehlo.or %shl{k}, %shr{k} : tensor<NxN>
  %y{k1} = stablehlo.xor %x{k1}, %rot{k} : tensor<NxN>
"""


def program(n):
    rounds = "".join(
        ROUND.format(k=k, k1=k + 1, x="%x" if k == 0 else f"%x{k}",
                     y="%y" if k == 0 else f"%y{k}") for k in range(4))
    return PROGRAM.replace("ROUNDS", rounds).replace("NxN", f"{n}xui32")


def rotl(v, r):
    return ((v << np.uint32(r)) | (v >> np.uint32(32 - r))).astype(np.uint32)


def reference(key, x0, x1):
    with np.errstate(over="ignore"):
        k = [key[0], key[1], key[0] ^ key[1] ^ np.uint32(466688986)]
        rot = [[13, 15, 26, 6], [17, 29, 16, 24]]
        x, y = x0 + k[0], x1 + k[1]
        for i in range(5):
            for r in rot[i % 2]:
                x = x + y
                y = rotl(y, r) ^ x
            x = x + k[(i + 1) % 3]
            y = y + k[(i + 2) % 3] + np.uint32(i + 1)
        return x, y


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runner", required=True)
    parser.add_argument("--tmp", required=True)
    args = parser.parse_args()
    rng = np.random.default_rng(16)
    failed = 0
    for n in LENGTHS:
        d = os.path.join(args.tmp, f"n{n}")
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "threefry.mlir"), "w") as f:
            f.write(program(n))
        key = rng.integers(0, 2**32, size=2, dtype=np.uint32)
        x0 = rng.integers(0, 2**32, size=n, dtype=np.uint32)
        x1 = rng.integers(0, 2**32, size=n, dtype=np.uint32)
        command = [args.runner, os.path.join(d, "threefry.mlir"),
                   "--output", os.path.join(d, "out")]
        for i, value in enumerate([key, x0, x1]):
            path = os.path.join(d, f"in{i}.npy")
            np.save(path, value)
            command += ["--input", path]
        proc = subprocess.run(command, capture_output=True, text=True)
        if proc.returncode != 0:
            print(f"n={n}: FAILED to run: {proc.stderr.strip()}")
            failed += 1
            continue
        want = reference(key, x0, x1)
        for i in range(2):
            got = np.load(os.path.join(d, "out", f"result{i}.npy"))
            wrong = int(np.count_nonzero(got.astype(np.uint32) != want[i]))
            status = "ok" if wrong == 0 else "FAILED"
            failed += wrong != 0
            print(f"n={n} result {i}: {wrong} of {n} elements differ: {status}")
    print(f"{len(LENGTHS) * 2 - failed} of {len(LENGTHS) * 2} results exact")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
