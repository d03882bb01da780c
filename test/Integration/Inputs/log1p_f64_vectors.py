"""f64 log_plus_one on vectors (the fdlibm algorithm of hlo-lower-vectors'
approximations) against Python's math.log1p: every binade of both signs
above -1, the edges of the k = 0 region (-0.2929, 0.4142), the range where
1 + x loses x's digits (2^53 and up), subnormals, and the special values
-1 (-inf), below -1 (NaN), +inf, NaN. Prints the largest error in ulp of
the result (math.log1p is itself within 1 ulp: the bound is 2)."""

import math
import os
import subprocess
import sys

import numpy as np

runner, tmp = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(7)
points = [rng.uniform(-1, 1, 2000)]
for e in range(-1074, 1024, 7):
    points.append(np.array([2.0**e, 1.7 * 2.0**e if e < 1023 else 2.0**e]))
for e in range(-1074, 0, 5):
    points.append(-np.array([2.0**e]) * 0.999)
points.append(np.array([-0.29289, -0.2928932188, -0.29290, 0.41421,
                        0.4142135623, 0.41422, 2.0**53, 2.0**54 - 1, 2.0**54,
                        2.0**60 + 3, 5e-324, -5e-324, 0.0, -0.0, -0.5,
                        -0.9999999999, 1e300]))
specials = np.array([-1.0, -1.5, -np.inf, np.inf, np.nan])
x = np.concatenate(points + [specials])
x = np.concatenate([x, np.zeros((-len(x)) % 8)])
n = len(x)
module = (f"func.func @main(%x: tensor<{n}xf64>) -> tensor<{n}xf64> {{\n"
          f"  %0 = hlo.log_plus_one %x : tensor<{n}xf64>\n"
          f"  return %0 : tensor<{n}xf64>\n}}\n")
with open(os.path.join(tmp, "log1p.mlir"), "w") as f:
    f.write(module)
np.save(os.path.join(tmp, "x.npy"), x)
subprocess.run([runner, os.path.join(tmp, "log1p.mlir"), "--input",
                os.path.join(tmp, "x.npy"), "--output",
                os.path.join(tmp, "out")], check=True)
got = np.load(os.path.join(tmp, "out", "result0.npy"))
worst, bad = 0.0, []
for xi, gi in zip(x.tolist(), got.tolist()):
    if math.isnan(xi) or xi < -1:
        ok = math.isnan(gi)
    elif xi == -1:
        ok = gi == -math.inf
    elif math.isinf(xi):
        ok = gi == math.inf
    else:
        want = math.log1p(xi)
        ulp = math.ulp(want) if want != 0 else 5e-324
        err = abs(gi - want) / ulp
        worst = max(worst, err)
        ok = err <= 2 and (want != 0 or gi == 0)
        if want == 0:
            ok = ok and math.copysign(1, gi) == math.copysign(1, want)
    if not ok:
        bad.append((xi, gi))
print(f"points: {n}, max error: {'%.2f' % worst} ulp")
for xi, gi in bad[:10]:
    print(f"FAILED: log1p({xi!r}) = {gi!r}, want {math.log1p(xi) if xi > -1 else 'special'}")
print("ok" if not bad else f"{len(bad)} failed")
sys.exit(1 if bad else 0)
