"""compare.py EXPECTED.npy OUTPUT.txt RTOL: the values a C program printed
(one per line after a 'result N: M values' line) against an .npy file."""
import struct
import sys

sys.path.insert(0, sys.argv[4])
import npy  # utils/npy.py

_, _, expected = npy.read(sys.argv[1])
lines = open(sys.argv[2]).read().split("\n")
# %.9g identifies a float32: rounded back to float32, the values are exact.
values = [struct.unpack("<f", struct.pack("<f", float(v)))[0]
          for v in lines[1:] if v.strip()]
tolerance = float(sys.argv[3])
assert len(values) == len(expected), (len(values), len(expected))
for i, (got, want) in enumerate(zip(values, expected)):
    if abs(got - want) > tolerance * max(1.0, abs(want)):
        sys.exit(f"value {i}: {got} != {want}")
print(f"{len(values)} values match")
