#!/usr/bin/env python3
"""Writes libFuzzer dictionaries for the harnesses of fuzz/ (scripts/fuzz.sh).

The words come from the project's own sources, so they follow the dialects:
op names of the hlo, chlo and check dialects (TableGen `def ...Op<"name"`),
spelled hlo.NAME and stablehlo.NAME; attribute and operand keywords (`:$name`
in the op definitions, and enum cases); XLA's opcodes and HLO text keywords
(HloTextOpcodes.def and the importer's attribute names); MLIR's own syntax
tokens. Usage: make_fuzz_dicts.py OUTDIR (writes mlir.dict, hlo-text.dict,
npy.dict)."""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

MLIR_TOKENS = [
    "func.func", "@main", "return", "module", "tensor<", ">", "->", ":", "%",
    "#", "!", "dense<", "dense_resource<", "array<i64:", "i1", "i8", "i16",
    "i32", "i64", "ui8", "ui32", "f16", "bf16", "f32", "f64", "f8E4M3FN",
    "f8E5M2", "complex<f32>", "index", "?x", "0x", "x", "{", "}", "(", ")",
    "[", "]", "<", ",", "=", "\"", "true", "false", "0", "1", "-1",
    "2147483648", "9223372036854775807", "1e309", "nan", "inf", "loc(",
    "attributes", "^bb0(", "//", "#hlo<", "#stablehlo<",
]
HLO_TEXT_TOKENS = [
    "HloModule", "ENTRY", "ROOT", "parameter(0)", "constant(", "f32[", "s32[",
    "pred[", "bf16[", "f16[", "u8[", "s64[", "]{0}", "]{1,0}", "(", ")", "{",
    "}", "[", "]", "=", ",", "%", "to_apply=", "calls=", "dimensions={",
    "slice={", "kind=", "metadata={", "sharding={", "backend_config=",
    "custom_call_target=", "window={", "size=", "stride=", "pad=",
    "lhs_contracting_dims={", "rhs_contracting_dims={", "lhs_batch_dims={",
    "rhs_batch_dims={", "direction=", "index_vector_dim=", "offset_dims={",
    "collapsed_slice_dims={", "start_index_map={", "slice_sizes={",
    "condition=", "body=", "T(", "S(", "/*index=", "0x", "true", "false",
    "2147483648", "-1", "nan", "inf",
]
NPY_TOKENS = [
    "\\x93NUMPY", "\\x01\\x00", "\\x02\\x00", "\\x03\\x00", "{'descr': '",
    "'fortran_order': False", "'fortran_order': True", "'shape': (", "), }",
    "<f4", "<f8", "<f2", "<i4", "<i8", "<u1", "|b1", "|u1", "|i1", "<c8",
    "<c16", ">f4", "<U1", "O", "2147483648", "9223372036854775807", ",)",
]


def quoted(word):
    # libFuzzer dictionary entries: "..." with \\ and \" escaped; \xNN kept.
    return '"' + word.replace('"', '\\"') + '"'


def op_names():
    names = set()
    for td in sorted((ROOT / "include/HloDialect/Dialect").rglob("*.td")):
        text = td.read_text()
        dialect = {"Hlo": "hlo", "Chlo": "chlo", "Check": "check"}.get(
            td.parent.parent.name, "hlo")
        for name in re.findall(r'def \w+\s*:\s*\w+<"([a-z0-9_.]+)"', text):
            names.add(f"{dialect}.{name}")
            if dialect == "hlo":
                names.add(f"stablehlo.{name}")
    return sorted(names)


def keywords():
    words = set()
    for td in sorted((ROOT / "include/HloDialect/Dialect").rglob("*.td")):
        text = td.read_text()
        words.update(re.findall(r":\$([A-Za-z_][A-Za-z0-9_]*)", text))
        # Enum cases: I32EnumAttrCase<"EQ", ...> and the like.
        words.update(re.findall(r'EnumAttrCase<\s*"([A-Za-z0-9_]+)"', text))
    return sorted(words)


def hlo_opcodes():
    text = (ROOT / "include/HloDialect/Import/HloTextOpcodes.def").read_text()
    return sorted(set(re.findall(r'HLO_TEXT_OPCODE\("([a-z0-9-]+)"', text)))


def write(path, words):
    seen = []
    for w in words:
        if w and w not in seen:
            seen.append(w)
    path.write_text("".join(quoted(w) + "\n" for w in seen))
    return len(seen)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = pathlib.Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    ops, keys = op_names(), keywords()
    n = write(out / "mlir.dict", MLIR_TOKENS + ops + keys)
    m = write(out / "hlo-text.dict", HLO_TEXT_TOKENS + hlo_opcodes() +
              [k + "=" for k in keys])
    k = write(out / "npy.dict", NPY_TOKENS)
    print(f"mlir.dict: {n} words, hlo-text.dict: {m}, npy.dict: {k}")


if __name__ == "__main__":
    main()
