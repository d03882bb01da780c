"""hlo.fft (FFT, IFFT, RFFT, IRFFT; f32 and f64; 1-, 2- and 3-d lengths with
batch dimensions) against numpy.fft computed in float64.

One program per (element type, kind) holds every case as its own parameter
and result, so that a few compilations cover them all. The error of a case
is the largest absolute difference divided by the largest magnitude of the
reference; it must be within `TOLERANCE * log2(n + 1)` for the element type
(numpy's own float32 FFT is at about 1e-7 * log2 n). Prints one line per
case and a summary.
"""

import argparse
import math
import os
import subprocess
import sys

import numpy as np

LENGTHS = [1, 2, 3, 5, 7, 8, 12, 16, 17, 97, 100, 128, 255, 256, 257, 1000,
           1024, 4096]
# Lengths whose first stage has more than 2^16 DFT-and-twiddle constants
# (the twiddles a separate constant), in one case each.
LARGE = [65536]
# (batch shape, fft_length) of the multi-dimensional cases.
MULTI = [((2,), (4, 6)), ((), (5, 8)), ((3,), (3, 2, 4)), ((), (17, 6)),
         ((2,), (2, 97))]
TOLERANCE = {"f32": 2.5e-7, "f64": 5e-16}
NUMPY = {"f32": np.float32, "f64": np.float64}
COMPLEX = {"f32": np.complex64, "f64": np.complex128}


def shape_text(shape, element):
    return "x".join([str(d) for d in shape] + [element])


def cases():
    """(name, batch shape, fft_length) of every case."""
    for n in LENGTHS:
        yield f"n={n}", (3,), (n,)
    for batch, length in MULTI:
        yield "x".join(map(str, length)) + f" batch={batch}", batch, length
    # A transform with a trailing batch-free layout of many rows.
    yield "n=16 batch=(5,7)", (5, 7), (16,)
    for n in LARGE:
        yield f"n={n}", (1,), (n,)


def reference(kind, x, length):
    axes = tuple(range(x.ndim - len(length), x.ndim))
    x = x.astype(np.complex128 if np.iscomplexobj(x) else np.float64)
    if kind == "FFT":
        return np.fft.fftn(x, axes=axes)
    if kind == "IFFT":
        return np.fft.ifftn(x, axes=axes)
    if kind == "RFFT":
        return np.fft.rfftn(x, axes=axes)
    return np.fft.irfftn(x, s=length, axes=axes)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runner", required=True)
    parser.add_argument("--tmp", required=True)
    parser.add_argument("--runner-arg", action="append", default=[])
    parser.add_argument("--element", choices=["f32", "f64"], action="append")
    args = parser.parse_args()
    rng = np.random.default_rng(16)
    passed = failed = 0
    for element in args.element or ["f32", "f64"]:
        for kind in ("FFT", "IFFT", "RFFT", "IRFFT"):
            complex_element = f"complex<{element}>"
            params, results, body, inputs, names = [], [], [], [], []
            for index, (name, batch, length) in enumerate(cases()):
                shape = tuple(batch) + tuple(length)
                if kind in ("FFT", "IFFT"):
                    in_shape, out_shape = shape, shape
                    in_el, out_el = complex_element, complex_element
                elif kind == "RFFT":
                    in_shape = shape
                    out_shape = shape[:-1] + (length[-1] // 2 + 1,)
                    in_el, out_el = element, complex_element
                else:
                    in_shape = shape[:-1] + (length[-1] // 2 + 1,)
                    out_shape = shape
                    in_el, out_el = complex_element, element
                if in_el == element:
                    x = rng.standard_normal(in_shape).astype(NUMPY[element])
                else:
                    x = (rng.standard_normal(in_shape) +
                         1j * rng.standard_normal(in_shape)).astype(
                             COMPLEX[element])
                tin = shape_text(in_shape, in_el)
                tout = shape_text(out_shape, out_el)
                params.append(f"%x{index}: tensor<{tin}>")
                results.append(f"tensor<{tout}>")
                lengths = ", ".join(map(str, length))
                body.append(
                    f"  %r{index} = hlo.fft %x{index}, type = {kind}, "
                    f"length = [{lengths}] : (tensor<{tin}>) -> "
                    f"tensor<{tout}>")
                inputs.append(x)
                names.append((name, length))
            module = (
                f"func.func @main({', '.join(params)}) -> "
                f"({', '.join(results)}) {{\n" + "\n".join(body) +
                f"\n  return " +
                ", ".join(f"%r{i}" for i in range(len(body))) + " : " +
                ", ".join(results) + "\n}\n")
            d = os.path.join(args.tmp, f"{element}-{kind}")
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "fft.mlir"), "w") as f:
                f.write(module)
            command = [args.runner, os.path.join(d, "fft.mlir"),
                       *args.runner_arg, "--output", os.path.join(d, "out")]
            for i, x in enumerate(inputs):
                path = os.path.join(d, f"x{i}.npy")
                np.save(path, x)
                command += ["--input", path]
            proc = subprocess.run(command, capture_output=True, text=True)
            if proc.returncode != 0:
                print(f"{element} {kind}: FAILED to run: "
                      f"{proc.stderr.strip()[-600:]}")
                failed += len(inputs)
                continue
            for i, (x, (name, length)) in enumerate(zip(inputs, names)):
                got = np.load(os.path.join(d, "out", f"result{i}.npy"))
                want = reference(kind, x, length)
                scale = max(np.max(np.abs(want)), 1e-300)
                error = float(np.max(np.abs(got - want))) / scale
                n = math.prod(length)
                bound = TOLERANCE[element] * math.log2(n + 1)
                ok = got.shape == want.shape and error <= bound
                status = "ok" if ok else "FAILED"
                print(f"{element} {kind} {name}: {status} "
                      f"(error {error:.2e}, bound {bound:.2e})")
                passed += ok
                failed += not ok
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
