#!/usr/bin/env python3
"""Writes a random StableHLO module for compile-time measurements.

Deterministic for a given (--ops, --mix, --seed, --size). Every value is a
SIZExSIZE f32 tensor; each op takes its operands from the last --window
values (preferring ones not used yet, so that nearly every op stays live) and
the values nobody uses are the results of @main.

Mixes (fractions of the ops):
  default      80% elementwise (incl. tanh/exp), 5% dot_general, 5% transpose,
               10% reduce+broadcast (the mix of issue 15)
  elementwise  95% elementwise, 5% transpose
  dot          40% dot_general, 50% elementwise, 10% transpose
  reduce       50% reduce+broadcast (chains of reductions), 50% elementwise
  deep         the default mix on a window of 2 (a long dependence chain)
  wide         the default mix on a window of 200
  control      the default mix with 5% while loops (a few ops in each body)
               and 5% if/else

A reduce+broadcast counts as two ops, a loop or a conditional as one op plus
the ops in its regions; constants are not counted.

  gen_module.py --ops 1000 --mix default --seed 1 -o m1000.mlir
"""
import argparse
import random
import sys

UNARY = ["tanh", "exponential", "negate", "abs", "sine", "sqrt_abs", "logistic"]
BINARY = ["add", "subtract", "multiply", "maximum", "minimum", "divide_safe"]

MIXES = {
    # (elementwise, dot, transpose, reduce, while, if)
    "default": (0.80, 0.05, 0.05, 0.10, 0.0, 0.0),
    "elementwise": (0.95, 0.0, 0.05, 0.0, 0.0, 0.0),
    "dot": (0.50, 0.40, 0.10, 0.0, 0.0, 0.0),
    "reduce": (0.50, 0.0, 0.0, 0.50, 0.0, 0.0),
    "deep": (0.80, 0.05, 0.05, 0.10, 0.0, 0.0),
    "wide": (0.80, 0.05, 0.05, 0.10, 0.0, 0.0),
    "control": (0.75, 0.05, 0.05, 0.05, 0.05, 0.05),
}
WINDOWS = {"deep": 2, "wide": 200}


class Gen:
    def __init__(self, rng, size, window, indent="    "):
        self.rng = rng
        self.t = f"tensor<{size}x{size}xf32>"
        self.row = f"tensor<{size}xf32>"
        self.window = window
        self.lines = []
        self.values = []  # names, in order
        self.unused = set()
        self.counter = 0
        self.count = 0  # ops emitted (constants excluded)
        self.indent = indent

    def fresh(self):
        self.counter += 1
        return f"%v{self.counter}"

    def emit(self, text):
        self.lines.append(self.indent + text)

    def add_value(self, name):
        self.values.append(name)
        self.unused.add(name)

    def pick(self):
        recent = self.values[-self.window:]
        fresh = [v for v in recent if v in self.unused]
        if fresh and self.rng.random() < 0.7:
            v = fresh[0]
        else:
            v = self.rng.choice(recent)
        self.unused.discard(v)
        return v

    def scalar_const(self, value):
        name = self.fresh()
        self.emit(f"{name} = stablehlo.constant dense<{value}> : tensor<f32>")
        return name

    def elementwise(self):
        t = self.t
        if self.rng.random() < 0.4:
            op = self.rng.choice(UNARY)
            a = self.pick()
            if op == "sqrt_abs":
                b = self.fresh()
                self.emit(f"{b} = stablehlo.abs {a} : {t}")
                r = self.fresh()
                self.emit(f"{r} = stablehlo.sqrt {b} : {t}")
                self.count += 2
            else:
                r = self.fresh()
                self.emit(f"{r} = stablehlo.{op} {a} : {t}")
                self.count += 1
        else:
            op = self.rng.choice(BINARY)
            a, b = self.pick(), self.pick()
            r = self.fresh()
            if op == "divide_safe":  # a / (1 + |b|)
                ab = self.fresh()
                self.emit(f"{ab} = stablehlo.abs {b} : {t}")
                one = self.fresh()
                self.emit(f"{one} = stablehlo.constant dense<1.0> : {t}")
                den = self.fresh()
                self.emit(f"{den} = stablehlo.add {ab}, {one} : {t}")
                self.emit(f"{r} = stablehlo.divide {a}, {den} : {t}")
                self.count += 3
            else:
                self.emit(f"{r} = stablehlo.{op} {a}, {b} : {t}")
                self.count += 1
        self.add_value(r)

    def dot(self):
        a, b = self.pick(), self.pick()
        r = self.fresh()
        self.emit(f"{r} = stablehlo.dot_general {a}, {b}, contracting_dims = "
                  f"[1] x [0] : ({self.t}, {self.t}) -> {self.t}")
        self.count += 1
        self.add_value(r)

    def transpose(self):
        a = self.pick()
        r = self.fresh()
        self.emit(f"{r} = stablehlo.transpose {a}, dims = [1, 0] : "
                  f"({self.t}) -> {self.t}")
        self.count += 1
        self.add_value(r)

    def reduce(self):
        a = self.pick()
        kind = self.rng.choice(["add", "maximum"])
        init = self.scalar_const("0.0" if kind == "add" else "0xFF800000")
        red = self.fresh()
        dim = self.rng.choice([0, 1])
        self.emit(f"{red} = stablehlo.reduce({a} init: {init}) applies "
                  f"stablehlo.{kind} across dimensions = [{dim}] : "
                  f"({self.t}, tensor<f32>) -> {self.row}")
        r = self.fresh()
        self.emit(f"{r} = stablehlo.broadcast_in_dim {red}, dims = [{1 - dim}]"
                  f" : ({self.row}) -> {self.t}")
        self.count += 2
        self.add_value(r)

    def region(self, params, n_ops):
        """A nested Gen over block arguments `params` with n_ops elementwise
        ops; returns (lines, result)."""
        sub = Gen(self.rng, 0, 4, self.indent + "  ")
        sub.t, sub.row = self.t, self.row
        sub.counter = self.counter
        for p in params:
            sub.add_value(p)
        for _ in range(n_ops):
            sub.elementwise()
        self.counter = sub.counter
        self.count += sub.count
        return sub.lines, sub.values[-1]

    def while_loop(self):
        a = self.pick()
        zero = self.scalar_const("0.0")
        r = self.fresh()
        i, x = f"%i{self.counter}", f"%x{self.counter}"
        self.emit(f"{r}:2 = stablehlo.while({i} = {zero}, {x} = {a}) : "
                  f"tensor<f32>, {self.t}")
        self.emit(" cond {")
        self.counter += 1
        lim, c = f"%v{self.counter}a", f"%v{self.counter}b"
        self.emit(f"  {lim} = stablehlo.constant dense<3.0> : tensor<f32>")
        self.emit(f"  {c} = stablehlo.compare LT, {i}, {lim}, FLOAT : "
                  f"(tensor<f32>, tensor<f32>) -> tensor<i1>")
        self.emit(f"  stablehlo.return {c} : tensor<i1>")
        self.emit("} do {")
        body, res = self.region([x], self.rng.randint(2, 6))
        self.lines += body
        self.counter += 1
        one, inc = f"%v{self.counter}a", f"%v{self.counter}b"
        self.emit(f"  {one} = stablehlo.constant dense<1.0> : tensor<f32>")
        self.emit(f"  {inc} = stablehlo.add {i}, {one} : tensor<f32>")
        self.emit(f"  stablehlo.return {inc}, {res} : tensor<f32>, {self.t}")
        self.emit("}")
        self.count += 1
        self.add_value(f"{r}#1")

    def conditional(self):
        a = self.pick()
        zero = self.scalar_const("0.0")
        s = self.fresh()
        red = self.fresh()
        self.emit(f"{red} = stablehlo.reduce({a} init: {zero}) applies "
                  f"stablehlo.add across dimensions = [0, 1] : "
                  f"({self.t}, tensor<f32>) -> tensor<f32>")
        self.emit(f"{s} = stablehlo.compare GT, {red}, {zero}, FLOAT : "
                  f"(tensor<f32>, tensor<f32>) -> tensor<i1>")
        r = self.fresh()
        self.emit(f"{r} = \"stablehlo.if\"({s}) ({{")
        then, tres = self.region([a], self.rng.randint(1, 4))
        self.lines += then
        self.emit(f"  stablehlo.return {tres} : {self.t}")
        self.emit("}, {")
        other, eres = self.region([a], self.rng.randint(1, 4))
        self.lines += other
        self.emit(f"  stablehlo.return {eres} : {self.t}")
        self.emit(f"}}) : (tensor<i1>) -> {self.t}")
        self.count += 3
        self.add_value(r)


def generate(ops, mix="default", seed=0, size=64, params=4):
    rng = random.Random(f"{mix}/{seed}/{size}")
    g = Gen(rng, size, WINDOWS.get(mix, 20))
    names = [f"%arg{i}" for i in range(params)]
    for n in names:
        g.add_value(n)
    weights = MIXES[mix]
    kinds = [g.elementwise, g.dot, g.transpose, g.reduce, g.while_loop,
             g.conditional]
    while g.count < ops:
        rng.choices(kinds, weights)[0]()
    results = [v for v in g.values if v in g.unused] or [g.values[-1]]
    t = g.t
    out = [f"// Generated by bench/compile/gen_module.py --ops {ops} --mix "
           f"{mix} --seed {seed} --size {size}: {g.count} ops",
           "func.func @main(" + ", ".join(f"{n}: {t}" for n in names) +
           ") -> (" + ", ".join([t] * len(results)) + ") {"]
    out += g.lines
    out.append("    return " + ", ".join(results) + " : " +
               ", ".join([t] * len(results)))
    out.append("}")
    return "\n".join(out) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ops", type=int, default=1000)
    p.add_argument("--mix", choices=sorted(MIXES), default="default")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--size", type=int, default=64)
    p.add_argument("-o", "--output", default="-")
    a = p.parse_args()
    text = generate(a.ops, a.mix, a.seed, a.size)
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
