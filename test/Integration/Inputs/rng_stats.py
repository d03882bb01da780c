#!/usr/bin/env python3
"""Statistical checks of hlo.rng results (.npy files the runner wrote).

  rng_stats.py uniform LO HI FILE      # every value in [LO, HI); the mean
                                       # and variance of U[LO, HI) within 6
                                       # standard errors; for integers every
                                       # value of the range occurs
  rng_stats.py normal MEAN SD FILE     # mean and standard deviation within
                                       # 6 standard errors, 68-95 rule
  rng_stats.py const VALUE FILE        # every value equals VALUE
  rng_stats.py differ FILE FILE        # two results are not equal

The distributions are implementation-defined (hlo-expand-rng documents its
generator), so these are properties any correct generator has, not values.
Exits 1 with a message on failure. Pure Python (utils/npy.py), no numpy.
"""

import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "utils"))
import npy  # noqa: E402


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def moments(values):
    n = len(values)
    mean = math.fsum(values) / n
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return n, mean, var


def uniform(lo, hi, path):
    descr, _, values = npy.read(path)
    is_int = descr[-2] in "iu"
    lo, hi = (int(lo), int(hi)) if is_int else (float(lo), float(hi))
    bad = [v for v in values if not lo <= v < hi]
    if bad:
        fail("%s: %d values outside [%s, %s), e.g. %r" % (path, len(bad), lo, hi, bad[0]))
    n, mean, var = moments(values)
    if is_int:
        k = hi - lo
        want_mean, want_var = (lo + hi - 1) / 2, (k * k - 1) / 12
        if k <= 64:
            seen = set(values)
            missing = [v for v in range(lo, hi) if v not in seen]
            if missing:
                fail("%s: values never drawn: %r" % (path, missing))
    else:
        want_mean, want_var = (lo + hi) / 2, (hi - lo) ** 2 / 12
    se_mean = math.sqrt(want_var / n)
    se_var = want_var * math.sqrt(0.8 / n)  # 4th central moment of U is 9/5 var^2
    if abs(mean - want_mean) > 6 * se_mean:
        fail("%s: mean %g, expected %g +- %g" % (path, mean, want_mean, 6 * se_mean))
    if abs(var - want_var) > 6 * se_var:
        fail("%s: variance %g, expected %g +- %g" % (path, var, want_var, 6 * se_var))
    print("ok uniform %s n=%d mean=%.6g var=%.6g" % (os.path.basename(path), n, mean, var))


def normal(mu, sd, path):
    mu, sd = float(mu), float(sd)
    _, _, values = npy.read(path)
    if any(math.isnan(v) or math.isinf(v) for v in values):
        fail("%s: non-finite values" % path)
    n, mean, var = moments(values)
    if abs(mean - mu) > 6 * sd / math.sqrt(n):
        fail("%s: mean %g, expected %g" % (path, mean, mu))
    if abs(math.sqrt(var) - sd) > 6 * sd / math.sqrt(2 * n):
        fail("%s: standard deviation %g, expected %g" % (path, math.sqrt(var), sd))
    for k, p in ((1, 0.682689), (2, 0.954500)):
        frac = sum(1 for v in values if abs(v - mu) < k * sd) / n
        if abs(frac - p) > 6 * math.sqrt(p * (1 - p) / n):
            fail("%s: %g within %d sd, expected %g" % (path, frac, k, p))
    print("ok normal %s n=%d mean=%.6g sd=%.6g" % (os.path.basename(path), n, mean, math.sqrt(var)))


def main(argv):
    if argv[1] == "uniform":
        uniform(argv[2], argv[3], argv[4])
    elif argv[1] == "normal":
        normal(argv[2], argv[3], argv[4])
    elif argv[1] == "const":
        _, _, values = npy.read(argv[3])
        want = {"true": True, "false": False}.get(argv[2])
        want = float(argv[2]) if want is None else want
        if any(v != want for v in values):
            fail("%s: not all %s" % (argv[3], argv[2]))
        print("ok const %s" % os.path.basename(argv[3]))
    elif argv[1] == "differ":
        if npy.read(argv[2])[2] == npy.read(argv[3])[2]:
            fail("%s and %s are equal" % (argv[2], argv[3]))
        print("ok differ")
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
