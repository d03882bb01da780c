"""Writes hostile MLIR programs to stdout (too large to commit).

  gen_hostile.py nested-regions N   N scf.execute_region nested in @main
  gen_hostile.py nested-arrays N    an attribute of N nested arrays
  gen_hostile.py use-chain N        N hlo.add ops, each using the previous
  gen_hostile.py call-chain N       HLO text: N computations, each calling
                                    the next
"""
import sys


def nested_regions(n):
    out = ["func.func @main(%a: tensor<f32>) -> tensor<f32> {"]
    for i in range(n):
        out.append("%%r%d = scf.execute_region -> tensor<f32> {" % i)
    out.append("scf.yield %a : tensor<f32>")
    for i in range(n - 1, -1, -1):
        out.append("}")
        if i > 0:
            out.append("scf.yield %%r%d : tensor<f32>" % i)
    out.append("return %r0 : tensor<f32>")
    out.append("}")
    return out


def nested_arrays(n):
    return ["func.func @main() attributes {deep = %s0%s} {" % ("[" * n, "]" * n),
            "return", "}"]


def use_chain(n):
    out = ["func.func @main(%a: tensor<f32>) -> tensor<f32> {",
           "%v0 = hlo.add %a, %a : tensor<f32>"]
    for i in range(1, n):
        out.append("%%v%d = hlo.add %%v%d, %%v%d : tensor<f32>" % (i, i - 1, i - 1))
    out.append("return %%v%d : tensor<f32>" % (n - 1))
    out.append("}")
    return out


def call_chain(n):
    out = ["HloModule m", "", "c0 {", "  p = f32[] parameter(0)",
           "  ROOT r = f32[] add(p, p)", "}", ""]
    for i in range(1, n):
        out += ["c%d {" % i, "  p = f32[] parameter(0)",
                "  ROOT r = f32[] call(p), to_apply=c%d" % (i - 1), "}", ""]
    out += ["ENTRY main {", "  p = f32[] parameter(0)",
            "  ROOT r = f32[] call(p), to_apply=c%d" % (n - 1), "}"]
    return out


kind, n = sys.argv[1], int(sys.argv[2])
generate = {"nested-regions": nested_regions, "nested-arrays": nested_arrays,
            "use-chain": use_chain, "call-chain": call_chain}[kind]
sys.stdout.write("\n".join(generate(n)) + "\n")
